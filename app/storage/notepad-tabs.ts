import {
  DocumentStore,
  type LegacyMigration,
  parseStoredDocument,
  type StoredDocument,
} from "./document-store";
import { IDB, STORAGE_KEYS } from "./keys";

/**
 * The notepad's collection: one document per tab in the IndexedDB store "notepad-tabs"
 * (records "tab/<id>"), in tab order. Before IndexedDB the tabs were one localStorage array,
 * 'notepad-files' (the spec's key); it is migrated once, when the collection holds no tabs.
 */
export const notepadTabsStore = new DocumentStore({
  storeName: IDB.stores.notepadTabs,
  recordPrefix: "tab/",
  migrateLegacy: migrateLegacyTabs,
});

/** Reads the legacy 'notepad-files' localStorage array once and moves it into IndexedDB. */
async function migrateLegacyTabs(store: DocumentStore, now: number): Promise<LegacyMigration> {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(STORAGE_KEYS.notepadFiles);
  } catch {
    return { documents: [], keptAside: [] };
  }
  if (raw === null) return { documents: [], keptAside: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  const documents: StoredDocument[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  if (Array.isArray(parsed)) {
    for (const item of parsed) {
      const tab = parseStoredDocument(item);
      if (tab && !seen.has(tab.id)) {
        seen.add(tab.id);
        documents.push({ ...tab, revision: 1 });
      } else {
        skipped += 1;
      }
    }
  }
  // Anything not migrated (unparsable, or some entries unreadable) keeps the raw copy aside.
  const unreadable = skipped > 0 || !Array.isArray(parsed);
  if (unreadable) console.error("The legacy notepad tabs could not be read; kept aside.");
  const keptAside = await store.writeMigrated(
    documents,
    unreadable ? { [STORAGE_KEYS.notepadFiles]: raw } : {},
    now,
  );
  // Only after the data is safely in IndexedDB does the legacy copy go away.
  try {
    window.localStorage.removeItem(STORAGE_KEYS.notepadFiles);
  } catch {
    // Leaving it is harmless: it is only read when IndexedDB holds no tabs.
  }
  return { documents, keptAside };
}
