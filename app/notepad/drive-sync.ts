import type { Text } from "@codemirror/state";
import { applyToDocument } from "~/document/apply-to-document";
import type { DocumentChange } from "~/document/change-feed";
import { isNotedAsEdit } from "~/document/change-origin";
import type { StoredFeed } from "~/document/storage-follower";
import { driveFailureMessage, GOOGLE_STORAGE_URL } from "~/drive/messages";
import type {
  NotepadSyncController,
  NotepadSyncHost,
  RemoteTabFile,
  SyncAction,
  SyncInterval,
  SyncScope,
  SyncTab,
} from "~/drive/sync/sync-types";
import { NotepadPart, type TabTextHost } from "./notepad-part";
import { RemoteTabsOffer } from "./drive-sync-offer";
import { dismissNotice } from "./notepad-notices";
import { minimalChange } from "./drive-sync-edits";
import { openDriveCopy, openTabFromDrive } from "./drive-sync-tabs";
import { MAX_TAB_NAME_LENGTH, type TabsState } from "./tabs-model";

/** What the Drive sync of the tabs needs of the notepad. */
export interface DriveSyncHost extends TabTextHost<"track" | "saveOrder"> {
  getContent(id: string): string;
  /** What the tabs' storage wrote (a rename, a new Drive file, a file read in the background). */
  readonly stored: Pick<StoredFeed, "subscribe">;
}

/** What the Drive sync calls in the rest of the notepad (given by the controller). */
export interface DriveSyncLinks {
  /** Renames a tab (its Drive file was renamed on another computer). */
  rename(id: string, name: string): void;
  /** The sync made closed tab `id`'s Drive file, holding `text`: kept with the closed tab. */
  closedTabFileMade(id: string, driveFileId: string, text: string): void;
  /** Builds the sync engine on this host (app/drive/sync/notepad-sync.ts). */
  createEngine(host: NotepadSyncHost): NotepadSyncController;
}

/**
 * The notepad's side of the background sync with Google Drive (issue 45): it implements the
 * engine's host (tabs read and changed on the engine's behalf), tells the engine of edits,
 * renames, new and closed tabs, puts the engine's status in the UI store, and runs what the
 * menus and buttons ask (turn on, interval, take a tab in or out, Sync now, Reconnect). The
 * tab's Drive file (the manual Open/Save commands') is kept here too.
 */
export class NotepadDriveSync extends NotepadPart<DriveSyncHost> implements NotepadSyncHost {
  private engine: NotepadSyncController | null = null;
  /** Each open tab's name as last told to the engine (renames and closes are found by it). */
  private known = new Map<string, string>();
  /** The offer of another computer's synced tabs not open here. */
  private readonly offer: RemoteTabsOffer;
  /**
   * Each tab's text (an immutable CodeMirror Text, or the string of a tab not shown yet) as the
   * engine last knew it: told at the person's edit, or set by the engine itself (a merge, its
   * Drive file). A later store of that same text is nothing new: it must not queue the tab
   * again (a tab would show "Syncing…" until the next run, in Manual only for good).
   */
  private readonly toldTexts = new Map<string, Text | string>();
  private readonly cleanups: (() => void)[] = [];
  /** The interval chosen in the menu while sync was off (the turn-on dialog uses it). */
  pendingInterval: SyncInterval = "realtime";

  constructor(
    notepad: DriveSyncHost,
    private readonly links: DriveSyncLinks,
  ) {
    super(notepad);
    this.offer = new RemoteTabsOffer({
      engine: () => this.engine,
      addNotice: (notice) => notepad.addNotice(notice),
      dismissNotice: (id) => dismissNotice(this.store, id),
    });
  }

  // ---------------------------------------------------------------- lifecycle

  /** Builds the engine and starts it (once the stored tabs are shown). Browser only. */
  async start(): Promise<void> {
    const engine = this.links.createEngine(this);
    this.engine = engine;
    this.remember(this.tabs);
    this.cleanups.push(
      // A follower of the tabs' change feed and of storage's: told of nothing by hand.
      this.notepad.states.feed.subscribe((change) => this.followChange(change)),
      this.notepad.stored.subscribe((id) => this.tabStored(id)),
      engine.subscribe((status) => {
        this.store.setState({ driveSync: status });
        this.offer.update();
      }),
      this.store.subscribe((state, previous) => {
        if (state.tabs !== previous.tabs) this.followTabs(state.tabs);
      }),
    );
    this.store.setState({ driveSync: engine.getStatus() });
    try {
      await engine.start();
    } catch (error) {
      console.error("Drive sync did not start", error);
      this.notepad.addNotice({
        id: "drive-sync-start",
        kind: "error",
        message:
          "Sync with Google Drive could not start: its settings could not be read in this browser. Your tabs are kept here as before.",
      });
    }
  }

  /** Stops the engine's schedule and listeners. */
  stop(): void {
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.engine?.stop();
  }

