import { fileOpenModern, fileSaveModern, type FileWithHandle } from "browser-fs-access";
import type { DiskFileLink, DocumentFileFormat } from "./document-records";
import { prepareEncoder } from "~/text/legacy-encodings";
import { type LocalTextFile, type ReadFileOptions, readLocalTextFile } from "./local-files";
import { trackWork } from "./pending-work";

/**
 * Files on the user's computer through the File System Access API (Chromium, Edge, Opera):
 * pick files to open with their handles, write back into a file, pick where to save. Where the
 * API is missing (Firefox, Safari, phones) opening uses a classic file input and the callers
 * download instead of writing. GoogleChromeLabs' browser-fs-access does the picking and writing
 * in both worlds; this module adds what it leaves to the app: permission, noticing a file
 * changed on disk, and errors a user can act on. Browser only.
 */

/** The File System Access API's permission calls (Chromium; not in TypeScript's DOM types yet). */
interface PermissionedHandle {
  queryPermission?(descriptor: { mode: "read" | "readwrite" }): Promise<PermissionState>;
  requestPermission?(descriptor: { mode: "read" | "readwrite" }): Promise<PermissionState>;
}

/** True where Plainpad can write into files on this computer (the File System Access API). */
export function canWriteFiles(): boolean {
  return (
    typeof window !== "undefined" &&
    "showOpenFilePicker" in window &&
    "showSaveFilePicker" in window
  );
}

/** Why a file on disk could not be written. */
export type DiskFileFailure =
  "permission-denied" | "not-found" | "no-space" | "changed-on-disk" | "no-user-gesture" | "failed";

/** A write to (or read from) a file on this computer failed; `reason` says why. */
export class DiskFileError extends Error {
  constructor(
    readonly fileName: string,
    readonly reason: DiskFileFailure,
    readonly cause?: unknown,
  ) {
    super(`${fileName}: ${reason}`);
    this.name = "DiskFileError";
  }
}

