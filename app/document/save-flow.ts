import type { Text } from "@codemirror/state";
import type { DocumentFileFormat } from "~/storage/document-records";
import type { SnapshotReason } from "~/storage/history-store";
import type { TextEncodingId } from "~/text/text-encoding";
import { applyToDocument, type DocumentTarget } from "./apply-to-document";
import {
  browserDisk,
  type ChangedOnDiskChoice,
  reopenDocument,
  type SaveDisk,
  type SaveOutcome,
  saveDocument,
  saveDocumentAs,
} from "./file-save";
import { type SaveNotice, saveOutcomeNotice } from "./save-messages";
import { textFromElsewhere } from "./text-from-elsewhere";

/**
 * The one save flow of both editors (issue 51): Save, Save As, the file that changed on disk
 * (overwrite it keeping its text in History, or reload it), "Reopen with encoding", and what
 * each outcome does to the document, written once. The editors give a small host (their
 * document and what they do with it); the notepad's tab and the simple editor's document are
 * saved the same way.
 */

/** The user's "userEvent" of a reload from disk (History keeps the text it replaced). */
export const RELOAD_USER_EVENT = "input.reload";

/** A document as the save flow sees it. */
export interface SavedDocument {
  /** The name to save under (the download's name, the save dialog's suggestion). */
  readonly name: string;
  /** Its text; an edit gives a new one (`Text` is immutable), which is how a save tells. */
  readonly text: Text | string;
  /** Encoding, line ending and the file on this computer it belongs to. */
  readonly file: DocumentFileFormat;
}

/** What the save flow needs of the editor whose document it saves. */
export interface SaveFlowHost {
  /**
   * The document's key among the editor's documents (a notepad tab's id): its saves and
   * reopens run one at a time, each starting from the document as the one before left it.
   */
  readonly key: string;
  /** The document now, or null once it is gone (its tab closed, or another put in its place). */
  current(): SavedDocument | null;
  /** The apply path's view of the document (shown in a view, or held while hidden). */
  target(): DocumentTarget | null;
  /** The file changed on disk since it was read or saved: ask what to do (a dialog). */
  askChangedOnDisk(fileName: string): Promise<ChangedOnDiskChoice>;
  /** Keeps `text` as a version in the document's History, for `reason`. */
  recordSnapshot(text: Text | string, reason: SnapshotReason): Promise<unknown>;
  /**
   * A document whose editor state is not built yet (a notepad tab never shown) takes a
   * reloaded text as it is.
   */
  holdText?(text: string): void;
  /** The document now belongs to `file` as written or read; `mixed`: its lines were mixed. */
  setFile(file: DocumentFileFormat, mixedLineEndings: boolean): void;
  /** Save As chose a file: the document takes its name. */
  rename(fileName: string): void;
  /**
   * Clears the document's modified marker: what it holds was written or downloaded ("saved"),
   * or is the file's text as just read ("reloaded").
   */
  markSaved(how: "saved" | "reloaded"): void;
  /** Tells the user how the save went (the editor adds the Save / Save as… button). */
  notify(notice: SaveNotice): void;
}

/**
 * Save (into the document's file, else a download) or Save As (the system's save dialog, a
 * download where there is none), and the outcome applied: a written or downloaded document
 * is marked saved when nothing was typed meanwhile; a reload puts the disk's text in it.
 * Call from the click or key handler: permission prompts and pickers need the user's gesture.
 */
export function saveWithFlow(
  host: SaveFlowHost,
  mode: "save" | "save-as",
  disk: SaveDisk = browserDisk,
): Promise<SaveOutcome> {
  return oneAtATime(host.key, () => save(host, mode, disk));
}

