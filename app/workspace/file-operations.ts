import { alternativeName } from "./file-names";
import { FolderError, joinPath, splitPath, type WorkspaceFolder } from "./workspace-folder";

/**
 * What the tree's file commands (issue 52: New file, New folder, Rename, Move, Delete) need
 * around the folder's own operations: where an open tab's file went after a rename or a move,
 * a free name beside a taken one, and the words of any failure. Pure but for the folder calls.
 */

/**
 * The path `path` has after the entry at `from` went to `to`: the same path for an entry the
 * change did not touch, else the new one (a file inside a moved folder follows it).
 */
export function pathAfterMove(path: string, from: string, to: string): string {
  if (path === from) return to;
  if (path.startsWith(`${from}/`)) return to + path.slice(from.length);
  return path;
}

/** True when `path` is the entry at `removed`, or inside that folder. */
export function isAtOrUnder(path: string, removed: string): boolean {
  return path === removed || path.startsWith(`${removed}/`);
}

/**
 * A path beside `path` that is free in the folder: "notes (restored).txt", then
 * "notes (restored 2).txt"… Bounded: after 99 tries the folder is too full of them to guess.
 */
export async function freePathBeside(
  folder: WorkspaceFolder,
  path: string,
  label: string,
): Promise<string> {
  const [parent, name] = splitPath(path);
  for (let attempt = 1; attempt < 100; attempt++) {
    const candidate = joinPath(parent, alternativeName(name, label, attempt));
    if ((await folder.kindOf(candidate)) === null) return candidate;
  }
  throw new FolderError("exists", path);
}

/** The words a person reads for a failed file operation: the folder's own, else a plain one. */
export function fileOperationMessage(error: unknown, path: string): string {
  if (error instanceof FolderError) return error.message;
  const detail = error instanceof Error && error.message ? ` (${error.message})` : "";
  return `"${path}" could not be changed${detail}. Nothing was lost; try again.`;
}
