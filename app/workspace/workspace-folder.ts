/**
 * An opened folder as the workspace sees it (issue 52): list a folder's entries when asked
 * (lazily: a tree shows one level at a time), read a file's bytes with its size and time, and
 * write bytes back where the browser lets us. Three kinds: a folder picked with the File System
 * Access API (or the Origin Private File System: the same handles), the files of a directory
 * input (read only: Firefox and Safari), and one in memory for tests and benches.
 * Paths are relative to the folder, "/" between names, "" for the folder itself.
 */

/** One entry of a folder. */
export interface FolderEntry {
  name: string;
  /** Its path from the opened folder ("notes/today.txt"). */
  path: string;
  kind: "file" | "folder";
}

/** A file's bytes and what says whether it changed since. */
export interface FileSnapshot {
  bytes: Uint8Array;
  size: number;
  /** Last modification, in ms since the epoch. */
  lastModified: number;
}

/** A file's size and time without its bytes. */
export interface FileStamp {
  size: number;
  lastModified: number;
}

/** Why a folder operation failed, each with its own message for the person. */
export type FolderFailure = "not-found" | "read-only" | "not-allowed" | "no-space";

export class FolderError extends Error {
  constructor(
    readonly failure: FolderFailure,
    readonly path: string,
  ) {
    super(folderFailureMessage(failure, path));
    this.name = "FolderError";
  }
}

/** The words a person reads when a folder operation fails. */
export function folderFailureMessage(failure: FolderFailure, path: string): string {
  switch (failure) {
    case "not-found":
      return `"${path}" is no longer in the folder: it may have been moved or deleted by another program.`;
    case "read-only":
      return `This browser cannot write to folders, so "${path}" was not changed. Save downloads a copy instead.`;
    case "not-allowed":
      return `Plainpad is not allowed to use "${path}": the permission was not given or was withdrawn. Open the folder again to allow it.`;
    case "no-space":
      return `"${path}" could not be written: the disk is full. Nothing was lost; free some space and try again.`;
  }
}

/** An opened folder. */
export interface WorkspaceFolder {
  /** The folder's own name, as the tree's root shows it. */
  readonly name: string;
  /** False for a folder read through a directory input: it cannot be written. */
  readonly writable: boolean;
  /** The entries of the folder at `path` ("" for the root), unsorted. */
  list(path: string): Promise<FolderEntry[]>;
  /** A file's size and time (cheap: no bytes read). */
  stat(path: string): Promise<FileStamp>;
  /** A file's bytes with its size and time. */
  read(path: string): Promise<FileSnapshot>;
  /**
   * `read` for a file of at most `maxBytes`, else "too-large" without reading its bytes: one
   * look-up of the file where each costs a call to the browser (a folder of handles), instead
   * of `stat` then `read`. Optional: find in files uses `stat` and `read` without it.
   */
  readUpTo?(path: string, maxBytes: number): Promise<FileSnapshot | "too-large">;
  /** Replaces a file's bytes (creating it when missing); resolves with its new size and time. */
  write(path: string, bytes: Uint8Array): Promise<FileStamp>;
}

export function joinPath(folder: string, name: string): string {
  return folder === "" ? name : `${folder}/${name}`;
}

/**
 * Every file path under `path`, folder by folder (breadth first), skipping what `skip` says
 * (called for folders and files alike; a skipped folder is not listed at all).
 */
export async function* walkFiles(
  folder: WorkspaceFolder,
  skip: (path: string, isFolder: boolean) => boolean = () => false,
  path = "",
): AsyncGenerator<string> {
  const pending = [path];
  while (pending.length > 0) {
    const current = pending.shift()!;
    const entries = await folder.list(current);
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (skip(entry.path, entry.kind === "folder")) continue;
      if (entry.kind === "folder") pending.push(entry.path);
      else yield entry.path;
    }
  }
}

/** A folder held in memory: for tests and benches, and the model the others follow. */
export class MemoryFolder implements WorkspaceFolder {
  readonly writable = true;
  private readonly files = new Map<string, FileSnapshot>();
  private clock = 1_700_000_000_000;

  constructor(
    readonly name = "folder",
    files: Record<string, Uint8Array> = {},
  ) {
    for (const [path, bytes] of Object.entries(files)) this.put(path, bytes);
  }

  /** Sets a file's bytes as another program would (a new time, every call). */
  put(path: string, bytes: Uint8Array): FileStamp {
    const stamp = { size: bytes.byteLength, lastModified: this.clock++ };
    this.files.set(path, { bytes: bytes.slice(), ...stamp });
    return stamp;
  }

  remove(path: string): void {
    this.files.delete(path);
  }

  async list(path: string): Promise<FolderEntry[]> {
    const prefix = path === "" ? "" : `${path}/`;
    const seen = new Map<string, FolderEntry>();
    for (const filePath of this.files.keys()) {
      if (!filePath.startsWith(prefix)) continue;
      const rest = filePath.slice(prefix.length);
      const slash = rest.indexOf("/");
      const name = slash === -1 ? rest : rest.slice(0, slash);
      if (!seen.has(name)) {
        seen.set(name, {
          name,
          path: prefix + name,
          kind: slash === -1 ? "file" : "folder",
        });
      }
    }
    if (seen.size === 0 && path !== "") throw new FolderError("not-found", path);
    return [...seen.values()];
  }

  async stat(path: string): Promise<FileStamp> {
    const { size, lastModified } = await this.read(path);
    return { size, lastModified };
  }

  async read(path: string): Promise<FileSnapshot> {
    const file = this.files.get(path);
    if (!file) throw new FolderError("not-found", path);
    return { ...file, bytes: file.bytes.slice() };
  }

  async write(path: string, bytes: Uint8Array): Promise<FileStamp> {
    return this.put(path, bytes);
  }
}

/** A file of a directory input: `webkitRelativePath` starts with the picked folder's name. */
export interface PickedFolderFile {
  readonly webkitRelativePath: string;
  readonly size: number;
  readonly lastModified: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/**
 * The files of `<input type="file" webkitdirectory>` (a FileList): every browser gives them,
 * none lets a page write them back. Listing is from the paths the browser gave.
 */
export class FileListFolder implements WorkspaceFolder {
  readonly writable = false;
  readonly name: string;
  private readonly inner: MemoryFolder;
  private readonly files = new Map<string, PickedFolderFile>();

  constructor(files: ArrayLike<PickedFolderFile>) {
    const list = Array.from(files);
    this.name = list[0]?.webkitRelativePath.split("/")[0] ?? "folder";
    // The listing is the in-memory folder's, over empty placeholders.
    this.inner = new MemoryFolder(this.name);
    for (const file of list) {
      const path = file.webkitRelativePath.split("/").slice(1).join("/");
      this.files.set(path, file);
      this.inner.put(path, new Uint8Array(0));
    }
  }

  /** The input's files, as find in files hands them to its worker. */
  pickedFiles(): PickedFolderFile[] {
    return [...this.files.values()];
  }

  list(path: string): Promise<FolderEntry[]> {
    return this.inner.list(path);
  }

  async stat(path: string): Promise<FileStamp> {
    const file = this.files.get(path);
    if (!file) throw new FolderError("not-found", path);
    return { size: file.size, lastModified: file.lastModified };
  }

  async read(path: string): Promise<FileSnapshot> {
    const file = this.files.get(path);
    if (!file) throw new FolderError("not-found", path);
    const bytes = new Uint8Array(await file.arrayBuffer());
    return { bytes, size: file.size, lastModified: file.lastModified };
  }

  async write(path: string): Promise<FileStamp> {
    throw new FolderError("read-only", path);
  }
}
