import { openPlainpadDb } from "./db";
import { IDB } from "./keys";

/**
 * What the landing page hands to the editor: start a new empty document, open a file, or
 * start the Drive open flow.
 */
export type Handoff =
  | { kind: "new"; createdAt: number }
  | { kind: "file"; name: string; content: string; createdAt: number }
  | { kind: "drive-open"; createdAt: number };

const KEY = "pending";
/** A hand-off older than this is stale (the user came back days later) and is ignored. */
const MAX_AGE_MS = 10 * 60 * 1000;

/** Stores a hand-off for the editor's next load (IndexedDB: files may be up to 50 MB). */
export async function putHandoff(handoff: Handoff): Promise<void> {
  const db = await openPlainpadDb();
  await db.put(IDB.stores.handoff, handoff, KEY);
}

/** Reads and removes the pending hand-off, if any and still fresh. */
export async function takeHandoff(): Promise<Handoff | null> {
  const db = await openPlainpadDb();
  const tx = db.transaction(IDB.stores.handoff, "readwrite");
  const value = (await tx.store.get(KEY)) as Handoff | undefined;
  if (value) await tx.store.delete(KEY);
  await tx.done;
  if (!value || Date.now() - value.createdAt > MAX_AGE_MS) return null;
  return value;
}
