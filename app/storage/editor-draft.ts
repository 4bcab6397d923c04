import { openPlainpadDb } from "./db";
import { IDB } from "./keys";

/** The simple editor's draft, kept in IndexedDB so a reload or crash loses nothing. */
export interface EditorDraft {
  content: string;
  fileName: string;
  /** Google Drive file id when the document came from or was saved to Drive. */
  fileId: string | null;
  /** True when the draft has changes not yet downloaded or saved to Drive. */
  dirty: boolean;
  /** When the draft was written (ms since epoch). */
  savedAt: number;
}

const KEY = "draft";
/** Schema version stored with the draft. */
const SCHEMA = 1;

/** Validates a stored value into a draft; null when absent or not a draft. */
export function parseEditorDraft(value: unknown): EditorDraft | null {
  if (typeof value !== "object" || value === null) return null;
  const r = value as Record<string, unknown>;
  if (typeof r.content !== "string" || typeof r.fileName !== "string") return null;
  return {
    content: r.content,
    fileName: r.fileName,
    fileId: typeof r.fileId === "string" ? r.fileId : null,
    dirty: r.dirty === true,
    savedAt: typeof r.savedAt === "number" ? r.savedAt : 0,
  };
}

/** Reads the stored draft (null when none). Rejects when IndexedDB is unavailable. */
export async function loadEditorDraft(): Promise<EditorDraft | null> {
  const db = await openPlainpadDb();
  return parseEditorDraft(await db.get(IDB.stores.editorDraft, KEY));
}

/** Writes the draft. Rejects on a storage failure (quota, blocked), so the caller can warn. */
export async function saveEditorDraft(draft: EditorDraft): Promise<void> {
  const db = await openPlainpadDb();
  await db.put(IDB.stores.editorDraft, { schema: SCHEMA, ...draft }, KEY);
}

/** Removes the draft (New document). */
export async function clearEditorDraft(): Promise<void> {
  const db = await openPlainpadDb();
  await db.delete(IDB.stores.editorDraft, KEY);
}
