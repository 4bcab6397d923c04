import type { Text } from "@codemirror/state";
import type { PickedFile } from "~/storage/disk-files";
import type { DocumentSyncClient } from "~/storage/document-sync";
import type { RecentlyClosedTabs } from "~/storage/recently-closed";
import { writeActiveTabId } from "~/storage/notepad-settings";
import { readStorageHealth, roomShortfall } from "~/storage/storage-health";
import type { DocumentFileFormat } from "~/storage/document-store";
import { isQuotaError } from "~/storage/document-records";
import { safeFileName, withDefaultExtension } from "~/text/file-name";
import { guessedEncodingMessage, mixedLineEndingsMessage } from "~/document/save-messages";
import { downloadText } from "~/ui/download";
import { type FileReadTracker, readCancelledMessage } from "~/ui/file-read-progress";
import type { Notice, NotepadStore } from "./notepad-store";
import { NotepadPart } from "./notepad-part";
import type { TabOrigin, TabStates } from "./tab-states";
import { readTabFiles, tabNameFromFile } from "./tab-files";

/** Files opened together smaller than this are not checked against the storage quota. */
const ROOM_CHECK_CHARS = 1024 * 1024;

/**
 * The notepad's tab operations: the tabs' document set (its rules, in app/document) called
 * for each, with what storage, the closed tabs and the page need besides; the UI store's tab
 * list follows the set. Closing a modified tab asks through the page's confirm (passed
 * in, never called here directly), and other windows' changes arrive here from the sync client.
 */
/** What a closed tab needs to come back as it was (besides its name and text). */
export interface ClosedTabExtra {
  driveFileId: string | null;
  file: DocumentFileFormat;
  isModified: boolean;
  /**
   * The text the tab and its Drive file last agreed on (the sync's base), so that reopened its
   * first sync merges Drive's later changes instead of reverting them; "tab" when that is the
   * tab's own text (not kept twice). Absent for a tab that was not synced.
   */
  driveBase?: { text: string } | "tab";
}

/**
 * Said after a tab with unsaved changes was closed (issue 15: the close warning tells that the
 * tab can be reopened). The spec's question itself stays word for word; this notice follows it.
 */
export function closedTabMessage(name: string): string {
  return `Closed "${name}". You can reopen it from File > Reopen closed tab for 30 days.`;
}

/** The notice when a closed tab could not be kept among the recently closed. */
export function closedTabNotKeptMessage(name: string, storageFull: boolean): string {
  const why = storageFull ? ": this browser's storage is full" : "";
  return `"${name}" could not be kept among the recently closed tabs${why}. Download its text to keep it.`;
}

/** What the tab operations need of the notepad. */
export interface TabOperationsHost {
  readonly store: NotepadStore;
  readonly states: TabStates;
  readonly sync: Pick<DocumentSyncClient, "track" | "forget" | "saveOrder">;
  /** Where closed tabs are kept for Reopen (30 days). */
  readonly history: {
    readonly store: {
      readonly closedTabs: Pick<RecentlyClosedTabs, "keep" | "list" | "read" | "forget" | "update">;
    };
  };
  /** The big file being read into a new tab (progress and Cancel). */
  readonly fileReads: FileReadTracker;
  /** The Drive sync's base of a tab, kept while it is closed (drive-sync.ts). */
  readonly drive: {
    syncedText(id: string): string | null;
    driveTextKnown(id: string, fileId: string, text: string): void;
  };
  /** False until the stored tabs are shown. */
  readonly ready: boolean;
  whenReady(): Promise<void>;
  /** Shows tab `id` in the view (the view remembers the state of the tab it showed). */
  showActive(id: string): void;
  getContent(id: string): string;
  addNotice(notice: Notice): void;
}

/** What the tab operations call in the rest of the notepad (given by the controller). */
export interface TabOperationsLinks {
  /** Asks the user a yes/no question (the page's confirm dialog). */
  confirm(message: string): boolean;
  /** Puts the focus in the text. */
  focusText(): void;
  /** File › Back up all documents (offered when files opened do not fit the storage). */
  backUpAll(): void;
}

