import type { DocumentList, ListedDocument } from "~/document/open-document";
import { MAX_DOCUMENT_NAME_LENGTH } from "~/document/document-names";

/**
 * The notepad's tab list as the UI store holds it: a projection of the document set
 * (app/document/document-set.ts, issue 51), which holds the tabs, their order, the active one
 * and the tab rules. The store's `tabs` is set only by following the set (`projectTabList`,
 * wired by the notepad's editor); nothing else writes it.
 */

/** One tab as the tab bar shows it (its name, unsaved mark and last change are its meta). */
type TabMeta = ListedDocument;

/** The ordered tab list and which tab is shown. Invariant: at least one tab; activeId is in tabs. */
export interface TabsState {
  readonly tabs: readonly TabMeta[];
  readonly activeId: string;
}

/** Longest tab name a rename accepts (spec: up to 30 characters). */
export const MAX_TAB_NAME_LENGTH = MAX_DOCUMENT_NAME_LENGTH;

/** What the prerendered page shows before the stored tabs are read: one empty "Untitled-1". */
export function initialTabsState(now: number): TabsState {
  const tab: TabMeta = { id: "1", name: "Untitled-1", lastModified: now, isModified: false };
  return { tabs: [tab], activeId: tab.id };
}

/** The store's tab list for the set's list (`followList` calls only when the list changed). */
function tabsStateOf(list: DocumentList): TabsState {
  return { tabs: list.documents, activeId: list.activeId };
}

/**
 * Keeps the store's tab list a projection of the set: set now, and again each time the set's
 * list changes (a tab added, closed, moved or activated, a rename, an unsaved mark: never a
 * keystroke), as tldraw's sync client listens to its store. Returns the unsubscribe.
 */
export function projectTabList(
  set: { list(): DocumentList; followList(listener: (list: DocumentList) => void): () => void },
  store: { setState(patch: { tabs: TabsState }): void },
): () => void {
  store.setState({ tabs: tabsStateOf(set.list()) });
  return set.followList((list) => store.setState({ tabs: tabsStateOf(list) }));
}

/** The name shown in a tab: "*" appended while modified. */
export function tabLabel(tab: TabMeta): string {
  return tab.isModified ? `${tab.name}*` : tab.name;
}
