import {
  duplicateName,
  MAX_DOCUMENT_NAME_LENGTH,
  nextDocumentId,
  normaliseName,
  untitledName as untitledDocumentName,
} from "~/document/document-names";

/**
 * The notepad's tab list as pure data: naming, ids, modified flags, rename, close, duplicate and
 * reorder rules. No React, no DOM, no storage; every function returns a new state.
 * Tab text lives elsewhere (one CodeMirror EditorState per tab); this model keeps the metadata.
 * The naming rules are the document set's (app/document/document-names.ts), which will hold
 * the whole list (issue 51: document-set.ts).
 */

/** One tab's metadata (spec section 3, "Notepad tab", without the content). */
export interface TabMeta {
  /** "1" for the very first tab, then a timestamp-based string; unique within the list. */
  id: string;
  name: string;
  /** Epoch milliseconds of the last edit or rename. */
  lastModified: number;
  /** True after an edit or rename, false after a download. */
  isModified: boolean;
}

/** The ordered tab list and which tab is shown. Invariant: at least one tab; activeId is in tabs. */
export interface TabsState {
  tabs: TabMeta[];
  activeId: string;
}

/** Longest tab name a rename accepts (spec: up to 30 characters). */
export const MAX_TAB_NAME_LENGTH = MAX_DOCUMENT_NAME_LENGTH;

export { duplicateName };

/**
 * A fresh tab id: "1" when there are no tabs yet, otherwise the timestamp as a string, bumped
 * until it is unique (two tabs made in the same millisecond must not share an id).
 */
export function nextTabId(existing: readonly TabMeta[], now: number): string {
  return nextDocumentId(
    existing.map((tab) => tab.id),
    now,
  );
}

/** "Untitled-N" with N = tab count + 1, raised until no existing tab has that name. */
export function untitledName(existing: readonly TabMeta[]): string {
  return untitledDocumentName(existing.map((tab) => tab.name));
}

/** The state with one empty "Untitled-1" tab whose id is "1". */
export function initialTabsState(now: number): TabsState {
  const tab: TabMeta = { id: "1", name: "Untitled-1", lastModified: now, isModified: false };
  return { tabs: [tab], activeId: tab.id };
}

/** Adds a tab after the last one and activates it. `name` defaults to the next Untitled-N. */
export function addTab(
  state: TabsState,
  now: number,
  options: { name?: string; isModified?: boolean; id?: string; activate?: boolean } = {},
): { state: TabsState; tab: TabMeta } {
  const tab: TabMeta = {
    id: options.id ?? nextTabId(state.tabs, now),
    name: options.name ?? untitledName(state.tabs),
    lastModified: now,
    isModified: options.isModified ?? false,
  };
  const activate = options.activate ?? true;
  return {
    state: { tabs: [...state.tabs, tab], activeId: activate ? tab.id : state.activeId },
    tab,
  };
}

/**
 * The name a rename would store: trimmed, at most 30 characters; null when the result is empty
 * (the rename is then ignored).
 */
export function normaliseTabName(input: string): string | null {
  return normaliseName(input);
}

/** Renames a tab (marks it modified, per spec). Blank names and unknown ids leave state as is. */
export function renameTab(state: TabsState, id: string, input: string, now: number): TabsState {
  const name = normaliseTabName(input);
  const current = state.tabs.find((tab) => tab.id === id);
  if (name === null || !current || current.name === name) return state;
  return mapTab(state, id, (tab) => ({ ...tab, name, isModified: true, lastModified: now }));
}

/** Marks a tab as edited. Returns the same object when nothing changes (cheap per keystroke). */
export function markModified(state: TabsState, id: string, now: number): TabsState {
  const current = state.tabs.find((tab) => tab.id === id);
  if (!current || current.isModified) return state;
  return mapTab(state, id, (tab) => ({ ...tab, isModified: true, lastModified: now }));
}

/** Clears the modified flag (after a download). */
export function clearModified(state: TabsState, id: string): TabsState {
  const current = state.tabs.find((tab) => tab.id === id);
  if (!current || !current.isModified) return state;
  return mapTab(state, id, (tab) => ({ ...tab, isModified: false }));
}

/** Shows another tab. Unknown ids leave the state as is. */
export function activateTab(state: TabsState, id: string): TabsState {
  if (state.activeId === id || !state.tabs.some((tab) => tab.id === id)) return state;
  return { ...state, activeId: id };
}

/** Shows the tab at a 0-based position (Ctrl/Cmd+1..9); out of range leaves the state as is. */
export function activateTabAt(state: TabsState, index: number): TabsState {
  const tab = state.tabs[index];
  return tab ? activateTab(state, tab.id) : state;
}