async function save(
  host: SaveFlowHost,
  mode: "save" | "save-as",
  disk: SaveDisk,
): Promise<SaveOutcome> {
  const saved = host.current();
  if (!saved) return { kind: "cancelled" };
  const request = { name: saved.name, text: saved.text.toString(), file: saved.file };
  const outcome =
    mode === "save"
      ? await saveDocument(
          request,
          {
            askChangedOnDisk: (fileName) => host.askChangedOnDisk(fileName),
            keepOverwritten: (diskText) => host.recordSnapshot(diskText, "before-overwrite"),
          },
          disk,
        )
      : await saveDocumentAs(request, disk);
  const now = host.current();
  // The document went while the dialog or the write ran: the outcome is not its.
  if (!now) return outcome;
  // A format picked meanwhile (encoding, line ending) is not what was written: still unsaved.
  const unchanged =
    now.text === saved.text &&
    now.file.encoding === saved.file.encoding &&
    now.file.lineEnding === saved.file.lineEnding;
  if (outcome.kind === "written") {
    // The save decides only which file the document belongs to (and Save As its name): a
    // format or language picked while it wrote stays.
    host.setFile({ ...now.file, disk: outcome.file.disk }, false);
    if (mode === "save-as") host.rename(outcome.name);
    if (unchanged) host.markSaved("saved");
  } else if (outcome.kind === "downloaded") {
    if (unchanged) host.markSaved("saved");
  } else if (outcome.kind === "reload") {
    applyReload(host, outcome);
  }
  notifyOutcome(host, outcome);
  return outcome;
}

/** Reads the document's file again in `encoding` (the status bar's "Reopen with encoding"). */
export function reopenWithFlow(
  host: SaveFlowHost,
  encoding: TextEncodingId,
  disk: SaveDisk = browserDisk,
): Promise<SaveOutcome | null> {
  return oneAtATime(host.key, () => reopen(host, encoding, disk));
}

async function reopen(
  host: SaveFlowHost,
  encoding: TextEncodingId,
  disk: SaveDisk,
): Promise<SaveOutcome | null> {
  const link = host.current()?.file.disk;
  if (!link) return null;
  const outcome = await reopenDocument(link, encoding, disk);
  // The document went while its file was read.
  if (!host.current()) return outcome;
  if (outcome.kind === "reload") applyReload(host, outcome);
  notifyOutcome(host, outcome);
  return outcome;
}

/**
 * The save or reopen of each document (by `SaveFlowHost.key`) that the next one waits for. A
 * second Save pressed while the first still writes must not run beside it: it would check the
 * file against the link from before the first write (and ask whether to overwrite a change
 * that was our own), and the two writes could land in either order, leaving the older text in
 * the file while the document says saved.
 */
const running = new Map<string, Promise<unknown>>();

function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
  const before = running.get(key);
  // Nothing running: at once, inside the click's or key's handler (pickers need its gesture).
  const next = before ? before.then(work) : work();
  const settled = next.catch(() => undefined);
  running.set(key, settled);
  void settled.then(() => {
    if (running.get(key) === settled) running.delete(key);
  });
  return next;
}

/** The file's text as read from disk goes into the document, which is then as saved. */
function applyReload(host: SaveFlowHost, outcome: Extract<SaveOutcome, { kind: "reload" }>) {
  const target = host.target();
  if (target?.view) {
    // Shown: an undoable edit (Ctrl+Z brings back the text that was here); History keeps the
    // text it replaced (the update's "input.reload").
    applyToDocument(
      target,
      (state) => ({
        changes: { from: 0, to: state.doc.length, insert: outcome.text },
        userEvent: RELOAD_USER_EVENT,
      }),
      "restore",
    );
  } else {
    // Hidden: no view to undo in; the file's text goes in as read, out of the undo history.
    // History, a follower of the document's feed, keeps the text it replaced (the reload's
    // user event); a document not built yet takes it without a transaction, so here.
    if (target?.held?.state) {
      const reload = textFromElsewhere(outcome.text);
      applyToDocument(
        target,
        (state) => {
          const spec = reload(state);
          return spec && { ...spec, userEvent: RELOAD_USER_EVENT };
        },
        "open",
      );
    } else {
      const before = host.current();
      if (before) void host.recordSnapshot(before.text, "reloaded-from-disk");
      host.holdText?.(outcome.text);
    }
  }
  host.setFile(outcome.file, outcome.mixedLineEndings);
  host.markSaved("reloaded");
}

function notifyOutcome(host: SaveFlowHost, outcome: SaveOutcome): void {
  const notice = saveOutcomeNotice(outcome);
  if (notice) host.notify(notice);
}
