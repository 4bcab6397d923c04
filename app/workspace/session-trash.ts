import { nameProblem } from "./file-names";
import { freePathBeside } from "./file-operations";
import { FolderError, joinPath, splitPath, type WorkspaceFolder } from "./workspace-folder";

/**
 * The session trash of an opened folder (issue 52): Delete in the tree keeps the bytes of the
 * file, or of the whole folder tree, in memory before removing it from disk, so Restore can
 * write them back byte for byte. It lives as long as the page; it is bounded (TRASH_CAP_BYTES
 * in all), and what does not fit is deleted only as the system deletes, after the person
 * confirms ("Delete permanently"). Nothing here touches the DOM.
 */

/** The most bytes the trash holds in all (what people delete is mostly text; a folder of photos is not). */
export const TRASH_CAP_BYTES = 200 * 1024 * 1024;

/** One deleted file or folder, as the Trash list shows it. */
export interface TrashItem {
  readonly id: string;
  /** Where it was in the folder. */
  readonly path: string;
  readonly kind: "file" | "folder";
  /** The bytes it holds in all. */
  readonly size: number;
  /** How many files it held (1 for a file). */
  readonly fileCount: number;
  /** When it was deleted, in ms since the epoch. */
  readonly deletedAt: number;
}

/** How a delete ended. */
export type TrashOutcome =
  | { kind: "trashed"; item: TrashItem }
  /** Nothing was deleted: it does not fit in the trash. `message` offers to delete it for good. */
  | { kind: "too-big"; size: number; message: string };

/** How a restore ended. */
export type RestoreOutcome =
  | { kind: "restored"; path: string }
  /** Nothing was written: `path` is taken now. `suggestion` is a free path beside it. */
  | { kind: "taken"; path: string; suggestion: string; message: string };

interface HeldEntry {
  item: TrashItem;
  folder: WorkspaceFolder;
  /** Every folder inside it, parents before children, relative to it. */
  folders: string[];
  /** Every file, relative to it ("" for a deleted file itself). */
  files: { path: string; bytes: Uint8Array }[];
}

/** The path of `relative` ("" for itself) inside `base`. */
const within = (base: string, relative: string) =>
  relative === "" ? base : joinPath(base, relative);

const megabytes = (size: number) => `${Math.max(0.1, size / 1024 / 1024).toFixed(1)} MB`;

export class SessionTrash {
  private held: HeldEntry[] = [];
  private nextId = 1;

  constructor(
    readonly capBytes = TRASH_CAP_BYTES,
    private readonly now: () => number = Date.now,
  ) {}

  /** What can be restored, the latest deleted first. */
  list(): TrashItem[] {
    return this.held.map((entry) => entry.item).reverse();
  }

  /** The bytes the trash holds now. */
  get heldBytes(): number {
    return this.held.reduce((sum, entry) => sum + entry.item.size, 0);
  }

  /**
   * Deletes the file or folder at `path`, keeping its bytes here first. When it does not fit,
   * nothing is deleted and the outcome says so in words ("too-big"): the page then asks before
   * `deletePermanently`.
   */
  async moveToTrash(folder: WorkspaceFolder, path: string): Promise<TrashOutcome> {
    if (!folder.writable) throw new FolderError("read-only", path);
    const kind = await folder.kindOf(path);
    if (kind === null) throw new FolderError("not-found", path);
    const tree = kind === "file" ? { folders: [], files: [""] } : await listTree(folder, path);
    const room = this.capBytes - this.heldBytes;
    let size = 0;
    for (const file of tree.files) {
      size += (await folder.stat(within(path, file))).size;
      if (size > room) return { kind: "too-big", size, message: this.tooBigMessage(path, size) };
    }
    const files = await readUnchanged(folder, path, tree.files);
    await folder.remove(path);
    const item: TrashItem = {
      id: `trash-${this.nextId++}`,
      path,
      kind,
      size: files.reduce((sum, file) => sum + file.bytes.byteLength, 0),
      fileCount: files.length,
      deletedAt: this.now(),
    };
    this.held.push({ item, folder, folders: tree.folders, files });
    return { kind: "trashed", item };
  }

