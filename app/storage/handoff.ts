import { openPlainpadDb } from "./db";
import type { DocumentFileFormat } from "./document-records";
import { IDB } from "./keys";

/**
 * What the landing page (or the share-link page) hands to the editor: start a new empty
 * document, open a file or a shared document, or start the Drive open flow.
 */
export type Handoff =
  | { kind: "new"; createdAt: number }
  | {
      kind: "file";
      name: string;
      /**
       * The text, or for a file read on the landing page its pieces (`textPieces`): a file of
       * hundreds of megabytes is never joined into one string on its way to the editor.
       */
      content: string | readonly string[];
      /** Encoding, line ending and (where the browser gives one) the file's handle. */
      file?: DocumentFileFormat;
      mixedLineEndings?: boolean;
      /**
       * "share-link": the text came from a share link and exists nowhere else on this device,
       * so declining to replace the current document offers to download it instead.
       */
      source?: "share-link";
      createdAt: number;
    }
  | { kind: "drive-open"; createdAt: number };

const KEY = "pending";
/** A hand-off older than this is stale (the user came back days later) and is ignored. */
const MAX_AGE_MS = 10 * 60 * 1000;

/**
 * A hand-off IndexedDB refused (private mode, storage turned off, disk full). The landing page
 * goes to the editor by client-side navigation, so the same page still has it in memory.
 */
let unstoredHandoff: Handoff | null = null;

/**
 * Stores a hand-off for the editor's next load (IndexedDB: files may be up to 50 MB, and a
 * full reload must find it). Never fails: when IndexedDB refuses, it is kept in memory.
 */
export async function putHandoff(handoff: Handoff): Promise<void> {
  try {
    const db = await openPlainpadDb();
    await db.put(IDB.stores.handoff, handoff, KEY);
    unstoredHandoff = null;
  } catch (error) {
    console.warn("The hand-off stays in memory: IndexedDB refused it", error);
    unstoredHandoff = handoff;
  }
}

/** Reads and removes the pending hand-off, if any and still fresh. */
export async function takeHandoff(): Promise<Handoff | null> {
  if (unstoredHandoff) {
    const handoff = unstoredHandoff;
    unstoredHandoff = null;
    return handoff;
  }
  const db = await openPlainpadDb();
  const tx = db.transaction(IDB.stores.handoff, "readwrite");
  const value = (await tx.store.get(KEY)) as Handoff | undefined;
  if (value) await tx.store.delete(KEY);
  await tx.done;
  if (!value || Date.now() - value.createdAt > MAX_AGE_MS) return null;
  return value;
}