export class NotepadTabs extends NotepadPart<TabOperationsHost> {
  /** Closed tabs still being written to the history database. */
  private closing: Promise<unknown> = Promise.resolve();

  constructor(
    notepad: TabOperationsHost,
    private readonly links: TabOperationsLinks,
  ) {
    super(notepad);
    this.follow();
  }

  /**
   * Follows the set: a newly active tab is shown, and remembered for the next load when this
   * window chose it (the remembered tab is the browser's, shared by every window: one that
   * another window's close moved here is not this window's choice to write).
   */
  private follow(): void {
    this.notepad.states.subscribe(({ kind, ids, origin }) => {
      if (kind !== "activated") return;
      this.notepad.showActive(ids[0]);
      if (origin !== "other-window") writeActiveTabId(ids[0]);
    });
  }

  /** Shows tab `id`. */
  activate(id: string): void {
    if (this.notepad.ready) this.notepad.states.activate(id);
  }

  /** Shows the tab at 0-based `index` (Ctrl/Cmd+1..9). */
  activateAt(index: number): void {
    if (this.notepad.ready) this.notepad.states.activateAt(index);
  }

  /**
   * Opens a new tab (empty, or with text) and shows it. Returns its id (null before load).
   * `origin` tells where the text came from: a Drive file id, or a file on disk and its format.
   */
  newTab(
    name?: string,
    content: string | Text = "",
    origin: string | null | TabOrigin = null,
    options: { id?: string; isModified?: boolean; activate?: boolean } = {},
  ): string | null {
    if (!this.notepad.ready) return null;
    const id = this.notepad.states.add(content, {
      name: name ? tabNameFromFile(name) : undefined,
      ...options,
      meta: typeof origin === "object" && origin !== null ? origin : { driveFileId: origin },
    });
    this.saveOrder();
    if (options.activate !== false) this.links.focusText();
    return id;
  }

  private confirmClose(name: string): boolean {
    return this.links.confirm(`${name} has unsaved changes. Close anyway?`);
  }

  /** Closes a tab, asking first when it has changes not downloaded. Returns whether it closed. */
  closeTab(id: string): boolean {
    const states = this.notepad.states;
    const tab = states.meta(id);
    if (!this.notepad.ready || !tab || !states.canClose()) return false;
    if (tab.isModified && !this.confirmClose(tab.name)) return false;
    const kept = this.keepClosed([id]);
    states.close(id);
    this.forget([id], kept);
    if (tab.isModified) this.offerReopen(id, tab.name);
    return true;
  }

  /** Closes every tab but `id`, asking once per modified tab. */
  closeOthers(id: string): void {
    const states = this.notepad.states;
    if (!this.notepad.ready || !states.has(id)) return;
    const closing = this.tabs.tabs.filter((tab) => tab.id !== id);
    const confirmed = closing.filter((tab) => !tab.isModified || this.confirmClose(tab.name));
    const confirmedIds = confirmed.map((tab) => tab.id);
    const kept = this.keepClosed(confirmedIds);
    const modified = confirmed.filter((tab) => tab.isModified);
    if (modified.length === 1) this.offerReopen(modified[0].id, modified[0].name);
    if (confirmed.length === closing.length) states.closeOthers(id);
    else {
      states.activate(id);
      for (const closed of confirmedIds) states.close(closed);
    }
    this.forget(confirmedIds, kept);
  }

