import type { EditorView } from "@codemirror/view";
import { shouldHighlight, showLanguage } from "~/codemirror/document-language";
import { detectLanguage, type LanguageView, PLAIN_TEXT, sameLanguageView } from "~/text/languages";
import type { NotepadStore } from "./notepad-store";
import type { TabStates } from "./tab-states";

/** Characters of the text a language is told from (a shebang or a JSON opening). */
const HEAD_CHARS = 4096;

/** What showing a tab's language needs of the notepad. */
export interface TabLanguageHost {
  readonly store: NotepadStore;
  readonly states: TabStates;
  getView(): EditorView | null;
  activeId(): string;
  /** Shows the active tab's file format (with its picked language) in the status bar. */
  publishFileStatus(): void;
}

/**
 * Each notepad tab is shown in its language: the one picked for it, else its name's, else (a
 * name without an extension) its text's. Every tab's editor state has its own language
 * compartment, so switching tabs switches the highlighting with them.
 */
export class TabLanguages {
  /** "Highlight anyway" for these tabs (over the size limit), until the page closes. */
  private readonly forced = new Set<string>();

  constructor(private readonly host: TabLanguageHost) {}

  /** Shows the active tab in its language (after a switch, rename, open or paste). */
  apply(): void {
    const view = this.host.getView();
    const id = this.host.activeId();
    const doc = this.host.states.get(id);
    if (!view || !doc) return;
    const tab = this.host.store.getState().tabs.tabs.find((t) => t.id === id);
    const language = detectLanguage(
      tab?.name ?? "",
      view.state.doc.sliceString(0, HEAD_CHARS),
      doc.file.language ?? null,
    );
    const forced = this.forced.has(id);
    const highlighted = shouldHighlight(language, view.state.doc.length, forced);
    const next: LanguageView = {
      id: language,
      highlighted,
      tooLarge: language !== PLAIN_TEXT && !highlighted,
      forced,
    };
    const now = this.host.store.getState().language;
    if (!sameLanguageView(next, now)) this.host.store.setState({ language: next });
    void showLanguage(view, language, highlighted, () => {
      const shown = this.host.store.getState().language;
      return (
        this.host.activeId() === id && shown.id === language && shown.highlighted === highlighted
      );
    });
  }

  /** Picks the active tab's language (null: from its name again); kept with the tab. */
  choose(language: string | null): void {
    const id = this.host.activeId();
    const doc = this.host.states.get(id);
    if (!doc) return;
    // Its file format carries the picked language: stored by the feed's storage follower.
    this.host.states.changeMeta(id, { file: { ...doc.file, language } });
    this.host.publishFileStatus();
    this.apply();
  }

  /** Highlights the active tab although it is over the size limit. */
  force(): void {
    this.forced.add(this.host.activeId());
    this.apply();
  }

  /** Follows renames of the active tab (its extension may change its language). */
  follow(): () => void {
    return this.host.store.subscribe((state, previous) => {
      const active = state.tabs.tabs.find((t) => t.id === state.tabs.activeId);
      const before = previous.tabs.tabs.find((t) => t.id === previous.tabs.activeId);
      if (state.tabs.activeId === previous.tabs.activeId && active?.name !== before?.name)
        this.apply();
    });
  }
}
