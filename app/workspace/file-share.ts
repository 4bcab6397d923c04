/**
 * Find in files on several workers (issue 52): each worker walks the whole folder (the walk is
 * sorted, so every worker lists the same files in the same order) and searches its share of
 * the files; find-split.ts merges what they find back into folder order.
 */

/** One worker's share of a search: part `part` (from 0) of `parts`. */
export interface FileShare {
  part: number;
  parts: number;
}

/**
 * The first this many files of a walk are all searched by part 0: a small folder (a few hundred
 * files) is searched by one worker, where a second would cost more than it saves.
 */
export const SOLO_FILES = 200;

/** FNV-1a of a path: the same file goes to the same worker on every search (its encoding memo). */
function pathHash(path: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < path.length; i++) {
    hash ^= path.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * Whether the file at `index` of the walk, at `path`, is this share's to search. By path, not
 * by index: a file added to the folder while the workers walk it shifts the indices, never
 * which worker searches a file (none searches it twice, none leaves it out).
 */
export function ownsFile(share: FileShare | undefined, index: number, path: string): boolean {
  if (!share || share.parts <= 1) return true;
  const owner = index < SOLO_FILES ? 0 : pathHash(path) % share.parts;
  return owner === share.part;
}