  /**
   * Keeps closed tabs (text, name, file) so they can be reopened for 30 days. Resolves when
   * they are written (or failed to be).
   */
  private keepClosed(ids: string[]): Promise<unknown> {
    const now = Date.now();
    const writes = ids.map((id, index) => {
      const doc = this.notepad.states.get(id);
      const tab = doc?.meta;
      if (!tab || !doc) return null;
      const text = this.notepad.getContent(id);
      const base = doc.driveFileId ? this.notepad.drive.syncedText(id) : null;
      const extra: ClosedTabExtra = {
        driveFileId: doc.driveFileId,
        file: doc.file,
        isModified: tab.isModified,
        ...(base !== null && { driveBase: base === text ? "tab" : { text: base } }),
      };
      return this.notepad.history.store.closedTabs // Later tabs of one close count as closed later: the last one closed reopens first.
        .keep({ id, name: tab.name, text, extra }, now + index)
        .catch((error: unknown) => {
          console.error("Keeping a closed tab failed", error);
          // The text is still here: offer it, since Reopen will not find it.
          this.notepad.addNotice({
            id: "closed-tab",
            kind: "error",
            message: closedTabNotKeptMessage(tab.name, isQuotaError(error)),
            action: {
              label: "Download",
              run: () => downloadText(text, withDefaultExtension(safeFileName(tab.name))),
            },
          });
        });
    });
    const kept = Promise.all(writes);
    // Reopen waits for these writes (a Reopen clicked at once finds the tab).
    this.closing = Promise.all([this.closing, kept]);
    return kept;
  }

  /**
   * The Drive sync made the file of closed tab `id` (its create landed after the close), which
   * holds `text`: the closed tab keeps both, so Reopen resumes that file (and merges what was
   * typed into it meanwhile) instead of making a second one.
   */
  async closedTabFileMade(id: string, driveFileId: string, text: string): Promise<void> {
    await this.closing;
    const change = (extra: ClosedTabExtra): ClosedTabExtra => ({
      ...extra,
      driveFileId,
      driveBase: { text },
    });
    await this.notepad.history.store.closedTabs.update(id, change).catch((error: unknown) => {
      console.error("Keeping a closed tab's Drive file failed", error);
    });
  }

  /** The notice after closing a tab with unsaved changes, with a Reopen button. */
  private offerReopen(id: string, name: string): void {
    this.notepad.addNotice({
      id: "closed-tab",
      kind: "info",
      message: closedTabMessage(name),
      action: { label: "Reopen", run: () => void this.reopenClosed(id) },
    });
  }

  /**
   * Reopens the most recently closed tab (or closed tab `id`) with its name, text, file and
   * version history; says so when there is none.
   */
  async reopenClosed(id?: string): Promise<void> {
    await this.notepad.whenReady();
    await this.closing;
    const store = this.notepad.history.store;
    let entry;
    try {
      const closed = await store.closedTabs.list<ClosedTabExtra>();
      entry = id ? closed.find((tab) => tab.id === id) : closed[0];
    } catch (error) {
      console.error(error);
    }
    if (!entry) {
      this.notepad.addNotice({
        id: "reopen",
        kind: "info",
        message: "There is no closed tab to reopen.",
      });
      return;
    }
    const text = await store.closedTabs.read(entry.id);
    if (text === null) {
      this.notepad.addNotice({
        id: "reopen",
        kind: "error",
        message: `"${entry.name}" could not be reopened: its stored text could not be read.`,
      });
      await store.closedTabs.forget([entry.id]);
      return;
    }
    const { driveFileId, file, isModified, driveBase } = entry.extra;
    // The old id when it is free: the tab's version history comes back with it.
    const free = !this.notepad.states.has(entry.id);
    const reopened = this.newTab(
      entry.name,
      text,
      { driveFileId, file },
      { id: free ? entry.id : undefined, isModified },
    );
    if (reopened && driveFileId && driveBase) {
      // Its first sync merges with what it last agreed on with Drive (Drive moved on since).
      const base = driveBase === "tab" ? text : driveBase.text;
      this.notepad.drive.driveTextKnown(reopened, driveFileId, base);
    }
    await store.closedTabs.forget([entry.id]);
  }

