import type { Extension } from "@codemirror/state";
import { EditorView, type ViewUpdate } from "@codemirror/view";
import { createEditorCompartments, type EditorViewOptions, textStatsField } from "~/codemirror";
import type { CommandKeyTarget } from "~/ui/command-keys";
import type { DocumentFileFormat } from "~/storage/document-store";
import { DocumentHistory, HISTORY_FULL_MESSAGE } from "~/storage/document-history";
import { DocumentSyncClient } from "~/storage/document-sync";
import { HistoryStore } from "~/storage/history-store";
import { finishInterruptedCloses, loadStoredTabs } from "./stored-tabs";
import { notesAsEdit } from "~/document/change-origin";
import { recordHistory } from "~/document/history-snapshots";
import { followForStorage } from "~/document/storage-follower";
import {
  clampFontSize,
  DEFAULT_NOTEPAD_SETTINGS,
  NOTEPAD_FONT_SIZE,
  type NotepadSettings,
  readNotepadSettings,
  writeNotepadSettings,
} from "~/storage/notepad-settings";
import { notepadTabsStore } from "~/storage/notepad-tabs";
import { listenForPageFileDrops } from "~/ui/page-file-drop";
import { type Notice, type NotepadStore, whenLoaded } from "./notepad-store";
import { handleLaunch } from "./notepad-launch";
import {
  addNotice,
  dismissNotice,
  nearlyFullNotice,
  NOTEPAD_NOTICES,
  showStorageStatus,
} from "./notepad-notices";
import { changedStatus, notepadEditorOptions, notepadExtensions } from "./notepad-options";
import { notepadKeyActions } from "./notepad-key-mode";
import { AllTabsSearch } from "./all-tabs-search";
import { NotepadTextActions } from "./notepad-text-actions";
import { TabLanguages } from "./tab-language";
import { NotepadTabs } from "./tab-operations";
import { NotepadBackups } from "./backup-operations";
import { NotepadSaves } from "./tab-saves";
import { NotepadWindowSync } from "./tab-sync";
import { NotepadDriveSync } from "./drive-sync";
import { createNotepadSync } from "~/drive/sync/notepad-sync";
import { getDrive } from "~/drive/drive";
import { prepareWhenIdle, TabStates } from "./tab-states";
import { markModified, updateTab } from "./tabs-model";
import { NotepadLive } from "./tab-live";
import { FileReadTracker } from "~/ui/file-read-progress";

/** Every edit is stored at most this long after it happened (spec: within 1 second). */
export const SAVE_DELAY_MS = 700;

/** What the page gives the engine. */
export interface NotepadControllerOptions {
  /** Asks the user a yes/no question (the page passes the browser's confirm dialog). */
  confirm: (message: string) => boolean;
  /** The command registry and its context, for keys pressed in the text. */
  commandKeys?: () => CommandKeyTarget<unknown> | null;
}

/**
 * The notepad's engine: one EditorView showing one tab's EditorState at a time (`TabStates`),
 * the tab operations (`NotepadTabs`), the text actions (`NotepadTextActions`), and the
 * persistence of every tab through the shared document engine (`DocumentSyncClient`: autosave,
 * keep-aside, revisions, other windows). The React UI reads the zustand store and calls these.
 * Browser only.
 */
export class NotepadController {
  readonly states: TabStates;
  readonly sync: DocumentSyncClient;
  readonly tabs: NotepadTabs;
  readonly backups: NotepadBackups;
  readonly saves: NotepadSaves;
  readonly windows: NotepadWindowSync;
  /** Background sync of tabs with Google Drive, and each tab's Drive file. */
  readonly drive: NotepadDriveSync;
  readonly text: NotepadTextActions;
  readonly languages = new TabLanguages(this);
  readonly allTabs: AllTabsSearch;
  /** Version history of the tabs and the recently closed ones. */
  readonly history: DocumentHistory;
  /** The big file being read into a new tab, for the progress bar and its Cancel button. */
  readonly fileReads = new FileReadTracker();
  private view: EditorView | null = null;
  readonly compartments = createEditorCompartments();
  /** Live collaboration sessions of tabs (issue 44). */
  readonly live: NotepadLive = new NotepadLive(this);
  private extensions: Extension[] | null = null;
  private darkTheme = false;
  private keyBindings: Extension = []; // Vim or Emacs, once chosen (notepad-key-mode.ts)
  private disposed = false;
  private readonly cleanups: (() => void)[] = [];

