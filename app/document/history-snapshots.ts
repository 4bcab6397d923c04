import type { EditorState, Transaction } from "@codemirror/state";
import { textStatsField } from "~/codemirror/word-count";
import type { DocumentHistory } from "~/storage/document-history";
import type { SnapshotReason } from "~/storage/history-store";
import { formatDateTime } from "~/text/number-format";
import { applyToDocument, type DocumentView } from "./apply-to-document";
import type { ChangeFeed } from "./change-feed";
import { originOf } from "./change-origin";

/** What recording History needs of the editor's version history. */
export type VersionKeeper = Pick<DocumentHistory, "noteEdit" | "snapshotNow">;

/** The userEvent of restoring a version from the History panel (an undoable edit). */
export const RESTORE_USER_EVENT = "input.restore";

/** What History needs of an editor update (a CodeMirror `ViewUpdate` is one). */
export interface DocumentUpdate {
  readonly docChanged: boolean;
  readonly startState: EditorState;
  readonly transactions: readonly Transaction[];
}

/**
 * Why an update's text, as it was before the update, must be kept at once, or null for
 * ordinary editing: a Drive merge or another window's version replaced it, a Replace All, the
 * file's text from disk, or a version restored from the History panel.
 */
export function snapshotReasonOf(update: DocumentUpdate): SnapshotReason | null {
  for (const tr of update.transactions) {
    if (!tr.docChanged) continue;
    const origin = originOf(tr);
    if (origin === "drive-merge") return "drive-sync";
    if (origin === "other-window") return "other-window";
    if (tr.isUserEvent("input.replace.all")) return "replace-all";
    if (tr.isUserEvent("input.reload")) return "reloaded-from-disk";
    if (origin === "restore") return "before-restore";
  }
  return null;
}

/**
 * Tells `history` of a view update of document `id` (named `name`): a snapshot of the text
 * before the update when the update replaces it wholesale, else the editing rule (after a
 * pause, then every few minutes). Constant time: the text is kept by reference.
 */
export function recordHistory(
  history: VersionKeeper | null,
  id: string,
  name: string,
  update: DocumentUpdate,
): void {
  if (!history || !update.docChanged) return;
  // Built only when a snapshot is due: most keystrokes need nothing but the time check.
  const before = () => ({
    text: update.startState.doc,
    name,
    words: update.startState.field(textStatsField, false)?.words ?? null,
  });
  const reason = snapshotReasonOf(update);
  if (reason) void history.snapshotNow(id, before(), reason);
  else history.noteEdit(id, before);
}

/** Where a set's versions are kept, and its documents' names (a version is named). */
export interface HistoryKeeping {
  /** The version history; null while none are recorded (storage not started). */
  history(): VersionKeeper | null;
  /** Document `id`'s name, read only when its text changed. */
  name(id: string): string;
}

/**
 * History as a follower of a set's change feed (issue 51): every text change of a document,
 * shown or hidden, is recorded by one rule (`recordHistory`): a snapshot of the text before it
 * when it replaces the text wholesale (Drive's merge, another window's version, Replace All,
 * the file reloaded from disk, a restore), else the editing rule. A text put in a document not
 * built yet has no transaction: whoever put it there keeps the text before. Returns the
 * unsubscribe.
 */
export function followForHistory(feed: ChangeFeed, keeping: HistoryKeeping): () => void {
  return feed.subscribe(({ id, transaction }) => {
    if (!transaction?.docChanged) return;
    recordHistory(keeping.history(), id, keeping.name(id), {
      docChanged: true,
      startState: transaction.startState,
      transactions: [transaction],
    });
  });
}

/**
 * Puts a kept version's text in the document as one undoable edit (the update listener keeps
 * the text it replaces as a version first). False when there is no view.
 */
export function restoreVersion(
  view: (DocumentView & { focus(): void }) | null,
  text: string,
): boolean {
  if (!view) return false;
  applyToDocument(
    { view, held: null },
    {
      changes: { from: 0, to: view.state.doc.length, insert: text },
      selection: { anchor: 0 },
      userEvent: RESTORE_USER_EVENT,
      scrollIntoView: true,
    },
    "restore",
  );
  // At once, not a frame later: typing (or Undo) goes on in the text, and the closing History
  // dialog leaves focus where it is (a key sent in between went to the control focused before
  // the dialog, as a late frame on a busy machine showed).
  view.focus();
  return true;
}

/** The notice after a restore. */
export function restoredMessage(createdAt: number): string {
  return `Restored the version from ${formatDateTime(createdAt)}. Undo brings back the text you had.`;
}
