import type { Text } from "@codemirror/state";
import type { TextChange } from "./chunk-changes";
import type { DocumentFileFormat, StoredDocument } from "./document-store";
import type { TextChunkTracker } from "./text-chunks";

// The contract between a DocumentSyncClient (document-sync.ts) and the editor that owns the
// documents: what the host is asked for and told, and the client's timing.

/** Another window's version of a document, as the host is given it. */
export interface RemoteDocument extends Omit<StoredDocument, "content"> {
  content: string | Text;
  /**
   * The same text as changes to `base`, the version this window last stored or read. A host
   * that still shows `base` (the same object) applies them, which keeps the selection and
   * costs what changed, not the whole text.
   */
  changes?: { base: Text | string; changes: readonly TextChange[] };
}

/** A document as the editor has it now: what a save writes. */
export interface DocumentSnapshot {
  /** The text: a CodeMirror document (immutable; chunked along its tree) or a plain string. */
  text: Text | string;
  name: string;
  lastModified: number;
  isModified: boolean;
  driveFileId: string | null;
  /** Encoding, line ending and file on disk. */
  file: DocumentFileFormat;
}

/** Where a store stands after the last write. */
export type StorageStatus = "ok" | "full" | "failed";

/** What the client asks of the editor that owns the documents. */
export interface DocumentSyncHost {
  /** The document as it is now; null when it no longer exists here (nothing is written). */
  snapshot(id: string): DocumentSnapshot | null;
  /**
   * Another window stored a newer version of a document this window has no unstored edits in
   * (`known` false: a document this window does not have yet). Show it.
   */
  adoptRemote(doc: RemoteDocument, known: boolean): void;
  /** Another window deleted these documents; none has unstored edits here. */
  remoteDeleted(ids: string[]): void;
  /** Another window changed the order. */
  remoteOrder(order: string[]): void;
  /**
   * A write found that another window stored a different version since this one read it.
   * Keep that version somewhere the user can reach, and tell them; this window's text is then
   * written on top (the later edit wins only after the other one is kept).
   */
  conflict(id: string, stored: StoredDocument, localText: string): void;
  /** The outcome of writing changed ("full": quota; "failed": another error; retried). */
  storageStatus(status: StorageStatus, error?: unknown): void;
  /**
   * A write has run for a while (the first store of a big document takes seconds), and later
   * that no write is running any more: show it, so nobody closes the page believing the text
   * is kept when it is not yet.
   */
  storing?(busy: boolean): void;
  /** A document with text was written after an edit (the backup reminder counts from it). */
  stored?(id: string): void;
}

/** Timing of a client. */
export interface DocumentSyncOptions {
  /** BroadcastChannel name shared by the windows of one collection. */
  channelName: string;
  /** Debounce after the last change (ms). */
  delay: number;
  /**
   * Longest a change waits while changes keep coming (ms); null for no limit. A function is
   * asked per document at its first pending change (it may depend on the document's size).
   */
  maxWait: number | null | ((id: string) => number | null);
  /** Retry interval after a failed write (ms). */
  retryMs?: number;
}

// Internal to the client (document-sync.ts), kept here to keep that module about its job.

/** Messages between windows. */
export type SyncMessage =
  | { type: "saved"; origin: string; id: string; revision: number }
  | { type: "deleted"; origin: string; ids: string[] }
  | { type: "order"; origin: string; order: string[] };

/** What the client keeps per document. */
export interface TrackedDocument {
  /** Revision of the stored record this window's text is based on (0: never stored). */
  revision: number;
  dirty: boolean;
  /** Bumped by each change; a finished save tells whether newer changes arrived. */
  changeCount: number;
  pendingSince: number;
  saving: boolean;
  /** The page is going away while a save runs: write the newer changes when it ends. */
  flushAfterSave: boolean;
  /** Cancels the scheduled write (a timer, or a frame then a timer); null when none. */
  timer: (() => void) | null;
  chunks: TextChunkTracker;
}
