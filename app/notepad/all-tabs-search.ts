import { EditorSelection, type EditorState, Text } from "@codemirror/state";
import type { EditorView } from "@codemirror/view";
import { applyToDocument } from "~/document/apply-to-document";
import { yieldToPage } from "~/storage/work-slices";
import { type DocMatches, findInDocs } from "~/text/find-all";
import { replaceAll } from "~/text/find-replace";
import type { NotepadStore } from "./notepad-store";
import type { TabStates } from "./tab-states";

/** One tab's matches, as the results list shows them. */
export interface TabMatches extends DocMatches {
  id: string;
  name: string;
}

function asText(content: string | Text): Text {
  return typeof content === "string" ? Text.of(content.split(/\r\n?|\n/)) : content;
}

/** What searching every tab needs of the notepad. */
export interface AllTabsSearchHost {
  readonly store: NotepadStore;
  readonly states: TabStates;
  getView(): EditorView | null;
  activeId(): string;
  /** The state of tab `id` with the current options. */
  stateFor(id: string): EditorState;
}

/** What searching every tab calls in the rest of the notepad (given by the controller). */
export interface AllTabsSearchLinks {
  /** Shows tab `id`. */
  activate(id: string): void;
  /** Replace All in the shown tab's view (one undo step); says how many were replaced. */
  replaceAllShown(find: string, replace: string): { count: number };
}

/**
 * Find and Replace All in every tab (issue 31 item 2): the search reads one window of text at
 * a time and lets the page run between windows; Replace All keeps each changed tab's text in
 * its version history first and is one undo step per tab.
 */
export class AllTabsSearch {
  constructor(
    private readonly notepad: AllTabsSearchHost,
    private readonly links: AllTabsSearchLinks,
  ) {}

  /**
   * Every match of `query` (case-insensitive, as Find), tab by tab in tab order; `found` hears
   * of each tab as it is done. Resolves false when `isCurrent` turned false (a newer search).
   */
  find(
    query: string,
    isCurrent: () => boolean,
    found: (tab: TabMatches) => void,
  ): Promise<boolean> {
    const tabs = this.notepad.store.getState().tabs.tabs;
    // Each tab's text is made a document only when its turn comes: twenty unshown 1 MB tabs
    // split at once were one 250 ms task.
    const docs = tabs.map((tab) => ({
      id: tab.id,
      doc: () => asText(this.notepad.states.text(tab.id)),
    }));
    const names = new Map(tabs.map((tab) => [tab.id, tab.name]));
    return findInDocs(
      docs,
      query,
      async () => {
        await yieldToPage();
        return isCurrent();
      },
      (id, matches) => found({ id, name: names.get(id) ?? "Untitled", ...matches }),
    );
  }

  /** Shows a match: its tab, the match selected, the focus in the text. */
  show(id: string, from: number, to: number): void {
    this.links.activate(id);
    const view = this.notepad.getView();
    if (!view) return;
    const end = Math.min(to, view.state.doc.length);
    view.dispatch({
      selection: EditorSelection.single(Math.min(from, end), end),
      scrollIntoView: true,
    });
    view.focus();
  }

  /**
   * Replaces every exact occurrence in every tab: one undo step per tab, each changed tab's
   * text kept in its version history first. Says how many, in how many tabs.
   */
  async replaceAll(find: string, replace: string): Promise<string> {
    if (!find || !replace) return "Enter both the text to find and its replacement.";
    const { notepad } = this;
    const activeId = notepad.activeId();
    let total = 0;
    let tabsChanged = 0;
    for (const tab of notepad.store.getState().tabs.tabs) {
      if (tab.id === activeId) {
        // The shown tab: dispatched to the view, whose history keeps the text before it.
        const { count } = this.links.replaceAllShown(find, replace);
        total += count;
        if (count) tabsChanged++;
      } else {
        const state = notepad.stateFor(tab.id);
        const result = replaceAll(state, find, replace);
        const doc = notepad.states.get(tab.id);
        if (result.transaction && doc) {
          // History, a follower of the tabs' feed, keeps the text before it (its user event
          // is "input.replace.all"); the tab is marked unsaved in the same transaction, and
          // storage, a follower too, stores it.
          doc.state ??= state;
          applyToDocument(notepad.states.target(tab.id, null)!, result.transaction, "user");
          doc.lastEditAt = Date.now();
          total += result.count;
          tabsChanged++;
        }
      }
      // Each tab is its own task: twenty big tabs never freeze the page.
      await yieldToPage();
    }
    if (total === 0) return `No occurrences of "${find}" in any tab.`;
    return `Replaced ${total} occurrence${total === 1 ? "" : "s"} in ${tabsChanged} tab${tabsChanged === 1 ? "" : "s"}.`;
  }
}
