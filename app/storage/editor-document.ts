import { openPlainpadDb } from "./db";
import {
  DocumentStore,
  type LegacyMigration,
  newFileFormat,
  type StoredDocument,
} from "./document-store";
import { IDB } from "./keys";

/** The id of the simple editor's one document. */
export const EDITOR_DOCUMENT_ID = "editor";

/** Key of the draft record before the document engine (schema 1: text inline). */
const LEGACY_DRAFT_KEY = "draft";

/**
 * The simple editor's collection: its one document ("doc/editor") in the IndexedDB store
 * "editor-draft", kept exactly like a notepad tab (chunks, revision, keep-aside). The draft of
 * earlier versions (one record "draft" with the text inline) is migrated once.
 */
export const editorDocumentStore = new DocumentStore({
  storeName: IDB.stores.editorDraft,
  recordPrefix: "doc/",
  isLegacyKey: (key) => key === LEGACY_DRAFT_KEY,
  migrateLegacy: migrateLegacyDraft,
});

/** Validates a legacy draft record into a document; null when it is not one. */
export function parseLegacyDraft(value: unknown): StoredDocument | null {
  if (typeof value !== "object" || value === null) return null;
  const r = value as Record<string, unknown>;
  if (typeof r.content !== "string" || typeof r.fileName !== "string") return null;
  return {
    id: EDITOR_DOCUMENT_ID,
    name: r.fileName,
    content: r.content,
    driveFileId: typeof r.fileId === "string" ? r.fileId : null,
    isModified: r.dirty === true,
    lastModified: typeof r.savedAt === "number" ? r.savedAt : 0,
    file: newFileFormat(),
    revision: 1,
  };
}

async function migrateLegacyDraft(store: DocumentStore, now: number): Promise<LegacyMigration> {
  const db = await openPlainpadDb();
  const value: unknown = await db.get(IDB.stores.editorDraft, LEGACY_DRAFT_KEY);
  if (value === undefined) return { documents: [], keptAside: [] };
  const doc = parseLegacyDraft(value);
  if (!doc) console.error("The stored editor draft could not be read; kept aside.");
  const documents = doc ? [doc] : [];
  const keptAside = await store.writeMigrated(
    documents,
    doc ? {} : { [LEGACY_DRAFT_KEY]: value },
    now,
    [LEGACY_DRAFT_KEY],
  );
  return { documents, keptAside };
}