  private tooBigMessage(path: string, size: number): string {
    const cap = megabytes(this.capBytes);
    const forGood = `Delete "${path}" permanently? It cannot be restored then.`;
    return size > this.capBytes
      ? `"${path}" is too large for the trash (over ${megabytes(size)}; it holds ${cap} in all). ${forGood}`
      : `The trash is too full for "${path}" (it holds ${megabytes(this.heldBytes)} of ${cap}). Empty the trash first, or: ${forGood}`;
  }

  /** Deletes without keeping anything (after the person confirmed "Delete permanently"). */
  async deletePermanently(folder: WorkspaceFolder, path: string): Promise<void> {
    await folder.remove(path);
  }

  /**
   * Writes a deleted entry back where it was, or at `asPath` (the suggestion of a "taken"
   * outcome, or a name the person typed), recreating the folders above it that went meanwhile.
   * A path taken now is not written over: the outcome offers a free one beside it. A write that
   * fails half way removes what it wrote, and the entry stays in the trash.
   */
  async restore(id: string, asPath?: string): Promise<RestoreOutcome> {
    const entry = this.held.find((held) => held.item.id === id);
    if (!entry) throw new Error(`Nothing in the trash has the id ${id}.`);
    const { folder, item } = entry;
    const target = asPath ?? item.path;
    const [parent, name] = splitPath(target);
    const problem = nameProblem(name);
    if (problem) throw new FolderError("bad-name", target, problem.message);
    if ((await folder.kindOf(target)) !== null) {
      const suggestion = await freePathBeside(folder, target, "restored");
      const message = `"${target}" is taken now: something else has that name. Restore it as "${splitPath(suggestion)[1]}" instead?`;
      return { kind: "taken", path: target, suggestion, message };
    }
    if (parent !== "" && (await folder.kindOf(parent)) === null) await folder.createFolder(parent);
    try {
      if (item.kind === "folder") await folder.createFolder(target);
      for (const inner of entry.folders) await folder.createFolder(joinPath(target, inner));
      // Files go back by write, not createFile: a name this system allowed is restored as it was.
      for (const file of entry.files) await folder.write(within(target, file.path), file.bytes);
    } catch (error) {
      await folder.remove(target).catch(() => undefined);
      throw error;
    }
    this.held = this.held.filter((held) => held !== entry);
    return { kind: "restored", path: target };
  }

  /** Forgets one entry for good (its bytes are let go). */
  forget(id: string): void {
    this.held = this.held.filter((held) => held.item.id !== id);
  }

  /** Empties the trash. */
  clear(): void {
    this.held = [];
  }
}

/** How many times Delete reads a file again that another program keeps writing. */
const REREAD_TRIES = 3;

/**
 * The bytes of every file of `files` (relative to `path`), each checked unchanged (size and
 * time) after all were read, right before the removal: a file another program wrote meanwhile
 * is read again, so the trash keeps the newest bytes. One that keeps changing is not deleted.
 */
async function readUnchanged(
  folder: WorkspaceFolder,
  path: string,
  files: readonly string[],
): Promise<{ path: string; bytes: Uint8Array }[]> {
  const held = [];
  for (const file of files) held.push({ path: file, ...(await folder.read(within(path, file))) });
  for (const entry of held) {
    for (let tries = 0; ; tries++) {
      const now = await folder.stat(within(path, entry.path));
      if (now.size === entry.size && now.lastModified === entry.lastModified) break;
      if (tries === REREAD_TRIES)
        throw new FolderError(
          "exists",
          path,
          `"${within(path, entry.path)}" keeps being changed by another program, so it was not deleted. Nothing was lost; try again when that program is done.`,
        );
      Object.assign(entry, await folder.read(within(path, entry.path)));
    }
  }
  return held.map((entry) => ({ path: entry.path, bytes: entry.bytes }));
}

/** Every folder (parents first) and file under `path`, relative to it. */
async function listTree(
  folder: WorkspaceFolder,
  path: string,
): Promise<{ folders: string[]; files: string[] }> {
  const folders: string[] = [];
  const files: string[] = [];
  const pending = [""];
  while (pending.length > 0) {
    const current = pending.shift()!;
    for (const entry of await folder.list(within(path, current))) {
      const relative = joinPath(current, entry.name);
      if (entry.kind === "folder") {
        folders.push(relative);
        pending.push(relative);
      } else files.push(relative);
    }
  }
  return { folders, files };
}
