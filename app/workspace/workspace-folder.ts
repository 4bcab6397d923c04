/**
 * An opened folder as the workspace sees it (issue 52): list a folder's entries when asked
 * (lazily: a tree shows one level at a time), read a file's bytes with its size and time, and
 * write bytes back where the browser lets us. Three kinds: a folder picked with the File System
 * Access API (or the Origin Private File System: the same handles), the files of a directory
 * input (read only: Firefox and Safari), and one in memory for tests and benches.
 * Paths are relative to the folder, "/" between names, "" for the folder itself.
 */

import { nameProblem, sameEntryName } from "./file-names";

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

/**
 * Told of each file a rename or a move wrote as a copy (where the browser cannot move a handle):
 * its new path, the original's size and time as the copy read it, and the copy's own. A tab
 * bound to the file takes the copy's, so its next Save does not take the copy for a change
 * made on disk by another program.
 */
export type FileCopied = (path: string, source: FileStamp, copy: FileStamp) => void;

/** Why a folder operation failed, each with its own message for the person. */
export type FolderFailure =
  "not-found" | "read-only" | "not-allowed" | "no-space" | "exists" | "bad-name";

export class FolderError extends Error {
  /** `detail`: words more precise than the failure's own (which rule a bad name breaks). */
  constructor(
    readonly failure: FolderFailure,
    readonly path: string,
    detail?: string,
  ) {
    super(detail ?? folderFailureMessage(failure, path));
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
    case "exists":
      return `There is already "${path}" in the folder: pick another name, or move or delete that one first.`;
    case "bad-name":
      return `"${path}" is not a name a file or folder can have.`;
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
  /** What is at `path`: a file, a folder, or nothing (null). */
  kindOf(path: string): Promise<"file" | "folder" | null>;
  /**
   * Makes a new file (empty, or holding `bytes`) in an existing folder; fails "exists" when the
   * name is taken and "bad-name" when it is not allowed (file-names.ts).
   */
  createFile(path: string, bytes?: Uint8Array): Promise<FileStamp>;
  /** Makes a new folder, and the folders above it that are missing; fails as createFile. */
  createFolder(path: string): Promise<void>;
  /**
   * Gives the file or folder at `path` a new name in its folder; resolves with its new path.
   * `copied` hears of each file written as a copy (none where the entry itself moved).
   */
  rename(path: string, newName: string, copied?: FileCopied): Promise<string>;
  /** Moves the file or folder at `path` into the folder `toFolder`; as `rename`. */
  move(path: string, toFolder: string, copied?: FileCopied): Promise<string>;
  /** Deletes the file, or the folder with all it holds (session-trash.ts keeps the bytes first). */
  remove(path: string): Promise<void>;
}

/**
 * Refuses a new entry `name` in `parent` (words of file-names.ts) when the name is not allowed,
 * or when the folder already holds it, case and accents folded as Windows and macOS fold them
 * (`except`: the entry being renamed, which may change only its case).
 */
export async function checkNewEntry(
  folder: WorkspaceFolder,
  parent: string,
  name: string,
  except?: string,
): Promise<string> {
  const path = joinPath(parent, name);
  const problem = nameProblem(name);
  if (problem) throw new FolderError("bad-name", path, problem.message);
  const taken = (await folder.list(parent)).find(
    (entry) => entry.name !== except && sameEntryName(entry.name, name),
  );
  if (taken) throw new FolderError("exists", taken.path);
  return path;
}

/** Refuses to move a folder into itself or into a folder below it. */
export function checkMoveInto(path: string, toFolder: string): void {
  if (toFolder === path || toFolder.startsWith(`${path}/`))
    throw new FolderError(
      "bad-name",
      path,
      `"${path}" cannot be moved into itself or into a folder inside it.`,
    );
}

/** Refuses every change to a folder that cannot be written. */
export function refuseReadOnly(path: string): never {
  throw new FolderError("read-only", path);
}

export function joinPath(folder: string, name: string): string {
  return folder === "" ? name : `${folder}/${name}`;
}

/** The last name of a path and the folder it is in ("a/b.txt" → ["a", "b.txt"]). */
export function splitPath(path: string): [parent: string, name: string] {
  const slash = path.lastIndexOf("/");
  return slash === -1 ? ["", path] : [path.slice(0, slash), path.slice(slash + 1)];
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
  /** Folders made with createFolder (a folder holding files needs no entry: its files say it). */
  private readonly folders = new Set<string>();
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

  async list(path: string): Promise<FolderEntry[]> {
    const prefix = path === "" ? "" : `${path}/`;
    const seen = new Map<string, FolderEntry>();
    const add = (entryPath: string, isFile: boolean) => {
      if (!entryPath.startsWith(prefix)) return;
      const rest = entryPath.slice(prefix.length);
      const slash = rest.indexOf("/");
      const name = slash === -1 ? rest : rest.slice(0, slash);
      if (!seen.has(name)) {
        const kind = slash === -1 && isFile ? "file" : "folder";
        seen.set(name, { name, path: prefix + name, kind });
      }
    };
    for (const filePath of this.files.keys()) add(filePath, true);
    for (const folderPath of this.folders) add(folderPath, false);
    if (path !== "" && (await this.kindOf(path)) !== "folder")
      throw new FolderError("not-found", path);
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

  async kindOf(path: string): Promise<"file" | "folder" | null> {
    if (path === "") return "folder";
    if (this.files.has(path)) return "file";
    if (this.folders.has(path)) return "folder";
    const prefix = `${path}/`;
    for (const filePath of this.files.keys()) if (filePath.startsWith(prefix)) return "folder";
    return null;
  }

  async createFile(path: string, bytes = new Uint8Array(0)): Promise<FileStamp> {
    const [parent, name] = splitPath(path);
    await checkNewEntry(this, parent, name);
    return this.put(path, bytes);
  }

  async createFolder(path: string): Promise<void> {
    const [parent, name] = splitPath(path);
    const parentKind = await this.kindOf(parent);
    if (parentKind === "file") throw new FolderError("exists", parent);
    if (parentKind === null) await this.createFolder(parent);
    await checkNewEntry(this, parent, name);
    this.folders.add(path);
  }

  async rename(path: string, newName: string): Promise<string> {
    const [parent, name] = splitPath(path);
    if (newName === name) return path;
    if ((await this.kindOf(path)) === null) throw new FolderError("not-found", path);
    const to = await checkNewEntry(this, parent, newName, name);
    this.reKey(path, to);
    return to;
  }

  async move(path: string, toFolder: string): Promise<string> {
    checkMoveInto(path, toFolder);
    const [parent, name] = splitPath(path);
    if (toFolder === parent) return path;
    if ((await this.kindOf(path)) === null) throw new FolderError("not-found", path);
    if ((await this.kindOf(toFolder)) !== "folder") throw new FolderError("not-found", toFolder);
    const to = await checkNewEntry(this, toFolder, name);
    this.reKey(path, to);
    return to;
  }

  async remove(path: string): Promise<void> {
    if ((await this.kindOf(path)) === null) throw new FolderError("not-found", path);
    const under = (key: string) => key === path || key.startsWith(`${path}/`);
    for (const key of [...this.files.keys()]) if (under(key)) this.files.delete(key);
    for (const key of [...this.folders]) if (under(key)) this.folders.delete(key);
    this.keepParent(path);
  }

  /** A folder emptied by a removal or a move stays, as on a disk. */
  private keepParent(path: string): void {
    const [parent] = splitPath(path);
    if (parent !== "") this.folders.add(parent);
  }

  /** Moves every file and folder at or under `from` to `to`, keeping bytes and times. */
  private reKey(from: string, to: string): void {
    this.keepParent(from);
    const moved = (key: string) =>
      key === from ? to : key.startsWith(`${from}/`) ? to + key.slice(from.length) : null;
    for (const [key, file] of [...this.files]) {
      const target = moved(key);
      if (target === null) continue;
      this.files.delete(key);
      this.files.set(target, file);
    }
    for (const key of [...this.folders]) {
      const target = moved(key);
      if (target === null) continue;
      this.folders.delete(key);
      this.folders.add(target);
    }
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
 * none lets a page write them back. Listing is from the paths the browser gave; every change
 * is refused with the read-only words.
 */
export class FileListFolder implements WorkspaceFolder {
  readonly writable = false;
  readonly name: string;
  private readonly inner: MemoryFolder;
  private readonly files = new Map<string, PickedFolderFile>();

  /** `emptyName`: the name when there are no files to take it from. */
  constructor(files: ArrayLike<PickedFolderFile>, emptyName = "folder") {
    const list = Array.from(files);
    this.name = list[0]?.webkitRelativePath.split("/")[0] ?? emptyName;
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

  kindOf(path: string): Promise<"file" | "folder" | null> {
    return this.inner.kindOf(path);
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
    return refuseReadOnly(path);
  }

  async createFile(path: string, _bytes?: Uint8Array): Promise<FileStamp> {
    return refuseReadOnly(path);
  }

  async createFolder(path: string): Promise<void> {
    refuseReadOnly(path);
  }

  async rename(path: string, _newName: string): Promise<string> {
    return refuseReadOnly(path);
  }

  async move(path: string, _toFolder: string): Promise<string> {
    return refuseReadOnly(path);
  }

  async remove(path: string): Promise<void> {
    refuseReadOnly(path);
  }
}
