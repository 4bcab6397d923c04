import type { EditorView } from "@codemirror/view";
import { createEditorCompartments } from "~/codemirror";
import type { CommandKeyTarget } from "~/ui/command-keys";
import { DocumentHistory, HISTORY_FULL_MESSAGE } from "~/storage/document-history";
import type { StoredFeed } from "~/document/storage-follower";
import type { DocumentSyncClient } from "~/storage/document-sync";
import { HistoryStore } from "~/storage/history-store";
import { readNotepadSettings } from "~/storage/notepad-settings";
import { FileReadTracker } from "~/ui/file-read-progress";
import { createNotepadSync } from "~/drive/sync/notepad-sync";
import { getDrive } from "~/drive/drive";
import { finishInterruptedCloses, loadStoredTabs, setEntriesOf } from "./stored-tabs";
import { type Notice, type NotepadStore, whenLoaded } from "./notepad-store";
import { listenToPage } from "./notepad-page";
import { addNotice, dismissNotice, nearlyFullNotice, NOTEPAD_NOTICES } from "./notepad-notices";
import { NotepadEditor } from "./notepad-editor";
import { openTabsStorage } from "./notepad-storage";
import { AllTabsSearch } from "./all-tabs-search";
import { NotepadTextActions } from "./notepad-text-actions";
import { TabLanguages } from "./tab-language";
import { NotepadTabs } from "./tab-operations";
import { NotepadBackups } from "./backup-operations";
import { NotepadSaves } from "./tab-saves";
import { NotepadWindowSync } from "./tab-sync";
import { NotepadDriveSync } from "./drive-sync";
import { prepareWhenIdle, type TabStates } from "./tab-states";
import { NotepadLive } from "./tab-live";
import type { WorkspaceSession } from "./workspace/workspace-session";
import type { WorkspaceRecall } from "./workspace/workspace-recall";
import { createNotepadWorkspace } from "./workspace/notepad-workspace";
import type { WorkspaceFileOps } from "./workspace/workspace-file-ops";
import { workspaceFileOpsOf } from "./workspace/workspace-file-wiring";

/** What the page gives the engine. */
export interface NotepadControllerOptions {
  /** Asks the user a yes/no question (the page passes the browser's confirm dialog). */
  confirm: (message: string) => boolean;
  /** The command registry and its context, for keys pressed in the text. */
  commandKeys?: () => CommandKeyTarget<unknown> | null;
}

/**
 * The notepad's engine, which only composes: the one editor view over the tabs' states
 * (`NotepadEditor`, with the edit handler of app/document), the tab operations
 * (`NotepadTabs`), the text actions, and the persistence of every tab (`openTabsStorage`:
 * the shared document engine following the tabs' change feed). Each part gets this engine as
 * the narrow host it declares. The React UI reads the zustand store and calls these.
 * Browser only.
 */
export class NotepadController {
  readonly states: TabStates;
  readonly sync: DocumentSyncClient;
  /** What `sync` stored: folder copies and Drive sync follow it. */
  readonly stored: StoredFeed;
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
  /** The one editor view over the tabs' states, its options, edit handler and find bar. */
  readonly editor: NotepadEditor;
  readonly compartments = createEditorCompartments();
  /** Live collaboration sessions of tabs (issue 44). */
  readonly live: NotepadLive = new NotepadLive(this);
  /** The opened folder: its tree, and its files opened as tabs (issue 52). */
  readonly workspace: WorkspaceSession;
  /** The recent folders, and reopening the last one. */
  readonly recall: WorkspaceRecall;
  /** The tree's file commands and the session trash; the folder is watched while open. */
  readonly fileOps: WorkspaceFileOps;
  private disposed = false;
  private readonly cleanups: (() => void)[] = [];

