import { ChangeSet, type Text } from "@codemirror/state";
import { applyTextChanges } from "./chunk-changes";
import type { DocumentStore } from "./document-store";
import type { DocumentSyncHost, SyncMessage, TrackedDocument } from "./document-sync-types";
import type { TextChunkTracker } from "./text-chunks";
import { sameText } from "~/text/same-text";

/**
 * Following other windows (the receiving half of DocumentSyncClient): their order and
 * deletions are passed on, and a document they saved is adopted unless this window has
 * unstored edits of its own, reading only the chunks that save wrote where it can.
 */

/** The parts of a DocumentSyncClient the follower reads and calls. */
export interface RemoteContext {
  store: DocumentStore;
  host: DocumentSyncHost;
  docs: Map<string, TrackedDocument>;
  /** This window's id in the messages: its own are ignored. */
  origin: string;
  isDisposed(): boolean;
  hasUnstored(id: string): boolean;
  adopted(id: string, revision: number): void;
  track(id: string, revision: number): void;
  /** The deletes of document `id` this window began (it closed it), and the one running. */
  deletion(id: string): { begun: number; running: Promise<void> | null } | undefined;
}

export async function followMessage(ctx: RemoteContext, message: SyncMessage): Promise<void> {
  if (!message || message.origin === ctx.origin || ctx.isDisposed()) return;
  if (message.type === "order") {
    ctx.host.remoteOrder(message.order);
    return;
  }
  if (message.type === "deleted") {
    // A document with unstored edits here stays (it will be stored again): never drop text.
    const ids = message.ids.filter((id) => !ctx.hasUnstored(id));
    for (const id of ids) ctx.docs.delete(id);
    if (ids.length) ctx.host.remoteDeleted(ids);
    return;
  }
  const existing = ctx.docs.get(message.id);
  if (existing && (existing.revision >= message.revision || existing.dirty || existing.saving))
    return;
  const known = existing?.chunks.storedVersion;
  if (known && (await adoptChanges(ctx, message.id, known))) return;
  const stored = await readPastDeletion(ctx, message.id);
  if (!stored || ctx.isDisposed()) return;
  const doc = ctx.docs.get(message.id);
  if (doc && (doc.revision >= stored.revision || doc.dirty || doc.saving)) return;
  if (doc) ctx.adopted(stored.id, stored.revision);
  else ctx.track(stored.id, stored.revision);
  ctx.host.adoptRemote(stored, !!doc);
}

/**
 * Reads document `id`, but never the record a delete of this window is about to remove: a
 * message heard while this window closes the document (its delete waits for the History copy)
 * reads it after the delete lands, so a save from before the close finds nothing, and only a
 * save made after it (another window kept typing there) brings the document back.
 */
async function readPastDeletion(ctx: RemoteContext, id: string) {
  for (;;) {
    const before = ctx.deletion(id);
    if (before?.running) {
      await before.running;
      continue;
    }
    const stored = await ctx.store.read(id);
    const after = ctx.deletion(id);
    if ((after?.begun ?? 0) === (before?.begun ?? 0)) return stored;
  }
}

/**
 * Follows another window's save of a document this window has stored or read before, by
 * reading only the chunks that save wrote. False when that cannot be done (read it all).
 */
async function adoptChanges(
  ctx: RemoteContext,
  id: string,
  known: NonNullable<TextChunkTracker["storedVersion"]>,
): Promise<boolean> {
  const result = await ctx.store.readChanges(id, {
    chunks: known.chunks,
    length: known.content.length,
  });
  if (result === "read-all") return false;
  // Gone: the "deleted" message takes care of it.
  if (result === null || ctx.isDisposed()) return true;
  const doc = ctx.docs.get(id);
  if (!doc || doc.revision >= result.doc.revision || doc.dirty || doc.saving) return true;
  // This window stored or adopted another version while the chunks were read.
  if (doc.chunks.storedVersion?.content !== known.content) return false;
  const { changes, chunks, length } = result.update;
  const content =
    typeof known.content === "string"
      ? applyTextChanges(known.content, changes)
      : ChangeSet.of(changes, known.content.length).apply(known.content);
  doc.revision = result.doc.revision;
  ctx.host.adoptRemote({ ...result.doc, content, changes: { base: known.content, changes } }, true);
  // Later saves compare against what is shown now, when these chunks hold it. A host that
  // kept its own text (a live document: its session's text is shown) must not take them for
  // its own, even of the same length: its next save would keep chunks holding the other text.
  const shown = ctx.host.snapshot(id)?.text;
  if (shown !== undefined && shown.length === length && holdSameText(shown, content)) {
    doc.chunks.adopt(shown, chunks);
  } else doc.chunks.reset();
  return true;
}

/** Whether two texts are the same; CodeMirror documents that share their trees compare fast. */
function holdSameText(a: Text | string, b: Text | string): boolean {
  if (typeof a !== "string") return sameText(a, b);
  if (typeof b !== "string") return sameText(b, a);
  return a === b;
}