/** A picked or dropped file, with its handle where the browser gives one. */
export interface PickedFile {
  file: File;
  handle: FileSystemFileHandle | null;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

/**
 * True when the native picker was refused because something drives the browser and asked to
 * handle file choosers itself (DevTools' Page.setInterceptFileChooserDialog, used by Playwright
 * and Puppeteer). Such a client only sees classic file inputs, so the input is used instead.
 * A user's own cancel is an AbortError too, but without this wording.
 */
function isInterceptedPicker(error: unknown): boolean {
  return isAbort(error) && /intercept/i.test((error as DOMException).message);
}

/** Options of `pickFiles`. */
export interface PickFilesOptions {
  multiple: boolean;
  /** Extensions offered, with the dot (".txt"). */
  extensions: readonly string[];
  description: string;
}

/**
 * Shows the system's open dialog. With the File System Access API each file comes with its
 * handle (so Save can write back); otherwise through a file input, without handles. Resolves
 * with no files when the user cancels. Call it straight from the click: the browser allows a
 * picker only during a user gesture.
 *
 * The input is made here rather than by browser-fs-access's fallback, whose `accept` list
 * starts with a stray comma when no MIME types are given; the spec's list is exact.
 */
export async function pickFiles(options: PickFilesOptions): Promise<PickedFile[]> {
  const openOptions = {
    multiple: options.multiple,
    extensions: [...options.extensions],
    description: options.description,
    // One remembered folder for Plainpad's open and save dialogs.
    id: "plainpad",
  };
  const toPicked = (files: FileWithHandle | FileWithHandle[]): PickedFile[] =>
    (Array.isArray(files) ? files : [files]).map((file) => ({
      file,
      handle: file.handle ?? null,
    }));
  try {
    if (canWriteFiles()) {
      try {
        return toPicked(await fileOpenModern(openOptions));
      } catch (error) {
        if (!isInterceptedPicker(error)) throw error;
      }
    }
    return toPicked(await pickWithInput(options));
  } catch (error) {
    if (isAbort(error)) return [];
    throw error;
  }
}

/** The classic file input's dialog; no files when the user cancels. */
function pickWithInput(options: PickFilesOptions): Promise<File[]> {
  return pickWithFileInput((input) => {
    input.multiple = options.multiple;
    input.accept = options.extensions.join(",");
  });
}

/**
 * A hidden `<input type=file>`, set up by `configure` (several files, a folder's files with
 * `webkitdirectory`…), clicked: resolves with what was chosen, none when the dialog was cancelled.
 */
export function pickWithFileInput(configure: (input: HTMLInputElement) => void): Promise<File[]> {
  return new Promise((resolve) => {
    const input = document.createElement("input");
    input.type = "file";
    configure(input);
    input.style.display = "none";
    const finish = (files: File[]) => {
      input.remove();
      resolve(files);
    };
    input.addEventListener("change", () => finish(Array.from(input.files ?? [])));
    input.addEventListener("cancel", () => finish([]));
    document.body.append(input);
    input.click();
  });
}

/**
 * The files of a drop with their handles. The handles must be asked for during the drop event
 * itself (the browser forgets the dragged items once the handler returns), so call this from
 * the handler; the promise may be awaited later. A file the browser gives no handle for comes
 * with null (it is opened, but Save downloads it).
 */
export function droppedFiles(dataTransfer: DataTransfer): Promise<PickedFile[]> {
  const files = Array.from(dataTransfer.files);
  const items = Array.from(dataTransfer.items).filter((item) => item.kind === "file");
  const handles = items.map((item) => {
    const withHandle = item as DataTransferItem & {
      getAsFileSystemHandle?: () => Promise<FileSystemHandle | null>;
    };
    if (typeof withHandle.getAsFileSystemHandle !== "function") return Promise.resolve(null);
    return withHandle
      .getAsFileSystemHandle()
      .then((handle) => (handle?.kind === "file" ? (handle as FileSystemFileHandle) : null))
      .catch(() => null);
  });
  return Promise.all(handles).then((found) =>
    files.map((file, index) => ({
      file,
      // Items and files list the same files in the same order; a count mismatch (a browser
      // quirk) gives no handles rather than wrong ones.
      handle: found.length === files.length ? found[index] : null,
    })),
  );
}

/** Files the operating system handed to the installed app ("Open with Plainpad"). */
export interface LaunchedFiles {
  picked: PickedFile[];
  /** Names of handles whose file could not be read (moved, or permission withdrawn). */
  unreadable: string[];
}

/**
 * The files of a `launchQueue` launch (the manifest's `file_handlers`), with their handles so
 * Save writes back into them.
 */
export async function launchedFiles(handles: readonly FileSystemHandle[]): Promise<LaunchedFiles> {
  const result: LaunchedFiles = { picked: [], unreadable: [] };
  for (const handle of handles) {
    if (handle.kind !== "file") continue;
    const fileHandle = handle as FileSystemFileHandle;
    try {
      result.picked.push({ file: await fileHandle.getFile(), handle: fileHandle });
    } catch {
      result.unreadable.push(fileHandle.name);
    }
  }
  return result;
}

/** A picked or dropped file read as text, with the format (and file link) to keep with it. */
export interface OpenedFile extends LocalTextFile {
  format: DocumentFileFormat;
}

/**
 * Reads a picked or dropped file (see `readLocalTextFile`: streamed, with progress and cancel;
 * refuses binaries and files over the limit with FileRejectedError) and the format to keep with
 * its document: its encoding, line ending and, when the browser gave a handle, the link Save
 * writes through. A file in a legacy encoding (Shift_JIS, GBK, KOI8-R…) starts its encoder
 * loading, so it is there by the first Save or Download (which wait for it otherwise).
 */
export async function readPickedFile(
  { file, handle }: PickedFile,
  options: ReadFileOptions = {},
): Promise<OpenedFile> {
  const read = await readLocalTextFile(file, options);
  // A failed load (offline) is told by the save that needs it, which tries again.
  void prepareEncoder(read.encoding).catch(() => undefined);
  return {
    ...read,
    format: {
      encoding: read.encoding,
      lineEnding: read.lineEnding,
      disk: handle ? diskLinkOf(handle, file) : null,
    },
  };
}

/** The link to keep with a document read from `handle` (or just written), as the file is now. */
export function diskLinkOf(handle: FileSystemFileHandle, file: File): DiskFileLink {
  return { handle, lastModified: file.lastModified, size: file.size };
}

/**
 * True when Plainpad may write into the file; asks the user when the browser wants it to
 * (after a reload, the first save asks again). Call from the click: the browser shows its
 * permission prompt only during a user gesture.
 */
export async function ensureWritePermission(handle: FileSystemFileHandle): Promise<boolean> {
  const permissioned = handle as FileSystemFileHandle & PermissionedHandle;
  const descriptor = { mode: "readwrite" } as const;
  try {
    if ((await permissioned.queryPermission?.(descriptor)) === "granted") return true;
    if (!permissioned.requestPermission) return true;
    return (await permissioned.requestPermission(descriptor)) === "granted";
  } catch (error) {
    // Asked outside a user gesture (a save that was not started by a click or key).
    if (error instanceof DOMException && error.name === "SecurityError") {
      throw new DiskFileError(handle.name, "no-user-gesture", error);
    }
    return false;
  }
}

/** What the file on disk looks like now compared with what Plainpad last read or wrote. */
export interface DiskFileState {
  file: File;
  /** True when another program (or another window) wrote the file since. */
  changed: boolean;
}

/** Reads the file's current state. Rejects with DiskFileError "not-found" when it is gone. */
export async function diskFileState(link: DiskFileLink): Promise<DiskFileState> {
  let file: File;
  try {
    file = await link.handle.getFile();
  } catch (error) {
    throw diskError(link.handle.name, error);
  }
  return {
    file,
    changed: file.lastModified !== link.lastModified || file.size !== link.size,
  };
}

/**
 * Replaces the file's contents with `bytes` and returns the link as the file now is. The
 * browser writes to a temporary file and swaps it in on close, so a failed write leaves the old
 * contents whole. Rejects with DiskFileError (permission, gone, disk full, other).
 */
export function writeDiskFile(
  handle: FileSystemFileHandle,
  bytes: Uint8Array<ArrayBuffer>,
): Promise<DiskFileLink> {
  // Tracked: the page does not reload itself (for an update) while a file is being written.
  return trackWork(
    (async () => {
      try {
        await fileSaveModern(new Blob([bytes]), { fileName: handle.name }, handle, true);
        return diskLinkOf(handle, await handle.getFile());
      } catch (error) {
        throw diskError(handle.name, error);
      }
    })(),
  );
}

/** Options of `pickSaveLocation`. */
export interface PickSaveOptions {
  suggestedName: string;
  extensions: readonly string[];
  description: string;
  mimeType: string;
}

/**
 * Shows the system's save dialog and returns the chosen file's handle: null when the user
 * cancelled, "unavailable" where there is no save dialog to show (no File System Access API,
 * or the browser is driven by a tool that intercepts pickers); then the caller downloads.
 * Rejects with DiskFileError "no-user-gesture" when not called from a click or key.
 */
export async function pickSaveLocation(
  options: PickSaveOptions,
): Promise<FileSystemFileHandle | null | "unavailable"> {
  if (!canWriteFiles()) return "unavailable";
  const pickers = window as unknown as {
    showSaveFilePicker(options: {
      suggestedName: string;
      id: string;
      types: { description: string; accept: Record<string, string[]> }[];
    }): Promise<FileSystemFileHandle>;
  };
  try {
    return await pickers.showSaveFilePicker({
      suggestedName: options.suggestedName,
      id: "plainpad",
      types: [
        {
          description: options.description,
          accept: { [options.mimeType]: [...options.extensions] },
        },
      ],
    });
  } catch (error) {
    if (isInterceptedPicker(error)) return "unavailable";
    if (isAbort(error)) return null;
    throw diskError(options.suggestedName, error);
  }
}

/** Maps the browser's error to what went wrong, in the user's terms. */
function diskError(fileName: string, error: unknown): DiskFileError {
  if (error instanceof DiskFileError) return error;
  const name = error instanceof DOMException || error instanceof Error ? error.name : "";
  switch (name) {
    case "NotFoundError":
      return new DiskFileError(fileName, "not-found", error);
    case "NotAllowedError":
      return new DiskFileError(fileName, "permission-denied", error);
    case "SecurityError":
      return new DiskFileError(fileName, "no-user-gesture", error);
    case "QuotaExceededError":
      return new DiskFileError(fileName, "no-space", error);
    default:
      return new DiskFileError(fileName, "failed", error);
  }
}
