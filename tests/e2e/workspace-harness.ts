import type { Page } from "@playwright/test";
import { fixtureBytes, installDiskHarness } from "./disk-harness";

/**
 * A real folder for the workspace's browser tests: a folder of the Origin Private File System
 * (real FileSystemDirectoryHandles), handed out by `window.showDirectoryPicker`, which the
 * notepad's Open folder… calls as it would the system's picker. The permission is granted
 * unless `sessionStorage.__permission` says "prompt" (a restart), until a click asks.
 */

/** The fixture folder's name in the origin-private file system. */
export const WORKSPACE_FOLDER = "Workspace";

/** The fixture folder: a subfolder, an ignored file, a hidden file, legacy encodings. */
export function workspaceFixture(): Record<string, number[]> {
  const text = (value: string) => Array.from(Buffer.from(value, "utf8"));
  return {
    ".gitignore": text("*.log\n"),
    ".hidden-notes.txt": text("hidden"),
    "debug.log": text("noise"),
    "b-notes.txt": text("Notes in UTF-8: naïve\n"),
    "a-readme.md": text("# Readme\n"),
    "Windows.txt": Array.from(fixtureBytes("windows-1252.txt")),
    "utf16.txt": Array.from(fixtureBytes("utf16le.txt")),
    "src/main.ts": text("export const main = 1;\n"),
    "src/deep/quick-target.ts": text("line one\nline two\n"),
    "docs/guide-10.md": text("ten\n"),
    "docs/guide-2.md": text("two\n"),
  };
}

/**
 * Installs the disk harness and a folder picker answering with the fixture folder (written
 * on the first call, so a reload keeps what the test changed).
 */
export async function installWorkspaceHarness(page: Page): Promise<void> {
  await installDiskHarness(page);
  await page.addInitScript(
    ({ folderName, files }) => {
      const w = window as unknown as Record<string, unknown>;
      // The permission to the folder, kept across reloads: "prompt" after a restart.
      const proto = FileSystemHandle.prototype as unknown as Record<string, unknown>;
      proto.queryPermission = async () => sessionStorage.getItem("__permission") ?? "granted";
      proto.requestPermission = async () => {
        (w.__diskLog as { permissionRequests: boolean[] }).permissionRequests.push(
          navigator.userActivation.isActive,
        );
        sessionStorage.setItem("__permission", "granted");
        return "granted";
      };
      w.__folderPicks = 0;
      w.showDirectoryPicker = async () => {
        w.__folderPicks = (w.__folderPicks as number) + 1;
        const root = await navigator.storage.getDirectory();
        return root.getDirectoryHandle(folderName);
      };
      w.__writeWorkspaceFixture = async () => {
        const root = await navigator.storage.getDirectory();
        await root.removeEntry(folderName, { recursive: true }).catch(() => undefined);
        const folder = await root.getDirectoryHandle(folderName, { create: true });
        for (const [path, data] of Object.entries(files)) {
          const names = path.split("/");
          let dir = folder;
          for (const name of names.slice(0, -1))
            dir = await dir.getDirectoryHandle(name, { create: true });
          const handle = await dir.getFileHandle(names[names.length - 1], { create: true });
          const writable = await handle.createWritable();
          await writable.write(new Uint8Array(data));
          await writable.close();
        }
      };
    },
    { folderName: WORKSPACE_FOLDER, files: workspaceFixture() },
  );
}

/** Writes the fixture folder afresh (call once the page is open). */
export async function writeWorkspaceFixture(page: Page): Promise<void> {
  await page.evaluate(() =>
    (window as unknown as { __writeWorkspaceFixture(): Promise<void> }).__writeWorkspaceFixture(),
  );
}

/** The bytes of a file of the fixture folder . */
export async function workspaceFileBytes(page: Page, path: string): Promise<Buffer> {
  const data = await page.evaluate(
    async ({ folderName, path }) => {
      try {
        let dir = await (await navigator.storage.getDirectory()).getDirectoryHandle(folderName);
        const names = path.split("/");
        for (const name of names.slice(0, -1)) dir = await dir.getDirectoryHandle(name);
        const file = await (await dir.getFileHandle(names[names.length - 1])).getFile();
        return Array.from(new Uint8Array(await file.arrayBuffer()));
      } catch (error) {
        return String(error);
      }
    },
    { folderName: WORKSPACE_FOLDER, path },
  );
  if (typeof data === "string") throw new Error(data);
  return Buffer.from(data);
}

/** Writes `files` as the fixture folder, afresh (call once the page is open). */
export async function writeWorkspaceFiles(
  page: Page,
  files: readonly { path: string; bytes: number[] }[],
): Promise<void> {
  await page.evaluate(
    async ({ folderName, files }) => {
      const root = await navigator.storage.getDirectory();
      await root.removeEntry(folderName, { recursive: true }).catch(() => undefined);
      const folder = await root.getDirectoryHandle(folderName, { create: true });
      await Promise.all(
        files.map(async ({ path, bytes }) => {
          const names = path.split("/");
          let dir = folder;
          for (const name of names.slice(0, -1)) {
            dir = await dir.getDirectoryHandle(name, { create: true });
          }
          const handle = await dir.getFileHandle(names[names.length - 1], { create: true });
          const writable = await handle.createWritable();
          await writable.write(new Uint8Array(bytes));
          await writable.close();
        }),
      );
    },
    { folderName: WORKSPACE_FOLDER, files },
  );
}