  constructor(
    readonly store: NotepadStore,
    readonly options: NotepadControllerOptions,
  ) {
    this.states = new TabStates(
      this.compartments,
      () => this.sharedExtensions(),
      () => (this.view ? { id: this.activeId(), view: this.view } : null),
    );
    this.sync = new DocumentSyncClient(
      notepadTabsStore,
      {
        snapshot: (id) => this.windows.snapshot(id),
        adoptRemote: (doc, known) => this.windows.adoptRemote(doc, known),
        remoteDeleted: (ids) => this.windows.removeForSync(ids),
        remoteOrder: (order) => this.windows.reorderForSync(order),
        conflict: (id, stored, local) => this.windows.keepOtherWindowVersion(id, stored, local),
        storageStatus: (status) =>
          showStorageStatus(this.store, status, () => void this.backups.backUpAll()),
        storing: (busy) => this.store.setState({ storing: busy }),
        stored: (id) => {
          this.backups.noteStored(id);
          this.drive.tabStored(id);
        },
      },
      { channelName: "plainpad-notepad", delay: SAVE_DELAY_MS, maxWait: SAVE_DELAY_MS },
    );
    this.cleanups.push(followForStorage(this.states.feed, this.sync));
    this.history = new DocumentHistory(new HistoryStore(), "notepad", {
      historyFull: () =>
        this.addNotice({ id: "history-full", kind: "warning", message: HISTORY_FULL_MESSAGE }),
    });
    this.text = new NotepadTextActions(
      () => this.view,
      (message) => this.addNotice({ id: "clipboard", kind: "error", message }),
      () => this.store.getState().language.id,
    );
    // Each part gets this engine as the narrow host it declares, and the functions of the
    // other parts it calls (none imports another: decision 022).
    this.tabs = new NotepadTabs(this, {
      confirm: (message) => this.options.confirm(message),
      focusText: () => this.text.focus(),
      backUpAll: () => void this.backups.backUpAll(),
    });
    this.backups = new NotepadBackups(this, {
      newTab: (name, text, origin, options) => this.tabs.newTab(name, text, origin, options),
    });
    this.saves = new NotepadSaves(this, { rename: (id, name) => this.tabs.rename(id, name) });
    this.windows = new NotepadWindowSync(this);
    this.drive = new NotepadDriveSync(this, {
      rename: (id, name) => this.tabs.rename(id, name),
      closedTabFileMade: (id, fileId, text) => void this.tabs.closedTabFileMade(id, fileId, text),
      createEngine: (host) => createNotepadSync({ host, drive: getDrive().syncAccess() }),
    });
    this.allTabs = new AllTabsSearch(this, {
      activate: (id) => this.tabs.activate(id),
      replaceAllShown: (find, replace) => this.text.replaceAll(find, replace),
    });
  }

  // ---------------------------------------------------------------- lifecycle

