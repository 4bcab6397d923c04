/**
 * The page side of the Web Share Target: takes (reads, then deletes) a batch of shared text
 * and files that the service worker kept in Cache Storage (see share-target.ts). Browser only.
 */
import {
  parseSharedBatch,
  SHARED_ITEMS_CACHE,
  sharedBatchKey,
  sharedFileKey,
  sharedNoteName,
  sharedNoteText,
} from "./share-target";

/** What a share brought: at most one note (title/text/URL) and any files. */
export interface SharedItems {
  note: { name: string; text: string } | null;
  files: File[];
}

/**
 * Takes batch `id` out of the cache: null when it is not there (already opened, or the cache
 * was cleared). Files whose bytes are missing are left out.
 */
export async function takeSharedItems(id: string): Promise<SharedItems | null> {
  if (typeof caches === "undefined") return null;
  const cache = await caches.open(SHARED_ITEMS_CACHE);
  const stored = await cache.match(sharedBatchKey(id));
  if (!stored) return null;
  const batch = parseSharedBatch(await stored.json().catch(() => null));
  const files: File[] = [];
  const keys = [sharedBatchKey(id)];
  for (const [index, meta] of (batch?.files ?? []).entries()) {
    const key = sharedFileKey(id, index);
    keys.push(key);
    const body = await cache.match(key);
    if (!body) continue;
    files.push(
      new File([await body.blob()], meta.name, {
        type: meta.type,
        lastModified: meta.lastModified,
      }),
    );
  }
  await Promise.all(keys.map((key) => cache.delete(key)));
  if (!batch) return null;
  const text = sharedNoteText(batch);
  return {
    note: text || batch.title.trim() ? { name: sharedNoteName(batch), text } : null,
    files,
  };
}
