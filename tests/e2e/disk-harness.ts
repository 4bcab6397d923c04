import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";

/**
 * Real files for browser tests without native dialogs. Chromium's origin-private file system
 * (`navigator.storage.getDirectory()`) gives real FileSystemFileHandles; the pickers are
 * replaced by functions returning handles to files a test put there, and the permission calls
 * by ones a test controls (headless Chromium has no permission prompt to answer).
 */

/** Options of the harness for one page load. */
export interface DiskHarnessOptions {
  /** What queryPermission answers until requestPermission is called ("granted" by default). */
  permission?: "granted" | "prompt";
  /** What requestPermission answers. */
  requestAnswer?: "granted" | "denied";
  /** Remove the File System Access API, as Firefox and Safari have it. */
  hideApi?: boolean;
}

/** Installs the harness before any page script runs (call before `page.goto`). */
export async function installDiskHarness(page: Page, options: DiskHarnessOptions = {}) {
  await page.addInitScript((opts: DiskHarnessOptions) => {
    const w = window as unknown as Record<string, unknown>;
    if (opts.hideApi) {
      for (const name of ["showOpenFilePicker", "showSaveFilePicker", "showDirectoryPicker"]) {
        delete (Window.prototype as unknown as Record<string, unknown>)[name];
        delete w[name];
      }
      return;
    }
    const log = {
      openPicks: 0,
      savePicks: [] as string[],
      permissionRequests: [] as boolean[],
    };
    w.__diskLog = log;
    w.__nextOpen = [] as string[];
    w.__nextSave = null as string | null;
    let permission: PermissionState = opts.permission ?? "granted";
    const proto = FileSystemHandle.prototype as unknown as Record<string, unknown>;
    proto.queryPermission = async () => permission;
    proto.requestPermission = async () => {
      log.permissionRequests.push(navigator.userActivation.isActive);
      permission = opts.requestAnswer ?? "granted";
      return permission;
    };
    w.showOpenFilePicker = async () => {
      log.openPicks += 1;
      const names = w.__nextOpen as string[];
      w.__nextOpen = [];
      if (!names.length) throw new DOMException("The user aborted a request.", "AbortError");
      const root = await navigator.storage.getDirectory();
      return Promise.all(names.map((name) => root.getFileHandle(name)));
    };
    w.showSaveFilePicker = async (options: { suggestedName?: string }) => {
      log.savePicks.push(options?.suggestedName ?? "");
      const name = w.__nextSave as string | null;
      w.__nextSave = null;
      if (!name) throw new DOMException("The user aborted a request.", "AbortError");
      const root = await navigator.storage.getDirectory();
      return root.getFileHandle(name, { create: true });
    };
    // The folder picker: a folder of that name in the origin-private file system.
    w.showDirectoryPicker = async () => {
      const root = await navigator.storage.getDirectory();
      return root.getDirectoryHandle("Backups", { create: true });
    };
  }, options);
}

/** The files in the origin-private folder the folder picker hands out, as text. */
export async function folderFiles(page: Page): Promise<Record<string, string>> {
  return page.evaluate(async () => {
    const root = await navigator.storage.getDirectory();
    const files: Record<string, string> = {};
    try {
      const folder = await root.getDirectoryHandle("Backups");
      for await (const [name, handle] of folder as unknown as AsyncIterable<
        [string, FileSystemFileHandle]
      >) {
        files[name] = await (await handle.getFile()).text();
      }
    } catch {
      // No folder: no files.
    }
    return files;
  });
}

/** Removes the picker's folder, as a person deleting it on disk would. */
export async function deleteFolder(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const root = await navigator.storage.getDirectory();
    await root.removeEntry("Backups", { recursive: true });
  });
}

/** The bytes of a fixture in tests/fixtures/encodings. */
export function fixtureBytes(name: string): Buffer {
  return readFileSync(fileURLToPath(new URL(`../fixtures/encodings/${name}`, import.meta.url)));
}

/** Writes a file into the origin-private file system (as another program would on disk). */
export async function putDiskFile(page: Page, name: string, bytes: Buffer | string) {
  const data = Array.from(typeof bytes === "string" ? Buffer.from(bytes, "utf8") : bytes);
  await page.evaluate(
    async ({ name, data }) => {
      const root = await navigator.storage.getDirectory();
      const handle = await root.getFileHandle(name, { create: true });
      const writable = await handle.createWritable();
      await writable.write(new Uint8Array(data));
      await writable.close();
    },
    { name, data },
  );
}

/** The bytes of a file in the origin-private file system (null when it does not exist). */
export async function diskFileBytes(page: Page, name: string): Promise<Buffer | null> {
  const data = await page.evaluate(async (name) => {
    const root = await navigator.storage.getDirectory();
    try {
      const file = await (await root.getFileHandle(name)).getFile();
      return Array.from(new Uint8Array(await file.arrayBuffer()));
    } catch {
      return null;
    }
  }, name);
  return data ? Buffer.from(data) : null;
}

/** Deletes a file from the origin-private file system (moved or deleted on disk). */
export async function deleteDiskFile(page: Page, name: string) {
  await page.evaluate(async (name) => {
    const root = await navigator.storage.getDirectory();
    await root.removeEntry(name);
  }, name);
}

/** The next open dialog returns these files; the next save dialog returns `saveAs`. */
export async function queuePicks(page: Page, picks: { open?: string[]; saveAs?: string }) {
  await page.evaluate((picks) => {
    const w = window as unknown as Record<string, unknown>;
    if (picks.open) w.__nextOpen = picks.open;
    if (picks.saveAs) w.__nextSave = picks.saveAs;
  }, picks);
}

/** What the pickers and permission calls saw. */
export function diskLog(page: Page) {
  return page.evaluate(
    () =>
      (window as unknown as Record<string, unknown>).__diskLog as {
        openPicks: number;
        savePicks: string[];
        permissionRequests: boolean[];
      },
  );
}