  /** Reads settings and stored tabs, then shows the active tab in `parent`. */
  async start(parent: HTMLElement, dark: boolean): Promise<void> {
    this.darkTheme = dark;
    const { settings, keptAside: settingsAside } = readNotepadSettings();
    const notices: Notice[] = [];
    if (settingsAside) notices.push(NOTEPAD_NOTICES.settingsUnreadable(settingsAside));
    // Settings show at once, so nothing done while the tabs load starts from the defaults.
    this.store.setState({ settings });
    const stored = await loadStoredTabs(this.sync, this.history.store);
    let { tabs } = stored;
    notices.push(...stored.notices);
    for (const doc of stored.documents) {
      this.states.add(doc.id, doc.content, { driveFileId: doc.driveFileId, file: doc.file });
    }
    if (this.disposed) return;
    if (!tabs) {
      tabs = this.store.getState().tabs;
      tabs = { ...tabs, tabs: tabs.tabs.map((tab) => ({ ...tab, lastModified: Date.now() })) };
      this.states.add(tabs.activeId, "");
      this.sync.track(tabs.activeId);
    }
    this.store.setState({ tabs, notices: [...this.store.getState().notices, ...notices] });
    this.view = new EditorView({ state: this.stateFor(tabs.activeId), parent });
    this.publishFileStatus();
    this.languages.apply();
    this.store.setState({ loaded: true });
    this.sync.start();
    if (stored.interrupted) {
      const forget = (ids: string[]) => this.sync.forget(ids);
      finishInterruptedCloses(stored.interrupted, forget, this.history.store);
    }
    this.refreshStatus();
    this.listen();
    void this.drive.start();
    // The states of tabs not shown yet, one per idle period (fast first switches).
    prepareWhenIdle(
      this.states,
      (id) => this.stateFor(id),
      () => this.disposed,
    );
    // At 80% of the browser's quota: a warning with a Back up button (issue 15).
    void nearlyFullNotice(() => void this.backups.backUpAll()).then(
      (notice) => notice && !this.disposed && this.addNotice(notice),
    );
  }

  /** Writes pending changes, stops listening and destroys the view. */
  dispose(): void {
    this.disposed = true;
    this.live.dispose();
    this.sync.dispose();
    this.drive.stop();
    this.backups.folder.dispose();
    for (const cleanup of this.cleanups) cleanup();
    this.view?.destroy();
    this.view = null;
  }

  /** False until the stored tabs are shown: tab and settings actions wait for it. */
  get ready(): boolean {
    return this.store.getState().loaded && !this.disposed;
  }

  /** Resolves once the stored tabs are shown. */
  whenReady(): Promise<void> {
    return whenLoaded(this.store);
  }

  private listen(): void {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      this.sync.flushAll();
      // Only warn when the browser refused our writes: otherwise everything is stored.
      if (this.store.getState().storageFull || this.sync.isUnavailable) event.preventDefault();
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    // Files dropped beside the text (tab bar, toolbar, status bar) open in tabs too.
    this.cleanups.push(
      listenForPageFileDrops((files) => void files.then((picked) => this.tabs.openFiles(picked))),
    );
    this.cleanups.push(() => window.removeEventListener("beforeunload", onBeforeUnload));
    this.cleanups.push(this.languages.follow());
    // Files opened with the installed app, text shared to it, the "New note" shortcut.
    handleLaunch({
      openFiles: (picked) => this.tabs.openFiles(picked),
      newTab: (name, content, origin) => this.tabs.newTab(name, content, origin),
      addNotice: (notice) => this.addNotice(notice),
    });
  }

  // ---------------------------------------------------------------- editor states

  private editorOptions(): EditorViewOptions {
    return {
      ...notepadEditorOptions(this.store.getState().settings, this.darkTheme),
      keyBindings: this.keyBindings,
    };
  }

  /** Puts Vim or Emacs bindings (or none) in every tab's text. */
  setKeyBindings(bindings: Extension): void {
    this.keyBindings = bindings;
    this.applyOptions();
  }