  /**
   * A change on the tabs' feed: this window's edit (typing, a live session's text, a restore),
   * shown or not, is one for the engine to sync. Its own merge is not sent back, and another
   * window's text or a file read in the background is heard when it is stored.
   */
  private followChange({ id, origin, text }: DocumentChange): void {
    if (text && isNotedAsEdit(origin)) this.tabEdited(id);
  }

  /** A tab's record was stored (an edit, a rename, a new Drive file): the engine may sync it. */
  private tabStored(id: string): void {
    const known = this.toldTexts.get(id);
    // Compared by identity: constant time however big the tab.
    if (known !== undefined && known === this.notepad.states.text(id)) return;
    this.tabEdited(id);
  }

  /** The person edited tab `id` (every keystroke: cheap, the engine only schedules). */
  private tabEdited(id: string): void {
    this.noteEngineChange(id);
    this.engine?.tabChanged(id);
  }

  private noteEngineChange(id: string): void {
    if (this.notepad.states.has(id)) this.toldTexts.set(id, this.notepad.states.text(id));
  }

  private remember(tabs: TabsState): void {
    this.known = new Map(tabs.tabs.map((tab) => [tab.id, tab.name]));
  }

  /** New, closed and renamed tabs, found by comparing the tab list with the last one seen. */
  private followTabs(tabs: TabsState): void {
    const engine = this.engine;
    if (!engine) return;
    const before = this.known;
    this.remember(tabs);
    for (const tab of tabs.tabs) {
      const name = before.get(tab.id);
      if (name === undefined) engine.tabOpened(tab.id);
      else if (name !== tab.name) engine.tabRenamed(tab.id);
    }
    for (const id of before.keys()) {
      if (this.known.has(id)) continue;
      this.toldTexts.delete(id);
      engine.tabClosed(id);
    }
  }

  // ---------------------------------------------------------------- the engine's host

  /** Every open tab, in tab order. */
  listTabs(): SyncTab[] {
    return this.tabs.tabs.flatMap((tab) => this.readTab(tab.id) ?? []);
  }

  /** One open tab as the engine sees it. */
  readTab(id: string): SyncTab | null {
    const doc = this.notepad.states.get(id);
    const tab = this.tabs.tabs.find((t) => t.id === id);
    if (!doc || !tab) return null;
    const notepad = this.notepad;
    return {
      id,
      name: tab.name,
      // Built only when the engine reads it: joining a big tab's text costs.
      get text() {
        return notepad.getContent(id);
      },
      encoding: doc.file.encoding,
      lineEnding: doc.file.lineEnding,
      driveFileId: doc.driveFileId,
    };
  }

  /**
   * Puts a merged text in a tab: one change of what differs (the caret keeps its place), not
   * undoable as the person's own edit, stored at once, and the text before it kept in History.
   */
  applyMergedText(id: string, text: string): void {
    const doc = this.notepad.states.get(id);
    if (!doc) return;
    const before = this.notepad.getContent(id);
    const changes = minimalChange(before, text);
    if (!changes) return;
    const view = id === this.notepad.activeId() ? this.notepad.getView() : null;
    // A built tab's change is heard by the followers of the tabs' feed: History keeps the text
    // before it (drive-sync reason) and storage stores it. A tab not built yet has no
    // transaction: its text before is kept here.
    const built = view !== null || doc.state !== null;
    if (built) {
      applyToDocument(this.notepad.states.target(id, view)!, { changes }, "drive-merge");
    } else {
      const name = this.notepad.tabName(id);
      void this.notepad.history.snapshotNow(id, { text: before, name }, "drive-sync");
      doc.content = text;
    }
    doc.lastEditAt = Date.now();
    this.noteEngineChange(id);
    if (!built) this.notepad.states.feed.announce(id, { text: true }, "drive-merge");
  }

  /** Opens Drive's version of a tab changed on both sides beside it, not shown (the engine syncs it). */
  openDriveCopy(fromId: string, name: string, text: string): string {
    return openDriveCopy(this.notepad, { id: fromId, name, text }, (id) =>
      this.noteEngineChange(id),
    );
  }

  /** Opens a file of the synced tab list (another computer's tab) as a new tab, not shown. */
  openTabFromDrive(file: RemoteTabFile): string {
    return openTabFromDrive(this.notepad, file, (id) => this.noteEngineChange(id));
  }

  /** Records a tab's Drive file, and its name when the file was renamed elsewhere. */
  setTabDriveFile(id: string, driveFileId: string, name: string): void {
    this.noteEngineChange(id);
    this.setFileId(id, driveFileId);
    const tab = this.tabs.tabs.find((t) => t.id === id);
    const tabName = name.slice(0, MAX_TAB_NAME_LENGTH).trim();
    if (tab && tabName && tab.name !== tabName && tab.name !== name) {
      // Known before the rename lands: the engine is not told of a rename it made itself.
      this.known.set(id, tabName);
      this.links.rename(id, tabName);
    }
  }

  /** A tab closed while its Drive file was made: Reopen closed tab resumes that file. */
  closedTabFileMade(id: string, driveFileId: string, text: string): void {
    this.links.closedTabFileMade(id, driveFileId, text);
  }

