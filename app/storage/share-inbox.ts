/**
 * The page side of the shared-items inbox (see share-target.ts): the notepad takes (reads, then
 * deletes) a batch of shared text and files that the service worker kept in Cache Storage for
 * the Web Share Target, and the share-link page puts a document there to open it as a new
 * notepad tab. Browser only.
 */
import { detectLineEndings, type LineEnding } from "~/text/line-endings";
import {
  newSharedBatchId,
  parseSharedBatch,
  type SharedBatch,
  SHARED_ITEMS_CACHE,
  sharedBatchKey,
  sharedFileKey,
  sharedNoteName,
  sharedNoteText,
} from "./share-target";

/** A shared note: its tab name, its text and (for a document from a share link) its line ending. */
export interface SharedNote {
  name: string;
  text: string;
  /** The line ending to save it with; absent for text shared by another app. */
  format?: { lineEnding: LineEnding; mixedLineEndings: boolean };
}

/** What a share brought: at most one note (title/text/URL) and any files. */
export interface SharedItems {
  note: SharedNote | null;
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
  if (batch.verbatim) {
    const endings = detectLineEndings(batch.text);
    return {
      note: {
        name: batch.title.trim() || "Shared note",
        text: batch.text,
        format: {
          lineEnding: endings.majority ?? "lf",
          mixedLineEndings: endings.mixed,
        },
      },
      files,
    };
  }
  const text = sharedNoteText(batch);
  return {
    note: text || batch.title.trim() ? { name: sharedNoteName(batch), text } : null,
    files,
  };
}

/**
 * Puts a document into the inbox for the notepad, exactly as it is, and returns the batch id to
 * open it with (`/online-notepad/?shared=<id>`). Rejects when Cache Storage is unavailable or
 * refuses (private windows in some browsers, a full disk).
 */
export async function putSharedNote(note: { name: string; text: string }): Promise<string> {
  if (typeof caches === "undefined") throw new Error("Cache Storage is unavailable here.");
  const id = newSharedBatchId();
  const batch: SharedBatch = {
    title: note.name,
    text: note.text,
    url: "",
    files: [],
    verbatim: true,
  };
  const cache = await caches.open(SHARED_ITEMS_CACHE);
  await cache.put(
    sharedBatchKey(id),
    new Response(JSON.stringify(batch), { headers: { "Content-Type": "application/json" } }),
  );
  return id;
}
