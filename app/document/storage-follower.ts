import type { ChangeOrigin } from "./change-origin";
import type { ChangeFeed } from "./change-feed";

/**
 * Whether a change of this origin is written to this browser's storage as it happens. Another
 * window's text is stored already (by that window), and a file's text read in the background
 * is stored at once by its reader with the file's details.
 */
export function isStoredOnChange(origin: ChangeOrigin): boolean {
  return origin !== "other-window" && origin !== "open";
}

/**
 * Persistence as a follower of the feed: each change that must be stored is noted to
 * `storage` (written after its debounce). Returns the unsubscribe.
 */
export function followForStorage(
  feed: ChangeFeed,
  storage: { noteChange(id: string): void },
): () => void {
  return feed.subscribe(({ id, origin }) => {
    if (isStoredOnChange(origin)) storage.noteChange(id);
  });
}