  private sharedExtensions(): Extension[] {
    this.extensions ??= notepadExtensions({
      commandKeys: () => this.options.commandKeys?.() ?? null,
      onUpdate: (update) => this.onUpdate(update),
      openFiles: (picked) => void picked.then((files) => this.tabs.openFiles(files)),
      pastedIntoEmpty: () => this.languages.apply(),
      keyActions: notepadKeyActions(
        {
          save: (id) => this.saves.save("save", id),
          closeTab: (id) => void this.tabs.closeTab(id),
          openFind: () => this.openFind(false),
        },
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
  showActive(id: string, previousId?: string): void {
    const view = this.view;
    if (!view) return;
    if (previousId) this.states.remember(previousId, view);
    view.setState(this.stateFor(id));
    const scroll = this.states.get(id)?.scroll;
    if (scroll) view.dispatch({ effects: scroll });
    this.refreshStatus();
    this.publishFileStatus();
    this.languages.apply();
  }

  /** Puts the active tab's file figures (location, line ending, encoding) in the UI store. */
  publishFileStatus(): void {
    const doc = this.states.get(this.activeId());
    if (!doc) return;
    const current = this.store.getState().activeFile;
    const inDrive = doc.driveFileId !== null;
    if (
      current.file === doc.file &&
      current.mixed === doc.mixedLineEndings &&
      current.inDrive === inDrive
    )
      return;
    this.store.setState({
      activeFile: { file: doc.file, mixed: doc.mixedLineEndings, inDrive },
    });
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
    this.store.setState((s) => ({ tabs: updateTab(s.tabs, id, { isModified: true }) }));
    this.states.changeMeta(id, { file, mixedLineEndings: false });
    this.publishFileStatus();
  }

  /** Follows the site theme (light/dark). */
  setDarkTheme(dark: boolean): void {
    this.darkTheme = dark;
    this.applyOptions();
  }

  private applyOptions(): void {
    if (this.view) this.states.applyToView(this.activeId(), this.view, this.editorOptions());
  }

  private onUpdate(update: ViewUpdate): void {
    const id = this.activeId();
    const doc = this.states.get(id);
    if (doc) doc.state = update.state;
    recordHistory(this.history, id, this.tabName(id), update);
    if (update.docChanged && notesAsEdit(update)) this.noteEdit(id);
    // Text and meta changes alike: storage follows the feed (meta changes come by setMeta).
    this.states.feed.publishTransactions(id, update.transactions);
    const countChanged =
      update.startState.field(textStatsField, false) !== update.state.field(textStatsField, false);
    if (update.docChanged || update.selectionSet || countChanged) this.refreshStatus();
  }

  private noteEdit(id: string): void {
    const now = Date.now();
    const { tabs } = this.store.getState();
    const marked = markModified(tabs, id, now);
    // Only the first edit changes the tab list; later keystrokes do not notify the UI store.
    if (marked !== tabs) this.store.setState({ tabs: marked });
    const doc = this.states.get(id);
    if (doc) doc.lastEditAt = now;
    this.drive.tabEdited(id);
  }

  /** The view of the active tab (for focus and tests). */
  getView(): EditorView | null {
    return this.view;
  }

  /** The id of the tab shown. */
  activeId(): string {
    return this.store.getState().tabs.activeId;
  }

  /** True when every tab's changes are written to IndexedDB (tests and the unload warning). */
  isAllStored(): boolean {
    return this.sync.isAllStored();
  }

  /** Current text of a tab. */
  getContent(id: string): string {
    return this.states.content(id);
  }

  // ---------------------------------------------------------------- status and notices

  private refreshStatus(): void {
    const state = this.view?.state;
    if (!state) return;
    const next = changedStatus(this.store.getState().status, state);
    if (next) this.store.setState({ status: next });
  }

  /** Shows a notice (replacing one with the same id). */
  addNotice(notice: Notice): void {
    addNotice(this.store, notice);
  }

  /** Hides a notice. */
  dismissNotice(id: string): void {
    dismissNotice(this.store, id);
  }

  // ---------------------------------------------------------------- settings

  /** Changes settings, stores them and applies them to the editor. */
  updateSettings(patch: Partial<NotepadSettings>): void {
    if (!this.ready) return;
    const settings = { ...this.store.getState().settings, ...patch };
    settings.fontSize = clampFontSize(settings.fontSize);
    this.store.setState({ settings });
    writeNotepadSettings(settings);
    this.applyOptions();
  }

  /** Font size one step up (+1) or down (-1). */
  stepFontSize(direction: 1 | -1): void {
    this.updateSettings({
      fontSize: this.store.getState().settings.fontSize + direction * NOTEPAD_FONT_SIZE.step,
    });
  }

  /** Font size back to 14. */
  resetFontSize(): void {
    this.updateSettings({ fontSize: DEFAULT_NOTEPAD_SETTINGS.fontSize });
  }

  // ---------------------------------------------------------------- find bar

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
    this.text.focus();
  }

  /** The name of tab `id` ("Untitled" when unknown). */
  tabName(id: string): string {
    return this.store.getState().tabs.tabs.find((tab) => tab.id === id)?.name ?? "Untitled";
  }
}
