import { openPlainpadDb } from "./db";
import type { DocumentFileFormat } from "./document-records";
import { IDB } from "./keys";

/**
 * What a page hands to the editor in IndexedDB: a file read on the landing page, a shared
 * document, a template. (Starting a new document or the Drive open flow needs no data: those
 * go to the editor with an action in the address, `editorActionHref`.)
 */
export type Handoff = {
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
};

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

/**
 * What a link into the simple editor asks it to do, carried in the address so the link works
 * before the page's scripts run (or with none): start a new empty document, open a file from
 * this computer, or open one from Google Drive.
 */
export type EditorAction = "new" | "open" | "drive-open";

const EDITOR_ACTIONS: readonly EditorAction[] = ["new", "open", "drive-open"];
const ACTION_PARAM = "action";

/** The address of the simple editor that does `action` once it has loaded. */
export function editorActionHref(action: EditorAction): string {
  return `/editor/?${ACTION_PARAM}=${action}`;
}

/** The action a query string (`location.search`) asks of the editor, if it names one. */
export function readEditorAction(search: string): EditorAction | null {
  const value = new URLSearchParams(search).get(ACTION_PARAM);
  return EDITOR_ACTIONS.find((action) => action === value) ?? null;
}

/**
 * Reads this page's editor action and takes it out of the address (keeping the rest, the live
 * link's fragment too), so a reload or a bookmark does not repeat it.
 */
export function takeEditorAction(): EditorAction | null {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(ACTION_PARAM)) return null;
  const action = readEditorAction(url.search);
  url.searchParams.delete(ACTION_PARAM);
  window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
  return action;
}
