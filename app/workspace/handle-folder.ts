import {
  type FileSnapshot,
  type FileStamp,
  type FolderEntry,
  FolderError,
  type FolderFailure,
  joinPath,
  type WorkspaceFolder,
} from "./workspace-folder";

/**
 * A folder picked with the File System Access API (`showDirectoryPicker`) or taken from the
 * Origin Private File System (`navigator.storage.getDirectory()`): both are
 * FileSystemDirectoryHandles, read and written in place. Only the parts used are declared, so
 * a test can hand it a stand-in.
 */

/** The parts of a FileSystemFileHandle used here. */
export interface FileHandleLike {
  readonly kind: "file";
  readonly name: string;
  getFile(): Promise<{ size: number; lastModified: number; arrayBuffer(): Promise<ArrayBuffer> }>;
  createWritable(): Promise<{
    write(data: Uint8Array<ArrayBuffer>): Promise<void>;
    close(): Promise<void>;
    abort(): Promise<void>;
  }>;
}

/** The parts of a FileSystemDirectoryHandle used here. */
export interface DirectoryHandleLike {
  readonly kind: "directory";
  readonly name: string;
  values(): AsyncIterable<FileHandleLike | DirectoryHandleLike>;
  getDirectoryHandle(name: string): Promise<DirectoryHandleLike>;
  getFileHandle(name: string, options?: { create?: boolean }): Promise<FileHandleLike>;
  /** The names leading from this folder to `handle`; null when it is not inside. */
  resolve?(handle: unknown): Promise<string[] | null>;
}

/** The failure a DOMException of the File System Access API means (null: not one of ours). */
function failureOf(error: unknown): FolderFailure | null {
  const name = error instanceof Error || error instanceof DOMException ? error.name : "";
  if (name === "NotFoundError" || name === "TypeMismatchError") return "not-found";
  if (name === "NotAllowedError" || name === "SecurityError") return "not-allowed";
  if (name === "QuotaExceededError") return "no-space";
  return null;
}

/** Runs `work`, turning the API's errors into FolderErrors that carry their message. */
async function named<T>(path: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const failure = failureOf(error);
    throw failure ? new FolderError(failure, path) : error;
  }
}

export class HandleFolder implements WorkspaceFolder {
  readonly writable = true;

  /** `root`: the folder's handle, which find in files hands to its worker. */
  constructor(readonly root: DirectoryHandleLike) {}

  get name(): string {
    return this.root.name;
  }

  private async directory(path: string): Promise<DirectoryHandleLike> {
    let handle = this.root;
    if (path === "") return handle;
    for (const name of path.split("/")) handle = await handle.getDirectoryHandle(name);
    return handle;
  }

  private async file(path: string, create = false): Promise<FileHandleLike> {
    const slash = path.lastIndexOf("/");
    const folder = await this.directory(slash === -1 ? "" : path.slice(0, slash));
    return folder.getFileHandle(path.slice(slash + 1), { create });
  }

  /** The file's own handle (a tab bound to it saves in place). */
  fileHandle(path: string): Promise<FileSystemFileHandle> {
    return named(path, async () => (await this.file(path)) as unknown as FileSystemFileHandle);
  }

  /** The path of a file handle inside the folder (null: not in it, or not known). */
  async pathOf(handle: FileSystemFileHandle): Promise<string | null> {
    const names = await this.root.resolve?.(handle).catch(() => null);
    return names && names.length > 0 ? names.join("/") : null;
  }

  list(path: string): Promise<FolderEntry[]> {
    return named(path, async () => {
      const entries: FolderEntry[] = [];
      for await (const handle of (await this.directory(path)).values()) {
        entries.push({
          name: handle.name,
          path: joinPath(path, handle.name),
          kind: handle.kind === "directory" ? "folder" : "file",
        });
      }
      return entries;
    });
  }

  stat(path: string): Promise<FileStamp> {
    return named(path, async () => {
      const { size, lastModified } = await (await this.file(path)).getFile();
      return { size, lastModified };
    });
  }

  read(path: string): Promise<FileSnapshot> {
    return named(path, async () => {
      const file = await (await this.file(path)).getFile();
      const bytes = new Uint8Array(await file.arrayBuffer());
      return { bytes, size: file.size, lastModified: file.lastModified };
    });
  }

  readUpTo(path: string, maxBytes: number): Promise<FileSnapshot | "too-large"> {
    return named(path, async () => {
      const file = await (await this.file(path)).getFile();
      if (file.size > maxBytes) return "too-large";
      const bytes = new Uint8Array(await file.arrayBuffer());
      return { bytes, size: file.size, lastModified: file.lastModified };
    });
  }

  write(path: string, bytes: Uint8Array): Promise<FileStamp> {
    return named(path, async () => {
      const handle = await this.file(path, true);
      const writable = await handle.createWritable();
      try {
        // The browser writes to a copy and swaps it in on close: an abort leaves the file whole.
        await writable.write(bytes.slice());
        await writable.close();
      } catch (error) {
        await writable.abort().catch(() => undefined);
        throw error;
      }
      const { size, lastModified } = await handle.getFile();
      return { size, lastModified };
    });
  }
}

/**
 * The workspace folder of a picked (or OPFS) directory handle. Browsers that have the handles
 * iterate them (`values()`), but the project's TypeScript DOM library does not declare that
 * (it is in DOM.AsyncIterable), hence the cast.
 */
export function folderOfHandle(handle: FileSystemDirectoryHandle): HandleFolder {
  return new HandleFolder(handle as unknown as DirectoryHandleLike);
}
