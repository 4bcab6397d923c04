import type { DirectoryHandleLike, FileHandleLike } from "./handle-folder";

/**
 * A stand-in for the browser's directory handles in Node tests (issue 52): a tree of Maps
 * (a folder) and byte arrays (a file), read and changed through the handle calls HandleFolder
 * makes, with the browser's error names. `move` is there only when asked for, so both ways of
 * moving (the browser's move, copy and remove) are tested.
 */

/** A folder of the fake: names to files (bytes) and folders. */
export type FakeTree = Map<string, Uint8Array | FakeTree>;

/** How the fake behaves. */
export interface FakeHandleOptions {
  /** Give handles `move(destination, newName)` (Chromium's). Default false. */
  withMove?: boolean;
  /** Every write fails with this DOMException name ("QuotaExceededError"). */
  failWrite?: string;
  /** Counts the lookups by name (getDirectoryHandle, getFileHandle) of every folder. */
  lookups?: { count: number };
}

const domError = (name: string) => Object.assign(new Error(name), { name });
/** Each file's time; a write gives a new one. */
const times = new WeakMap<Uint8Array, number>();
let clock = 1_800_000_000_000;

export function fakeDirectoryHandle(
  name: string,
  tree: FakeTree,
  options: FakeHandleOptions = {},
): DirectoryHandleLike {
  return directoryHandle(name, tree, null, options);
}

function relocate(
  parent: FakeTree,
  name: string,
  destination: DirectoryHandleLike,
  newName: string,
): void {
  const value = parent.get(name);
  if (value === undefined) throw domError("NotFoundError");
  const target = trees.get(destination);
  if (!target) throw domError("TypeMismatchError");
  if (target.has(newName)) throw domError("InvalidModificationError");
  parent.delete(name);
  target.set(newName, value);
}

/** Each fake directory handle's own tree, for `move` to find its destination's. */
const trees = new WeakMap<DirectoryHandleLike, FakeTree>();

function fileHandle(parent: FakeTree, name: string, options: FakeHandleOptions): FileHandleLike {
  const handle: FileHandleLike = {
    kind: "file",
    name,
    async getFile() {
      const data = parent.get(name);
      if (!(data instanceof Uint8Array)) throw domError("NotFoundError");
      return {
        size: data.byteLength,
        lastModified: times.get(data) ?? 5,
        arrayBuffer: async () => data.slice().buffer,
      };
    },
    async createWritable() {
      const parts: Uint8Array[] = [];
      return {
        async write(data: Uint8Array) {
          if (options.failWrite) throw domError(options.failWrite);
          parts.push(data.slice());
        },
        async close() {
          const bytes = parts[0] ?? new Uint8Array(0);
          times.set(bytes, clock++);
          parent.set(name, bytes);
        },
        async abort() {},
      };
    },
  };
  if (options.withMove)
    handle.move = async (destination, newName) => relocate(parent, name, destination, newName);
  return handle;
}

function directoryHandle(
  name: string,
  tree: FakeTree,
  parent: FakeTree | null,
  options: FakeHandleOptions,
): DirectoryHandleLike {
  const handle: DirectoryHandleLike = {
    kind: "directory",
    name,
    async *values() {
      for (const [entry, value] of tree) {
        yield value instanceof Uint8Array
          ? fileHandle(tree, entry, options)
          : directoryHandle(entry, value, tree, options);
      }
    },
    async getDirectoryHandle(child, { create = false } = {}) {
      if (options.lookups) options.lookups.count++;
      let value = tree.get(child);
      if (value === undefined && create) tree.set(child, (value = new Map()));
      if (value === undefined) throw domError("NotFoundError");
      if (value instanceof Uint8Array) throw domError("TypeMismatchError");
      return directoryHandle(child, value, tree, options);
    },
    async getFileHandle(child, { create = false } = {}) {
      if (options.lookups) options.lookups.count++;
      const value = tree.get(child);
      if (value instanceof Map) throw domError("TypeMismatchError");
      if (value === undefined && !create) throw domError("NotFoundError");
      if (value === undefined) tree.set(child, new Uint8Array(0));
      return fileHandle(tree, child, options);
    },
    async removeEntry(child, { recursive = false } = {}) {
      const value = tree.get(child);
      if (value === undefined) throw domError("NotFoundError");
      if (value instanceof Map && value.size > 0 && !recursive)
        throw domError("InvalidModificationError");
      tree.delete(child);
    },
  };
  trees.set(handle, tree);
  if (options.withMove && parent)
    handle.move = async (destination, newName) => relocate(parent, name, destination, newName);
  return handle;
}

/** The bytes at `path` in a fake tree (undefined when there is no file there). */
export function fakeFileAt(tree: FakeTree, path: string): Uint8Array | undefined {
  let node: Uint8Array | FakeTree | undefined = tree;
  for (const name of path.split("/")) {
    if (!(node instanceof Map)) return undefined;
    node = node.get(name);
  }
  return node instanceof Uint8Array ? node : undefined;
}