  /**
   * Drops closed tabs. Their stored documents are deleted once `kept` (their copies among the
   * recently closed) is written, so closing the page at once loses nothing; a Reopen waits for
   * the delete, since it brings the tab back under the same id.
   */
  private forget(ids: string[], kept: Promise<unknown>): void {
    if (ids.length === 0) return;
    this.closing = Promise.all([this.closing, this.notepad.sync.forget(ids, kept)]);
    this.saveOrder();
  }

  /** Copies tab `id` into "name (Copy)" right after it (not its Drive file: a copy is new). */
  duplicate(id: string): void {
    if (!this.notepad.ready) return;
    if (this.notepad.states.duplicate(id) !== null) this.saveOrder();
  }

  /** Renames a tab (blank names ignored, 30 characters at most). */
  rename(id: string, name: string): void {
    if (!this.notepad.ready) return;
    this.store.setState({ renamingId: null });
    this.notepad.states.rename(id, name);
  }

  /** Starts or stops the inline rename of a tab. */
  setRenaming(id: string | null): void {
    this.store.setState({ renamingId: id });
  }

  /** Moves a tab to a new position (drag and drop). */
  moveTo(from: number, to: number): void {
    if (!this.notepad.ready) return;
    this.notepad.states.move(from, to);
    this.saveOrder();
  }

  /** Moves a tab one step left or right (keyboard). */
  moveBy(id: string, delta: number): void {
    if (!this.notepad.ready) return;
    this.notepad.states.moveBy(id, delta);
    this.saveOrder();
  }

  private saveOrder(): void {
    this.notepad.sync.saveOrder(this.notepad.states.ids);
  }

  // ---------------------------------------------------------------- files

  /**
   * Opens text files, each in its own tab; refused files are reported. Resolves with the tabs'
   * ids. `show`, asked once they are read, says whether they are still to be shown: another
   * file asked for while these were read is shown instead, and these open behind it.
   */
  async openFiles(
    files: readonly PickedFile[],
    { show = () => true }: { show?: () => boolean } = {},
  ): Promise<string[]> {
    await this.notepad.whenReady();
    const { opened, rejected, cancelled } = await readTabFiles(files, this.notepad.fileReads);
    const ids: string[] = [];
    const activate = show();
    for (const file of opened) {
      const id = this.newTab(
        file.name,
        file.content,
        { file: file.file, mixedLineEndings: file.mixedLineEndings },
        { activate },
      );
      if (id) ids.push(id);
      if (id && file.guessed) {
        this.notepad.addNotice({
          id: `encoding-${id}`,
          kind: "info",
          message: guessedEncodingMessage(file.name ?? "The file", file.guessed, !!file.file.disk),
        });
      }
      if (id && file.mixedLineEndings) {
        this.notepad.addNotice({
          id: `mixed-${id}`,
          kind: "info",
          message: mixedLineEndingsMessage(file.name ?? "The file"),
        });
      }
    }
    void this.warnWhenNoRoomFor(opened);
    for (const { fileName, message } of rejected) {
      this.notepad.addNotice({ id: `rejected-${fileName}`, kind: "error", message });
    }
    if (cancelled !== null) {
      this.notepad.addNotice({
        id: `cancelled-${cancelled}`,
        kind: "info",
        message: readCancelledMessage(cancelled),
      });
    }
    return ids;
  }

  /** Tells at once when files just opened cannot all be stored (the quota is too small). */
  private async warnWhenNoRoomFor(
    opened: readonly { name?: string; content: { length: number } }[],
  ) {
    const chars = opened.reduce((sum, file) => sum + file.content.length, 0);
    if (chars < ROOM_CHECK_CHARS) return;
    const names = opened.map((file) => file.name ?? "Untitled");
    const shortfall = roomShortfall(await readStorageHealth(), chars, names);
    if (!shortfall) return;
    this.notepad.addNotice({
      id: "storage-no-room",
      kind: "warning",
      message: shortfall,
      action: { label: "Back up all documents", run: () => this.links.backUpAll() },
    });
  }
}
