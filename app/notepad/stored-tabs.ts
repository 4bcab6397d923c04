import type { LoadedEntry } from "~/document/open-document";
import type { LoadedDocument } from "~/storage/document-records";
import type { DocumentSyncClient } from "~/storage/document-sync";
import type { HistoryStore } from "~/storage/history-store";
import { readActiveTabId } from "~/storage/notepad-settings";
import { NOTEPAD_NOTICES } from "./notepad-notices";
import type { Notice } from "./notepad-store";

/** The notepad's stored tabs as a page load finds them. */
export interface StoredTabs {
  /** The stored tabs to show, in their stored order (none when storage cannot be opened). */
  documents: LoadedDocument[];
  /** The tab to show: the one the page last showed when it is among them; null for none. */
  activeId: string | null;
  interrupted: InterruptedCloses | null;
  /** What the user should hear about the load (unreadable tabs, storage unavailable). */
  notices: Notice[];
}

/**
 * Loads the stored tabs through `sync` (which tracks them from then on), without the ones whose
 * close was interrupted, and with the active tab the page last showed.
 */
export async function loadStoredTabs(
  sync: DocumentSyncClient,
  history: HistoryStore,
): Promise<StoredTabs> {
  const notices: Notice[] = [];
  try {
    const result = await sync.load();
    if (result.keptAside.length)
      notices.push(NOTEPAD_NOTICES.tabsUnreadable(result.keptAside.length));
    const interrupted = await findInterruptedCloses(result.documents, history);
    const documents = result.documents.filter((doc) => !interrupted.closedIds.includes(doc.id));
    if (documents.length === 0) return { documents, activeId: null, interrupted, notices };
    const stored = readActiveTabId();
    const activeId = documents.some((doc) => doc.id === stored) ? stored : documents[0].id;
    return { documents, activeId, interrupted, notices };
  } catch (error) {
    console.error(error);
    notices.push(NOTEPAD_NOTICES.storageUnavailable);
    return { documents: [], activeId: null, interrupted: null, notices };
  }
}

/**
 * What the tabs' document set is filled with: the stored tabs as they are (their records keep
 * their format), or with none one empty "Untitled-1" of id "1" made `now`.
 */
export function setEntriesOf(documents: readonly LoadedDocument[], now: number): LoadedEntry[] {
  if (documents.length === 0) return [{ id: "1", content: "", meta: { lastModified: now } }];
  return documents.map((doc) => ({
    id: doc.id,
    content: doc.content,
    meta: {
      name: doc.name,
      isModified: doc.isModified,
      lastModified: doc.lastModified,
      driveFileId: doc.driveFileId,
      file: doc.file,
    },
  }));
}

/**
 * Closing a tab writes its copy among the recently closed first and deletes its stored document
 * after (tab-operations.ts `forget`), so a page closed in between loses nothing but finds the tab
 * in both places; reopening a closed tab has the same gap the other way round (the tab stored
 * again before its closed copy is forgotten). The next load settles each such tab once, by time:
 * a document last changed before its closed copy was made was being closed; one changed after
 * was being reopened.
 */
export interface InterruptedCloses {
  /** Tabs whose close did not finish: their stored documents go. */
  closedIds: string[];
  /** Tabs whose reopen did not finish: their copies among the recently closed go. */
  reopenedIds: string[];
}

export function sortInterruptedCloses(
  documents: readonly { id: string; lastModified: number }[],
  closed: readonly { id: string; closedAt: number }[],
): InterruptedCloses {
  const closedAt = new Map(closed.map((tab) => [tab.id, tab.closedAt]));
  const result: InterruptedCloses = { closedIds: [], reopenedIds: [] };
  for (const doc of documents) {
    const at = closedAt.get(doc.id);
    if (at === undefined) continue;
    if (doc.lastModified <= at) result.closedIds.push(doc.id);
    else result.reopenedIds.push(doc.id);
  }
  return result;
}

/** The interrupted closes among `documents` (none when the history cannot be read). */
export async function findInterruptedCloses(
  documents: readonly { id: string; lastModified: number }[],
  store: HistoryStore,
): Promise<InterruptedCloses> {
  try {
    if (documents.length === 0) return { closedIds: [], reopenedIds: [] };
    return sortInterruptedCloses(documents, await store.closedTabs.list());
  } catch (error) {
    console.error(error);
    return { closedIds: [], reopenedIds: [] };
  }
}

/** Finishes them: the closed tabs' documents deleted, the reopened tabs' closed copies dropped. */
export function finishInterruptedCloses(
  { closedIds, reopenedIds }: InterruptedCloses,
  forgetDocuments: (ids: string[]) => Promise<void>,
  store: HistoryStore,
): void {
  if (closedIds.length) void forgetDocuments(closedIds);
  if (reopenedIds.length)
    void store.closedTabs.forget(reopenedIds).catch((error: unknown) => console.error(error));
}
