import type { Extension } from "@codemirror/state";
import { EditorView, type ViewUpdate } from "@codemirror/view";
import { type EditorCompartments, type EditorViewOptions, textStatsField } from "~/codemirror";
import type { CommandKeyTarget } from "~/ui/command-keys";
import type { DocumentFileFormat } from "~/storage/document-store";
import type { PickedFile } from "~/storage/disk-files";
import {
  clampFontSize,
  DEFAULT_NOTEPAD_SETTINGS,
  NOTEPAD_FONT_SIZE,
  type NotepadSettings,
  writeNotepadSettings,
} from "~/storage/notepad-settings";
import { type EditedDocument, handleDocumentUpdate } from "~/document/edit-handler";
import { followForHistory, type VersionKeeper } from "~/document/history-snapshots";
import type { NotepadStore } from "./notepad-store";
import { changedStatus, notepadEditorOptions, notepadExtensions } from "./notepad-options";
import { notepadKeyActions } from "./notepad-key-mode";
import { TabStates } from "./tab-states";
import { projectTabList } from "./tabs-model";

/** What the notepad's editor calls in the rest of the notepad (given by the controller). */
export interface NotepadEditorLinks {
  /** The command registry and its context, for keys pressed in the text. */
  commandKeys(): CommandKeyTarget<unknown> | null;
  /** The tabs' version history (its follower of the tabs' feed keeps versions in it). */
  history(): VersionKeeper;
  /** The name of tab `id`. */
  tabName(id: string): string;
  /** Shows the active tab's language again (a tab shown, a text pasted into an empty one). */
  applyLanguage(): void;
  openFiles(picked: PickedFile[]): void;
  save(id: string): Promise<boolean>;
  closeTab(id: string): void;
  focusText(): void;
  /** False until the stored tabs are shown: settings wait for it. */
  ready(): boolean;
}

/**
 * The notepad's one editor view over the tabs' editor states (`TabStates`): showing a tab,
 * the options every tab's text is shown with (settings, theme, Vim or Emacs keys), the edit
 * handler (the one of app/document, both editors'), the status bar's figures and the find
 * bar's flags. Browser only (it makes an `EditorView`).
 */
export class NotepadEditor {
  readonly states: TabStates;
  private view: EditorView | null = null;
  /**
   * The tab the view shows. Its updates are that tab's, and a change of that tab goes through
   * the view: the set names the next tab active before the view is swapped (showActive), and
   * whatever its followers dispatch in between still belongs to the tab shown.
   */
  private shownId: string | null = null;
  private extensions: Extension[] | null = null;
  private darkTheme = false;
  private keyBindings: Extension = []; // Vim or Emacs, once chosen (notepad-key-mode.ts)

  constructor(
    private readonly store: NotepadStore,
    compartments: EditorCompartments,
    private readonly links: NotepadEditorLinks,
  ) {
    this.states = new TabStates(
      compartments,
      () => this.sharedExtensions(),
      () => (this.view && this.shownId ? { id: this.shownId, view: this.view } : null),
    );
    // The store's tab list is a projection of the tabs' set: set by following it, nothing else.
    projectTabList(this.states, store);
    // History follows the tabs' feed: the shown tab's edits and a hidden tab's changes alike.
    followForHistory(this.states.feed, {
      history: () => this.links.history(),
      name: (id) => this.links.tabName(id),
    });
  }

  /** Shows tab `activeId` in a new view in `parent`. */
  mount(parent: HTMLElement, activeId: string): void {
    this.shownId = activeId;
    this.view = new EditorView({ state: this.stateFor(activeId), parent });
    this.publishFileStatus();
    this.links.applyLanguage();
  }

  destroy(): void {
    this.view?.destroy();
    this.view = null;
    this.shownId = null;
  }

  /** The view of the active tab (for focus and tests). */
  getView(): EditorView | null {
    return this.view;
  }

  private activeId(): string {
    return this.states.activeId;
  }

  // ---------------------------------------------------------------- states and options

  private editorOptions(): EditorViewOptions {
    return {
      ...notepadEditorOptions(this.store.getState().settings, this.darkTheme),
      keyBindings: this.keyBindings,
    };
  }

  private sharedExtensions(): Extension[] {
    const links = this.links;
    this.extensions ??= notepadExtensions({
      commandKeys: () => links.commandKeys(),
      onUpdate: (update) => this.onUpdate(update),
      openFiles: (picked) => void picked.then((files) => links.openFiles(files)),
      pastedIntoEmpty: () => links.applyLanguage(),
      keyActions: notepadKeyActions(
        { save: links.save, closeTab: links.closeTab, openFind: () => this.openFind(false) },
        this.store,
      ),
    });
    return this.extensions;
  }

  /** The state of tab `id` with the current options. */
  stateFor(id: string) {
    return this.states.stateFor(id, this.editorOptions());
  }