/** Whether a tab may be closed: never the last one. */
export function canCloseTab(state: TabsState): boolean {
  return state.tabs.length > 1;
}

/**
 * Closes a tab. The last tab cannot be closed (state returned unchanged). Closing the active tab
 * activates the first remaining one. Asking about unsaved changes is the caller's job.
 */
export function closeTab(state: TabsState, id: string): TabsState {
  if (!canCloseTab(state) || !state.tabs.some((tab) => tab.id === id)) return state;
  const tabs = state.tabs.filter((tab) => tab.id !== id);
  const activeId = state.activeId === id ? tabs[0].id : state.activeId;
  return { tabs, activeId };
}

/** Closes every tab except `id`, which becomes active. Returns the ids that were closed too. */
export function closeOtherTabs(
  state: TabsState,
  id: string,
): { state: TabsState; closed: string[] } {
  const keep = state.tabs.find((tab) => tab.id === id);
  if (!keep) return { state, closed: [] };
  const closed = state.tabs.filter((tab) => tab.id !== id).map((tab) => tab.id);
  return { state: { tabs: [keep], activeId: id }, closed };
}

/** Inserts a modified copy of tab `id` right after it and activates the copy. */
export function duplicateTab(
  state: TabsState,
  id: string,
  now: number,
): { state: TabsState; tab: TabMeta | null } {
  const index = state.tabs.findIndex((tab) => tab.id === id);
  if (index < 0) return { state, tab: null };
  const tab: TabMeta = {
    id: nextTabId(state.tabs, now),
    name: duplicateName(state.tabs[index].name),
    lastModified: now,
    isModified: true,
  };
  const tabs = [...state.tabs.slice(0, index + 1), tab, ...state.tabs.slice(index + 1)];
  return { state: { tabs, activeId: tab.id }, tab };
}

/** Moves the tab at `from` to position `to` (both 0-based, clamped). */
export function moveTab(state: TabsState, from: number, to: number): TabsState {
  const count = state.tabs.length;
  if (from < 0 || from >= count) return state;
  const target = Math.max(0, Math.min(count - 1, to));
  if (target === from) return state;
  const tabs = [...state.tabs];
  const [moved] = tabs.splice(from, 1);
  tabs.splice(target, 0, moved);
  return { ...state, tabs };
}

/** Moves tab `id` one place left (-1) or right (+1): the keyboard alternative to dragging. */
export function moveTabBy(state: TabsState, id: string, delta: number): TabsState {
  const from = state.tabs.findIndex((tab) => tab.id === id);
  return from < 0 ? state : moveTab(state, from, from + delta);
}

/** Puts the tabs in the given id order; unknown ids are skipped, missing tabs keep their place at the end. */
export function orderTabs(state: TabsState, order: readonly string[]): TabsState {
  const byId = new Map(state.tabs.map((tab) => [tab.id, tab]));
  const ordered: TabMeta[] = [];
  for (const id of order) {
    const tab = byId.get(id);
    if (tab) {
      ordered.push(tab);
      byId.delete(id);
    }
  }
  return { ...state, tabs: [...ordered, ...byId.values()] };
}

/** Replaces a tab's metadata fields (e.g. from another window). */
export function updateTab(
  state: TabsState,
  id: string,
  patch: Partial<Omit<TabMeta, "id">>,
): TabsState {
  if (!state.tabs.some((tab) => tab.id === id)) return state;
  return mapTab(state, id, (tab) => ({ ...tab, ...patch }));
}

/** Removes a tab wherever it is, even the last one being replaced by a fresh tab (sync from another window). */
export function removeTabForSync(state: TabsState, id: string, now: number): TabsState {
  if (!state.tabs.some((tab) => tab.id === id)) return state;
  if (state.tabs.length === 1) return initialTabsStateWithId(nextTabId(state.tabs, now), now);
  return closeTab(state, id);
}

function initialTabsStateWithId(id: string, now: number): TabsState {
  return { tabs: [{ id, name: "Untitled-1", lastModified: now, isModified: false }], activeId: id };
}

/** The name shown in a tab: "*" appended while modified. */
export function tabLabel(tab: TabMeta): string {
  return tab.isModified ? `${tab.name}*` : tab.name;
}

function mapTab(state: TabsState, id: string, fn: (tab: TabMeta) => TabMeta): TabsState {
  return { ...state, tabs: state.tabs.map((tab) => (tab.id === id ? fn(tab) : tab)) };
}
