import type { LoadedDocument } from "~/storage/document-records";
import type { DocumentSyncClient } from "~/storage/document-sync";
import type { HistoryStore } from "~/storage/history-store";
import { readActiveTabId } from "~/storage/notepad-settings";
import { NOTEPAD_NOTICES } from "./notepad-notices";
import type { Notice } from "./notepad-store";
import type { TabsState } from "./tabs-model";

/** The notepad's stored tabs as a page load finds them. */
export interface StoredTabs {
  /** The tabs to show; null when none are stored (or storage cannot be opened). */
  tabs: TabsState | null;
  documents: LoadedDocument[];
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
    if (documents.length === 0) return { tabs: null, documents, interrupted, notices };
    const metas = documents.map(({ id, name, lastModified, isModified }) => ({
      id,
      name,
      lastModified,
      isModified,
    }));
    const stored = readActiveTabId();
    const activeId = metas.some((tab) => tab.id === stored) ? (stored as string) : metas[0].id;
    return { tabs: { tabs: metas, activeId }, documents, interrupted, notices };
  } catch (error) {
    console.error(error);
    notices.push(NOTEPAD_NOTICES.storageUnavailable);
    return { tabs: null, documents: [], interrupted: null, notices };
  }
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