  /** Swaps the view to tab `id`'s state, remembering the old tab's state and scroll. */
  showActive(id: string, previousId: string | null = this.shownId): void {
    const view = this.view;
    if (!view) return;
    if (previousId) this.states.remember(previousId, view);
    const state = this.stateFor(id);
    this.shownId = id;
    view.setState(state);
    const scroll = this.states.get(id)?.scroll;
    if (scroll) view.dispatch({ effects: scroll });
    this.refreshStatus();
    this.publishFileStatus();
    this.links.applyLanguage();
  }

  /** Puts Vim or Emacs bindings (or none) in every tab's text. */
  setKeyBindings(bindings: Extension): void {
    this.keyBindings = bindings;
    this.applyOptions();
  }

  /** Follows the site theme (light/dark). */
  setDarkTheme(dark: boolean): void {
    this.darkTheme = dark;
    this.applyOptions();
  }

  private applyOptions(): void {
    if (this.view && this.shownId)
      this.states.applyToView(this.shownId, this.view, this.editorOptions());
  }

  // ---------------------------------------------------------------- the active tab's file

  /** Puts the active tab's file figures (location, line ending, encoding) in the UI store. */
  publishFileStatus(): void {
    const doc = this.states.get(this.activeId());
    if (!doc) return;
    const current = this.store.getState().activeFile;
    const inDrive = doc.driveFileId !== null;
    const { file, mixedLineEndings: mixed } = doc;
    if (current.file === file && current.mixed === mixed && current.inDrive === inDrive) return;
    this.store.setState({ activeFile: { file, mixed, inDrive } });
  }

  /**
   * Changes how the active tab is written at its next save (encoding or line ending): the
   * tab is then modified, since its file no longer matches.
   */
  setFileFormat(patch: Partial<Pick<DocumentFileFormat, "encoding" | "lineEnding">>): void {
    const id = this.activeId();
    const doc = this.states.get(id);
    if (!doc) return;
    const file = { ...doc.file, ...patch };
    if (file.encoding === doc.file.encoding && file.lineEnding === doc.file.lineEnding) return;
    this.states.changeMeta(id, { file, mixedLineEndings: false, isModified: true });
    this.publishFileStatus();
  }

  // ---------------------------------------------------------------- the edit handler

  private onUpdate(update: ViewUpdate): void {
    handleDocumentUpdate(update, this.edited(this.shownId ?? this.activeId()));
    const countChanged =
      update.startState.field(textStatsField, false) !== update.state.field(textStatsField, false);
    if (update.docChanged || update.selectionSet || countChanged) this.refreshStatus();
  }

  /** The shown tab as the edit handler sees it. */
  private edited(id: string): EditedDocument {
    return {
      id,
      feed: this.states.feed,
      held: this.states.get(id),
      editedHere: () => this.noteEdit(id),
    };
  }

  /**
   * The unsaved mark rode in the edit's own transaction (`markModifiedOnEdit`: only the first edit
   * after a save changes the meta, so the tab list re-renders then and not per keystroke);
   * here only the time of the edit is kept, outside the meta.
   */
  private noteEdit(id: string): void {
    const doc = this.states.get(id);
    if (doc) doc.lastEditAt = Date.now();
  }

  /** Puts the shown text's line, column and counts in the status bar when they changed. */
  refreshStatus(): void {
    const state = this.view?.state;
    if (!state) return;
    const next = changedStatus(this.store.getState().status, state);
    if (next) this.store.setState({ status: next });
  }

  // ---------------------------------------------------------------- settings and find bar

  /** Changes settings, stores them and applies them to the editor. */
  updateSettings(patch: Partial<NotepadSettings>): void {
    if (!this.links.ready()) return;
    const settings = { ...this.store.getState().settings, ...patch };
    settings.fontSize = clampFontSize(settings.fontSize);
    this.store.setState({ settings });
    writeNotepadSettings(settings);
    this.applyOptions();
  }

  /** Font size one step up (+1) or down (-1). */
  stepFontSize(direction: 1 | -1): void {
    const { fontSize } = this.store.getState().settings;
    this.updateSettings({ fontSize: fontSize + direction * NOTEPAD_FONT_SIZE.step });
  }

  /** Font size back to 14. */
  resetFontSize(): void {
    this.updateSettings({ fontSize: DEFAULT_NOTEPAD_SETTINGS.fontSize });
  }

  /** Opens the find bar (and the replace row when `replace`). */
  openFind(replace: boolean): void {
    this.store.setState((s) => ({
      findOpen: true,
      replaceOpen: replace || (s.findOpen && s.replaceOpen),
      findFocusRequest: s.findFocusRequest + 1,
    }));
  }

  /** Closes the find bar. */
  closeFind(): void {
    this.store.setState({ findOpen: false, replaceOpen: false });
    this.links.focusText();
  }
}
