import type { DocumentLoadResult, LoadedDocument } from "./document-records";
import { newFileFormat } from "./document-records";
import type { DocumentSnapshot } from "./document-sync-types";

/**
 * A synchronous copy of the edits not yet stored, taken when the page is hidden or goes away.
 *
 * The client writes pending edits to IndexedDB when the page is hidden, but Firefox and WebKit
 * stop an IndexedDB transaction started while the page unloads: measured in both, text typed
 * less than the debounce (0.7 s) before a reload was gone after it (Chromium finishes the
 * write). localStorage writes synchronously, so the copy is there whatever the unload does.
 * At the next load a copy is taken back only where the stored record is still the one it was
 * based on (the write it stood in for never landed); otherwise the store has newer text and the
 * copy is dropped. Documents past the size budget are not copied: localStorage holds about 5 MB
 * a site, and the copy must not push out the settings kept there.
 */

/** The most characters copied in all (localStorage keeps about 2.5 M UTF-16 characters). */
export const RESCUE_MAX_CHARS = 1_000_000;

/** One document's unstored text, as copied. */
export interface RescueEntry {
  id: string;
  /** The stored revision the edits were based on (0: never stored). */
  baseRevision: number;
  /** A write of older text was running: it may have landed as baseRevision + 1. */
  olderWriteRunning: boolean;
  text: string;
  name: string;
  lastModified: number;
  isModified: boolean;
  driveFileId: string | null;
  encoding: DocumentSnapshot["file"]["encoding"];
  lineEnding: DocumentSnapshot["file"]["lineEnding"];
}

/** What is copied of a pending document. */
export interface PendingDocument {
  id: string;
  baseRevision: number;
  olderWriteRunning: boolean;
  snapshot: DocumentSnapshot;
}

/** The entries for `pending`, smallest first, as many as fit the budget. */
export function rescueEntries(pending: readonly PendingDocument[]): RescueEntry[] {
  const entries: RescueEntry[] = [];
  let budget = RESCUE_MAX_CHARS;
  const bySize = [...pending].sort((a, b) => a.snapshot.text.length - b.snapshot.text.length);
  for (const { id, baseRevision, olderWriteRunning, snapshot } of bySize) {
    if (snapshot.text.length > budget) break;
    budget -= snapshot.text.length;
    entries.push({
      id,
      baseRevision,
      olderWriteRunning,
      text: snapshot.text.toString(),
      name: snapshot.name,
      lastModified: snapshot.lastModified,
      isModified: snapshot.isModified,
      driveFileId: snapshot.driveFileId,
      encoding: snapshot.file.encoding,
      lineEnding: snapshot.file.lineEnding,
    });
  }
  return entries;
}

/** True when `entry` holds text newer than a stored record at `storedRevision`. */
export function rescueIsNewer(entry: RescueEntry, storedRevision: number): boolean {
  if (storedRevision === entry.baseRevision) return true;
  return entry.olderWriteRunning && storedRevision === entry.baseRevision + 1;
}

/**
 * The load result with rescued text in place of what the store held (or added, for documents
 * never stored), and the ids that were rescued (they must be written again).
 */
export function applyRescue(
  result: DocumentLoadResult,
  entries: readonly RescueEntry[],
): { result: DocumentLoadResult; rescued: string[] } {
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const rescued: string[] = [];
  const documents = result.documents.map((doc): LoadedDocument => {
    const entry = byId.get(doc.id);
    byId.delete(doc.id);
    if (!entry || !rescueIsNewer(entry, doc.revision)) return doc;
    rescued.push(doc.id);
    return {
      ...doc,
      name: entry.name,
      content: entry.text,
      lastModified: entry.lastModified,
      isModified: entry.isModified,
      storedChunks: null,
    };
  });
  // Never stored before the page went away: the copy is all there is (its file on disk, if
  // any, is not in the copy: the text is kept, Save asks where).
  for (const entry of byId.values()) {
    if (entry.baseRevision !== 0) continue;
    rescued.push(entry.id);
    documents.push({
      id: entry.id,
      name: entry.name,
      content: entry.text,
      lastModified: entry.lastModified,
      isModified: entry.isModified,
      driveFileId: entry.driveFileId,
      file: { ...newFileFormat(entry.lineEnding), encoding: entry.encoding },
      revision: 0,
      storedChunks: null,
    });
  }
  return { result: { ...result, documents }, rescued };
}