  constructor(
    readonly store: NotepadStore,
    readonly options: NotepadControllerOptions,
  ) {
    this.editor = new NotepadEditor(store, this.compartments, {
      commandKeys: () => this.options.commandKeys?.() ?? null,
      history: () => this.history,
      tabName: (id) => this.tabName(id),
      applyLanguage: () => this.languages.apply(),
      openFiles: (picked) => void this.tabs.openFiles(picked),
      save: (id) => this.saves.save("save", id),
      closeTab: (id) => void this.tabs.closeTab(id),
      focusText: () => this.text.focus(),
      ready: () => this.ready,
    });
    this.states = this.editor.states;
    ({ session: this.workspace, recall: this.recall } = createNotepadWorkspace(this));
    const folderFiles = workspaceFileOpsOf(this);
    this.fileOps = folderFiles.ops;
    this.cleanups.push(folderFiles.stop);
    const storage = openTabsStorage(this);
    this.sync = storage.sync;
    this.stored = storage.stored;
    this.cleanups.push(storage.stopFollowing);
    this.history = new DocumentHistory(new HistoryStore(), "notepad", {
      historyFull: () =>
        this.addNotice({ id: "history-full", kind: "warning", message: HISTORY_FULL_MESSAGE }),
    });
    this.text = new NotepadTextActions(
      () => this.editor.getView(),
      (message) => this.addNotice({ id: "clipboard", kind: "error", message }),
      () => this.store.getState().language.id,
    );
    // Each part gets the functions of the other parts it calls (none imports another: 022).
    this.tabs = new NotepadTabs(this, {
      confirm: (message) => this.options.confirm(message),
      focusText: () => this.text.focus(),
      backUpAll: () => void this.backups.backUpAll(),
    });
    this.backups = new NotepadBackups(this, {
      newTab: (name, text, origin, options) => this.tabs.newTab(name, text, origin, options),
      updateSettings: (patch) => this.editor.updateSettings(patch),
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
    this.editor.setDarkTheme(dark);
    const { settings, keptAside: settingsAside } = readNotepadSettings();
    const notices: Notice[] = [];
    if (settingsAside) notices.push(NOTEPAD_NOTICES.settingsUnreadable(settingsAside));
    // Settings show at once, so nothing done while the tabs load starts from the defaults.
    this.store.setState({ settings });
    const stored = await loadStoredTabs(this.sync, this.history.store);
    notices.push(...stored.notices);
    if (this.disposed) return;
    // The set is filled with what was stored (not stored again); the store's tab list follows.
    this.states.load(setEntriesOf(stored.documents, Date.now()), stored.activeId ?? undefined);
    if (stored.documents.length === 0) this.sync.track(this.states.activeId);
    this.store.setState({ notices: [...this.store.getState().notices, ...notices] });
    this.editor.mount(parent, this.states.activeId);
    this.store.setState({ loaded: true });
    void this.recall.offerReopen();
    this.sync.start();
    if (stored.interrupted) {
      const forget = (ids: string[]) => this.sync.forget(ids);
      finishInterruptedCloses(stored.interrupted, forget, this.history.store);
    }
    this.editor.refreshStatus();
    this.cleanups.push(listenToPage(this));
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
    this.backups.dispose();
    for (const cleanup of this.cleanups) cleanup();
    this.editor.destroy();
  }

  /** False until the stored tabs are shown: tab and settings actions wait for it. */
  get ready(): boolean {
    return this.store.getState().loaded && !this.disposed;
  }

  /** Resolves once the stored tabs are shown. */
  whenReady(): Promise<void> {
    return whenLoaded(this.store);
  }

  // ---------------------------------------------------------------- the editor (parts' host)

  /** The state of tab `id` with the current options. */
  stateFor(id: string) {
    return this.editor.stateFor(id);
  }

  /** Swaps the view to tab `id`'s state, remembering the old tab's state and scroll. */
  showActive(id: string, previousId?: string | null): void {
    this.editor.showActive(id, previousId);
  }

  /** Puts the active tab's file figures (location, line ending, encoding) in the UI store. */
  publishFileStatus(): void {
    this.editor.publishFileStatus();
  }

  /** The view of the active tab (for focus and tests). */
  getView(): EditorView | null {
    return this.editor.getView();
  }

  /** The id of the tab shown. */
  activeId(): string {
    return this.states.activeId;
  }

  /** True when every tab's changes are written to IndexedDB (tests and the unload warning). */
  isAllStored(): boolean {
    return this.sync.isAllStored();
  }

  /** Current text of a tab. */
  getContent(id: string): string {
    return this.states.content(id);
  }

  // ---------------------------------------------------------------- notices

  /** Shows a notice (replacing one with the same id). */
  addNotice(notice: Notice): void {
    addNotice(this.store, notice);
  }

  /** Hides a notice. */
  dismissNotice(id: string): void {
    dismissNotice(this.store, id);
  }

  /** The name of tab `id` ("Untitled" when unknown). */
  tabName(id: string): string {
    return this.states.meta(id)?.name ?? "Untitled";
  }
}
