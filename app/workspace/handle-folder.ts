import { sameEntryName } from "./file-names";
import {
  checkMoveInto,
  checkNewEntry,
  type FileCopied,
  type FileSnapshot,
  type FileStamp,
  type FolderEntry,
  FolderError,
  type FolderFailure,
  joinPath,
  splitPath,
  type WorkspaceFolder,
} from "./workspace-folder";

/**
 * A folder picked with the File System Access API (`showDirectoryPicker`) or taken from the
 * Origin Private File System (`navigator.storage.getDirectory()`): both are
 * FileSystemDirectoryHandles, read and written in place. Only the parts used are declared, so
 * a test can hand it a stand-in.
 */

/**
 * `FileSystemHandle.move(destination, newName)`: Chromium has it for files, and for folders only
 * in some places (the Origin Private File System); elsewhere a move is a copy and a removal.
 */
interface MovableHandle {
  move?(destination: DirectoryHandleLike, newName: string): Promise<void>;
}

/** The parts of a FileSystemFileHandle used here. */
export interface FileHandleLike extends MovableHandle {
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
export interface DirectoryHandleLike extends MovableHandle {
  readonly kind: "directory";
  readonly name: string;
  values(): AsyncIterable<FileHandleLike | DirectoryHandleLike>;
  getDirectoryHandle(name: string, options?: { create?: boolean }): Promise<DirectoryHandleLike>;
  getFileHandle(name: string, options?: { create?: boolean }): Promise<FileHandleLike>;
  removeEntry(name: string, options?: { recursive?: boolean }): Promise<void>;
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

/** True when `move` was refused as not possible here (nothing moved): copy and remove instead. */
function moveUnsupported(error: unknown): boolean {
  const name = error instanceof Error || error instanceof DOMException ? error.name : "";
  return (
    name === "NotSupportedError" || name === "InvalidModificationError" || name === "TypeError"
  );
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

  /**
   * The handles met while listing, by path, when asked to keep them: a search lists every
   * folder, then reads every file, and looking each one up again from the root took three of
   * the browser's calls per file (a folder per level, then the file). Only for one read-only
   * pass (find-job.ts): a rename or removal would leave a kept handle behind.
   */
  private readonly kept: Map<string, FileHandleLike | DirectoryHandleLike> | null;

  /** `root`: the folder's handle, which find in files hands to its worker. */
  constructor(
    readonly root: DirectoryHandleLike,
    { keepHandles = false }: { keepHandles?: boolean } = {},
  ) {
    this.kept = keepHandles ? new Map() : null;
  }

  get name(): string {
    return this.root.name;
  }

  private async directory(path: string): Promise<DirectoryHandleLike> {
    let handle = this.root;
    if (path === "") return handle;
    const kept = this.kept?.get(path);
    if (kept?.kind === "directory") return kept;
    for (const name of path.split("/")) handle = await handle.getDirectoryHandle(name);
    return handle;
  }

  private async file(path: string, create = false): Promise<FileHandleLike> {
    const kept = create ? undefined : this.kept?.get(path);
    if (kept?.kind === "file") return kept;
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
        const entryPath = joinPath(path, handle.name);
        this.kept?.set(entryPath, handle);
        entries.push({
          name: handle.name,
          path: entryPath,
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
    return named(path, async () => this.writeHandle(await this.file(path, true), bytes));
  }

  private async writeHandle(handle: FileHandleLike, bytes: Uint8Array): Promise<FileStamp> {
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
  }

  /** The directory itself (for FileSystemObserver: see disk-watch.ts). */
  get rootHandle(): DirectoryHandleLike {
    return this.root;
  }

  kindOf(path: string): Promise<"file" | "folder" | null> {
    return named(path, async () => {
      if (path === "") return "folder";
      const found = await this.entryAt(path).catch((error: unknown) => {
        if (failureOf(error) === "not-found") return null;
        throw error;
      });
      return found === null ? null : found.kind === "file" ? "file" : "folder";
    });
  }

  /** The handle at `path`, a file's or a folder's (NotFoundError when there is none). */
  private async entryAt(path: string): Promise<FileHandleLike | DirectoryHandleLike> {
    const [parent, name] = splitPath(path);
    const folder = await this.directory(parent);
    try {
      return await folder.getFileHandle(name);
    } catch (error) {
      if (failureOf(error) !== "not-found") throw error;
      return folder.getDirectoryHandle(name);
    }
  }

  createFile(path: string, bytes = new Uint8Array(0)): Promise<FileStamp> {
    return named(path, async () => {
      const [parent, name] = splitPath(path);
      await checkNewEntry(this, parent, name);
      const handle = await (await this.directory(parent)).getFileHandle(name, { create: true });
      return this.writeHandle(handle, bytes);
    });
  }

  createFolder(path: string): Promise<void> {
    return named(path, async () => {
      const [parent, name] = splitPath(path);
      const parentKind = await this.kindOf(parent);
      if (parentKind === "file") throw new FolderError("exists", parent);
      if (parentKind === null) await this.createFolder(parent);
      await checkNewEntry(this, parent, name);
      await (await this.directory(parent)).getDirectoryHandle(name, { create: true });
    });
  }

  rename(path: string, newName: string, copied?: FileCopied): Promise<string> {
    return named(path, async () => {
      const [parent, name] = splitPath(path);
      if (newName === name) return path;
      await this.entryAt(path);
      const to = await checkNewEntry(this, parent, newName, name);
      await this.relocate(path, parent, newName, copied);
      return to;
    });
  }

  move(path: string, toFolder: string, copied?: FileCopied): Promise<string> {
    return named(path, async () => {
      checkMoveInto(path, toFolder);
      const [parent, name] = splitPath(path);
      if (toFolder === parent) return path;
      await this.entryAt(path);
      if ((await this.kindOf(toFolder)) !== "folder") throw new FolderError("not-found", toFolder);
      const to = await checkNewEntry(this, toFolder, name);
      await this.relocate(path, toFolder, name, copied);
      return to;
    });
  }

  remove(path: string): Promise<void> {
    return named(path, () => this.removeAt(path));
  }

  private async removeAt(path: string): Promise<void> {
    const [parent, name] = splitPath(path);
    await (await this.directory(parent)).removeEntry(name, { recursive: true });
  }

  /**
   * Puts the entry at `from` into `toFolder` as `newName` (both checked): with the browser's
   * `move` where it has one, else by copying and then removing the original, so a failure half
   * way (a full disk) leaves the original whole and no partial copy. `copied` hears of each
   * file copied, with the original's stamp (through the detour of a case-only rename too).
   */
  private async relocate(
    from: string,
    toFolder: string,
    newName: string,
    copied: FileCopied = () => undefined,
  ): Promise<void> {
    const [parent, name] = splitPath(from);
    const to = joinPath(toFolder, newName);
    const caseOnly = parent === toFolder && sameEntryName(name, newName);
    const source = await this.entryAt(from);
    if (typeof source.move === "function") {
      try {
        await source.move(await this.directory(toFolder), newName);
        return;
      } catch (error) {
        if (!moveUnsupported(error)) throw error;
        // Copy only when the refused move left everything as it was.
        const untouched =
          (await this.kindOf(from)) !== null && (caseOnly || (await this.kindOf(to)) === null);
        if (!untouched) throw error;
      }
    }
    if (caseOnly) {
      // "notes.txt" → "Notes.txt" where case does not count: a copy would land on the original.
      const detour = joinPath(toFolder, `${newName}.plainpad-renaming`);
      // Each file's stamp before the first copy, by its path inside the entry ("" for itself).
      const originals = new Map<string, FileStamp>();
      await this.copyThenRemove(from, detour, (path, source) =>
        originals.set(path.slice(detour.length), source),
      );
      try {
        await this.copyThenRemove(detour, to, (path, source, copy) =>
          copied(path, originals.get(path.slice(to.length)) ?? source, copy),
        );
      } catch (error) {
        // Not left under the detour's name: back where it was, then the failure is said.
        await this.copyThenRemove(detour, from).catch(() => undefined);
        throw error;
      }
    } else {
      await this.copyThenRemove(from, to, copied);
    }
  }

  private async copyThenRemove(
    from: string,
    to: string,
    copied: FileCopied = () => undefined,
  ): Promise<void> {
    try {
      await this.copy(from, to, copied);
    } catch (error) {
      await this.removeAt(to).catch(() => undefined);
      throw error;
    }
    await this.removeAt(from);
  }

  /** Copies the file or the folder tree at `from` to the free path `to`. */
  private async copy(from: string, to: string, copied: FileCopied): Promise<void> {
    const [toParent, toName] = splitPath(to);
    const destination = await this.directory(toParent);
    if ((await this.entryAt(from)).kind === "file") {
      const { bytes, size, lastModified } = await this.read(from);
      const handle = await destination.getFileHandle(toName, { create: true });
      copied(to, { size, lastModified }, await this.writeHandle(handle, bytes));
      return;
    }
    await destination.getDirectoryHandle(toName, { create: true });
    for (const entry of await this.list(from))
      await this.copy(entry.path, joinPath(to, entry.name), copied);
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