/** localStorage, or null where it cannot be used (private modes, tests without a DOM). */
function localStore(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

/**
 * The key of one window's copy for a collection: each window keeps its own (two windows of the
 * notepad must not overwrite each other's), and a load takes every window's.
 */
export function rescueKey(collection: string, windowId: string): string {
  return `${RESCUE_PREFIX}${collection}:${windowId}`;
}

const RESCUE_PREFIX = "plainpad-unload-rescue:";

/** Copies `pending` under `key`, replacing the previous copy. Never throws. */
export function writeRescue(key: string, pending: readonly PendingDocument[]): void {
  const storage = localStore();
  if (!storage) return;
  try {
    const entries = rescueEntries(pending);
    if (entries.length) storage.setItem(key, JSON.stringify(entries));
    else storage.removeItem(key);
  } catch {
    // Full or refused: the IndexedDB write still runs; nothing more can be done at unload.
  }
}

/** Every window's copy for a collection, and the keys they were read from. */
export interface TakenRescue {
  entries: RescueEntry[];
  /** Clear these (clearRescue) once the rescued text is stored again, not before. */
  keys: string[];
}

/**
 * Reads every window's copy for `collection` without removing it: the copy is the only place
 * the edits exist until they are stored again, so the caller clears `keys` once that write is
 * confirmed (a crash in between finds the copy again). An unreadable copy is removed at once.
 * Where two copies hold the same document, the one based on the later revision wins.
 */
export function takeRescue(collection: string): TakenRescue {
  const storage = localStore();
  if (!storage) return { entries: [], keys: [] };
  const byId = new Map<string, RescueEntry>();
  const taken: string[] = [];
  try {
    const prefix = `${RESCUE_PREFIX}${collection}:`;
    const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter(
      (key): key is string => key?.startsWith(prefix) ?? false,
    );
    for (const key of keys) {
      const entries = parseEntries(storage.getItem(key));
      if (entries.length === 0) {
        storage.removeItem(key);
        continue;
      }
      taken.push(key);
      for (const entry of entries) {
        const other = byId.get(entry.id);
        if (!other || other.baseRevision < entry.baseRevision) byId.set(entry.id, entry);
      }
    }
  } catch {
    // Unreadable storage: nothing to take back.
  }
  return { entries: [...byId.values()], keys: taken };
}

function parseEntries(raw: string | null): RescueEntry[] {
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed)
      ? parsed.filter(
          (entry): entry is RescueEntry =>
            typeof entry?.id === "string" &&
            typeof entry.text === "string" &&
            typeof entry.baseRevision === "number",
        )
      : [];
  } catch {
    return [];
  }
}

/** Removes the copy under `key` once everything it stood for is stored. */
export function clearRescue(key: string): void {
  try {
    localStore()?.removeItem(key);
  } catch {
    // Nothing to clear.
  }
}

/**
 * The unload copies taken back at load, kept in localStorage until every document they rescued
 * is stored again (or deleted): a crash before that write lands must find them at the next load.
 */
export class RescueInWaiting {
  private keys: readonly string[] = [];
  private readonly waiting = new Set<string>();

  /** The copies `taken` at load and the ids of the documents they rescued. */
  begin(taken: TakenRescue, rescuedIds: Iterable<string>): void {
    this.keys = taken.keys;
    for (const id of rescuedIds) this.waiting.add(id);
    this.settle();
  }

  /** Document `id` no longer needs its rescued copy (stored again, or deleted). */
  done(ids: Iterable<string>): void {
    for (const id of ids) this.waiting.delete(id);
    this.settle();
  }

  private settle(): void {
    if (this.waiting.size > 0 || this.keys.length === 0) return;
    for (const key of this.keys) clearRescue(key);
    this.keys = [];
  }
}