  /** Shows the engine's message as a notice. */
  notify(message: string): void {
    this.notepad.addNotice({ id: `drive-sync-${Date.now()}`, kind: "info", message });
  }

  // ---------------------------------------------------------------- the tab's Drive file

  /** The Drive file a tab was opened from, saved to or synced with (stored with the tab). */
  fileIdOf(id: string): string | null {
    return this.notepad.states.get(id)?.driveFileId ?? null;
  }

  /**
   * The tab was opened from, or saved to, its Drive file with `text` in it: the sync's base
   * for its first merge with that file.
   */
  driveTextKnown(id: string, fileId: string, text: string): void {
    this.engine?.tabMatchesDriveFile(id, fileId, text);
  }

  /** The text tab `id` and its Drive file last agreed on (kept when it closes), or null. */
  syncedText(id: string): string | null {
    return this.engine?.syncedText(id) ?? null;
  }

  /** Remembers (or, with null, forgets) the Drive file of a tab, and stores it. */
  setFileId(id: string, fileId: string | null): void {
    const doc = this.notepad.states.get(id);
    if (!doc || doc.driveFileId === fileId) return;
    this.notepad.states.changeMeta(id, { driveFileId: fileId });
    this.notepad.publishFileStatus();
  }

  // ---------------------------------------------------------------- what the UI asks

  /** File › Sync with Google Drive › an interval: changes it, or (while off) asks which tabs. */
  chooseInterval(interval: SyncInterval): void {
    const engine = this.engine;
    if (!engine) return;
    if (engine.getStatus().enabled) {
      engine.setInterval(interval);
      return;
    }
    this.pendingInterval = interval;
    this.store.setState({ modal: "drive-sync" });
  }

  /**
   * Turns sync on for all tabs or the active one and signs in. CALL SYNCHRONOUSLY FROM A CLICK
   * (the sign-in window may open only there).
   */
  turnOn(scope: SyncScope, interval: SyncInterval = this.pendingInterval): void {
    const engine = this.engine;
    if (!engine) return;
    engine.setInterval(interval);
    engine.enable(scope, this.notepad.activeId()).then(
      () => this.offer.update(),
      (error: unknown) => {
        console.error("Turning on Drive sync failed", error);
        const why = driveFailureMessage(error, "sign-in");
        this.notepad.addNotice({
          id: "drive-sync-enable",
          kind: "error",
          message: `Sync with Google Drive stays off${why ? `: ${why}` : "."} Your tabs are kept in this browser as before.`,
        });
      },
    );
  }

  /** File › Sync with Google Drive › Off. Tabs and their Drive files stay. */
  turnOff(): void {
    this.engine?.disable();
    this.offer.withdraw();
  }

  /**
   * A tab's "Sync this tab with Google Drive": takes it in or out; while sync is off it turns
   * sync on for that tab (signing in: CALL SYNCHRONOUSLY FROM A CLICK).
   */
  toggleTab(id: string): void {
    const engine = this.engine;
    if (!engine) return;
    if (!engine.getStatus().enabled) {
      this.turnOn("active", engine.getStatus().interval);
      return;
    }
    if (engine.isTabIncluded(id)) engine.excludeTab(id);
    else engine.includeTab(id);
  }

  /** Sync now (a command with a key): a reconnect first when the token expired. */
  syncNow(): void {
    const engine = this.engine;
    if (!engine) return;
    const status = engine.getStatus();
    if (!status.enabled) {
      this.notepad.addNotice({
        id: "drive-sync-off",
        kind: "info",
        message: "Sync with Google Drive is off. Turn it on in File › Sync with Google Drive.",
      });
      return;
    }
    if (status.needsReconnect) this.reconnect();
    else void engine.syncNow();
  }

  /** "Reconnect to keep syncing": a new Google token. CALL SYNCHRONOUSLY FROM A CLICK. */
  reconnect(): void {
    this.engine?.reconnect().catch((error: unknown) => {
      console.error("Reconnecting to Google Drive failed", error);
      const why = driveFailureMessage(error, "sign-in");
      this.notepad.addNotice({
        id: "drive-sync-reconnect",
        kind: "error",
        message: `Not reconnected to Google Drive${why ? `: ${why}` : "."} Your edits wait in this browser; try Reconnect again.`,
      });
    });
  }

  /** The way on beside a sync warning (its button). `tabId` for a tab's warning. */
  runAction(action: SyncAction, tabId?: string): void {
    const engine = this.engine;
    if (!engine) return;
    if (action === "reconnect") this.reconnect();
    else if (action === "retry") void engine.syncNow();
    else if (action === "recreate-file" && tabId) void engine.recreateFile(tabId);
    else if (action === "manage-storage") window.open(GOOGLE_STORAGE_URL, "_blank", "noopener");
  }

  /** True when tab `id` is synced (for its right-click menu's check mark). */
  isTabIncluded(id: string): boolean {
    return this.engine?.isTabIncluded(id) ?? false;
  }
}
