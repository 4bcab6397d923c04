import type { EditorState } from "@codemirror/state";
import { applyToDocument } from "~/document/apply-to-document";
import type { ChangeFeed } from "~/document/change-feed";
import { metaOf, setMeta } from "~/document/document-meta";
import { textFromElsewhere } from "~/document/text-from-elsewhere";
import { followForStorage } from "~/document/storage-follower";
import type { LoadedDocument, StoredDocument } from "~/storage/document-store";
import {
  DocumentSyncClient,
  type RemoteDocument,
  type StorageStatus,
} from "~/storage/document-sync";
import { EDITOR_DOCUMENT_ID, editorDocumentStore } from "~/storage/editor-document";
import { noteStored } from "~/storage/keep-safe";
import { withDefaultExtension } from "~/text/file-name";
import { downloadText } from "~/ui/download";
import type { EditorDocumentSet } from "./editor-document-set";
import { useEditorStore } from "./editor-store";

/** Shown while the document cannot be stored in this browser. */
export const STORAGE_WARNING =
  "Your latest changes could not be stored in this browser (storage is full or blocked). The text is still here: download it to keep a copy.";

/** A change is stored this long after the last keystroke... */
const SAVE_DELAY_MS = 700;
/** ...and while typing goes on, at least this often (spec: within a second)... */
const SAVE_MAX_WAIT_MS = 1000;
/**
 * ...for documents up to this many characters. A write during continuous typing costs a few
 * milliseconds of a keystroke's frame at tens of megabytes, so bigger documents are stored at
 * each pause in typing (and on page hide) instead.
 */
const MAX_WAIT_LIMIT_CHARS = 1_000_000;

/** What the persistence asks of the editor page. */
export interface EditorPersistenceHost {
  /** The document's state as it is now, its text and meta (null before the view exists). */
  currentState(): EditorState | null;
  /**
   * Another /editor/ window stored a newer version and this one has no unstored edits: show
   * it, with the origin `other-window` (not an undoable edit of this window, and not stored
   * again: that window stored it). `doc.changes` gives the same text as changes to a version
   * this window had: apply them if it still shows exactly that one.
   */
  adoptRemote(doc: RemoteDocument): void;
}

/**
 * Shows another /editor/ window's stored version in this one (nothing before its view exists):
 * its text and its meta as they were stored (name, unsaved flag, Drive file, file format) in
 * one transaction through the apply path, with the origin `other-window`: out of the undo
 * history, and not stored again by the storage follower (that window stored it).
 */
export function showOtherWindowVersion(documents: EditorDocumentSet, doc: RemoteDocument): void {
  const { content, changes, name, isModified, lastModified, driveFileId, file } = doc;
  const putText = textFromElsewhere(content, changes);
  // One transaction: the text (unless it is already this window's, or comes from a live
  // session) and the meta it was stored with.
  const spec = (state: EditorState) => ({
    ...putText(state),
    effects: setMeta.of({ name, isModified, lastModified, driveFileId, file }),
  });
  const target = documents.shownTarget();
  if (target) applyToDocument(target, spec, "other-window");
}

/**
 * The simple editor's document on the shared document engine: its one document is a record of
 * the "editor-draft" collection, written through a `DocumentSyncClient` exactly like a notepad
 * tab (nothing before the stored document loaded; debounce with a maximum wait; flush on hide;
 * only changed chunks; unreadable data kept aside). Two /editor/ windows share it: an idle
 * window follows the other's edits, and when both changed it, the later write wins only after
 * the other window's text was kept aside, with a notice that offers it for download. It hears
 * of changes only by following the document's change feed (`follow`).
 */
export class EditorPersistence {
  readonly sync: DocumentSyncClient;

  constructor(private readonly host: EditorPersistenceHost) {
    this.sync = new DocumentSyncClient(
      editorDocumentStore,
      {
        snapshot: () => this.snapshot(),
        adoptRemote: (doc) => this.host.adoptRemote(doc),
        remoteDeleted: () => undefined,
        remoteOrder: () => undefined,
        conflict: (_id, stored, local) => this.keepOtherWindowVersion(stored, local),
        storageStatus: (status) => this.onStatus(status),
        storing: (busy) => useEditorStore.setState({ storing: busy }),
        stored: () => noteStored("editor", Date.now()),
      },
      {
        channelName: "plainpad-editor",
        delay: SAVE_DELAY_MS,
        maxWait: () =>
          (this.host.currentState()?.doc.length ?? 0) <= MAX_WAIT_LIMIT_CHARS
            ? SAVE_MAX_WAIT_MS
            : null,
      },
    );
  }

  /**
   * Reads the stored document (null when there is none). Data that could not be read is kept
   * aside and reported in the notices; an unavailable store shows the storage warning.
   */
  async load(): Promise<LoadedDocument | null> {
    try {
      const result = await this.sync.load();
      if (result.keptAside.length) {
        useEditorStore.getState().notify({
          kind: "error",
          text: "Your saved draft could not be read, so the editor starts empty. The unreadable data was kept aside in this browser's storage and was not deleted.",
        });
      }
      const doc = result.documents.find((d) => d.id === EDITOR_DOCUMENT_ID) ?? null;
      if (!doc) this.sync.track(EDITOR_DOCUMENT_ID);
      return doc;
    } catch (error) {
      console.error(error);
      useEditorStore.getState().setStorageWarning(STORAGE_WARNING);
      return null;
    }
  }

  /** Opens the load gate: from now on changes are stored. */
  start(): void {
    this.sync.start();
  }

  /**
   * Storage follows the document's feed (the one place it hears of a change): a text change
   * (typing, a restore, a live session's text) is written after the debounce, a change of
   * meta (name, unsaved flag, Drive file, file format) or an opened document at once; another window's
   * version is not written again. Returns the unsubscribe.
   */
  follow(feed: ChangeFeed): () => void {
    return followForStorage(feed, {
      noteChange: (id, immediate) => this.sync.noteChange(id, immediate),
    });
  }

  /** Stores what is pending and stops. */
  dispose(): void {
    this.sync.dispose();
  }

  private snapshot() {
    const state = this.host.currentState();
    if (!state) return null;
    // The record's fields, all from the document's state (the record's format is unchanged).
    const { name, isModified, lastModified, driveFileId, file } = metaOf(state);
    return { text: state.doc, name, lastModified, isModified, driveFileId, file };
  }

  private keepOtherWindowVersion(stored: StoredDocument, local: string): void {
    if (stored.content === local) return;
    // Kept in this browser whatever the user does with the notice.
    void editorDocumentStore
      .keepConflictAside(stored)
      .catch((error: unknown) => console.error("Keeping the other window's text failed", error));
    useEditorStore.getState().notify({
      kind: "info",
      text: `This document was also changed in another editor window. Your text here is kept; the other window's version ("${stored.name}", ${stored.content.length.toLocaleString("en-US")} characters) was kept aside in this browser.`,
      action: {
        label: "Download the other version",
        run: () => downloadText(stored.content, withDefaultExtension(stored.name)),
      },
    });
  }

  private onStatus(status: StorageStatus): void {
    useEditorStore.getState().setStorageWarning(status === "ok" ? null : STORAGE_WARNING);
  }
}
