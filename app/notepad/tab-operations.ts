import type { Text } from "@codemirror/state";
import { type PickedFile, pickFiles } from "~/storage/disk-files";
import { DocumentHistory } from "~/storage/document-history";
import { editorDocumentStore } from "~/storage/editor-document";
import {
  parseEditorSettings,
  readEditorSettings,
  writeEditorSettings,
} from "~/storage/editor-settings";
import { parseNotepadSettings } from "~/storage/notepad-settings";
import { readStorageHealth, roomShortfall } from "~/storage/storage-health";
import type { DocumentFileFormat, StoredDocument } from "~/storage/document-store";
import { isQuotaError } from "~/storage/document-records";
import type { RemoteDocument } from "~/storage/document-sync";
import { safeFileName, withTxtExtension } from "~/text/file-name";
import { formatCountOf } from "~/text/number-format";
import { askChangedOnDisk } from "~/ui/choice-dialog";
import {
  mixedLineEndingsMessage,
  type SaveOutcome,
  saveDocument,
  saveDocumentAs,
  saveOutcomeNotice,
} from "~/ui/document-file-save";
import { downloadBlob, downloadText } from "~/ui/download";
import { printText } from "~/ui/print";
import { readCancelledMessage } from "~/ui/file-read-progress";
import type { NotepadController } from "./notepad-controller";
import type { TabOrigin } from "./tab-states";
import { readTabFiles, tabNameFromFile, zipTabs } from "./tab-files";
import {
  activateTab,
  clearModified,
  activateTabAt,
  addTab,
  closeOtherTabs,
  closeTab,
  duplicateTab,
  moveTab,
  moveTabBy,
  orderTabs,
  removeTabForSync,
  renameTab,
  type TabsState,
  updateTab,
} from "./tabs-model";

/** The backup format, with fflate under it: loaded when a backup is made or read. */
const loadBackupArchive = () => import("~/text/backup-archive");

/** Files opened together smaller than this are not checked against the storage quota. */
const ROOM_CHECK_CHARS = 1024 * 1024;

/**
 * The notepad's tab operations: the pure rules of `tabs-model.ts` applied to the UI store,
 * the tab states and storage. Closing a modified tab asks through the page's confirm (passed
 * in, never called here directly), and other windows' changes arrive here from the sync client.
 */
/** What a closed tab needs to come back as it was (besides its name and text). */
export interface ClosedTabExtra {
  driveFileId: string | null;
  file: DocumentFileFormat;
  isModified: boolean;
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

export class NotepadTabs {
  /** Closed tabs still being written to the history database. */
  private closing: Promise<unknown> = Promise.resolve();

  constructor(private readonly notepad: NotepadController) {}

  private get store() {
    return this.notepad.store;
  }

  private get tabs(): TabsState {
    return this.store.getState().tabs;
  }

  /** Sets the tab list, showing and remembering a newly active tab. */
  private setTabs(tabs: TabsState): void {
    if (!this.notepad.ready) return;
    const previous = this.tabs;
    if (tabs === previous) return;
    this.store.setState({ tabs });
    if (tabs.activeId !== previous.activeId)
      this.notepad.showActive(tabs.activeId, previous.activeId);
    this.notepad.rememberActive(tabs.activeId);
  }

  /** Shows tab `id`. */
  activate(id: string): void {
    this.setTabs(activateTab(this.tabs, id));
  }

  /** Shows the tab at 0-based `index` (Ctrl/Cmd+1..9). */
  activateAt(index: number): void {
    this.setTabs(activateTabAt(this.tabs, index));
  }

  /**
   * Opens a new tab (empty, or with text) and shows it. Returns its id (null before load).
   * `origin` tells where the text came from: a Drive file id, or a file on disk and its format.
   */
  newTab(
    name?: string,
    content: string | Text = "",
    origin: string | null | TabOrigin = null,
    options: { id?: string; isModified?: boolean } = {},
  ): string | null {
    if (!this.notepad.ready) return null;
    const { state, tab } = addTab(this.tabs, Date.now(), {
      name: name && tabNameFromFile(name),
      ...options,
    });
    this.notepad.states.add(
      tab.id,
      content,
      typeof origin === "object" && origin !== null ? origin : { driveFileId: origin },
    );
    this.notepad.sync.track(tab.id);
    this.setTabs(state);
    this.notepad.sync.noteChange(tab.id, true);
    this.saveOrder();
    this.notepad.text.focus();
    return tab.id;
  }

  private confirmClose(name: string): boolean {
    return this.notepad.options.confirm(`${name} has unsaved changes. Close anyway?`);
  }

  /** Closes a tab, asking first when it has changes not downloaded. Returns whether it closed. */
  closeTab(id: string): boolean {
    const tab = this.tabs.tabs.find((t) => t.id === id);
    if (!tab || this.tabs.tabs.length <= 1) return false;
    if (tab.isModified && !this.confirmClose(tab.name)) return false;
    const kept = this.keepClosed([id]);
    this.setTabs(closeTab(this.tabs, id));
    this.forget([id], kept);
    if (tab.isModified) this.offerReopen(id, tab.name);
    return true;
  }

  /** Closes every tab but `id`, asking once per modified tab. */
  closeOthers(id: string): void {
    const tabs = this.tabs;
    const closing = tabs.tabs.filter((tab) => tab.id !== id);
    const confirmed = closing.filter((tab) => !tab.isModified || this.confirmClose(tab.name));
    const confirmedIds = confirmed.map((tab) => tab.id);
    const kept = this.keepClosed(confirmedIds);
    const modified = confirmed.filter((tab) => tab.isModified);
    if (modified.length === 1) this.offerReopen(modified[0].id, modified[0].name);
    if (confirmed.length === closing.length) {
      const { state, closed } = closeOtherTabs(tabs, id);
      this.setTabs(activateTab(state, id));
      this.forget(closed, kept);
      return;
    }
    let state = activateTab(tabs, id);
    for (const tab of confirmed) state = closeTab(state, tab.id);
    this.setTabs(activateTab(state, id));
    this.forget(confirmedIds, kept);
  }

  /**
   * Keeps closed tabs (text, name, file) so they can be reopened for 30 days. Resolves when
   * they are written (or failed to be).
   */
  private keepClosed(ids: string[]): Promise<unknown> {
    const now = Date.now();
    const writes = ids.map((id, index) => {
      const tab = this.tabs.tabs.find((t) => t.id === id);
      const doc = this.notepad.states.get(id);
      if (!tab || !doc) return null;
      const extra: ClosedTabExtra = {
        driveFileId: doc.driveFileId,
        file: doc.file,
        isModified: tab.isModified,
      };
      const text = this.notepad.getContent(id);
      return (
        this.notepad.history.store
          // Later tabs of one close count as closed later: the last one closed reopens first.
          .keepClosedTab({ id, name: tab.name, text, extra }, now + index)
          .catch((error: unknown) => {
            console.error("Keeping a closed tab failed", error);
            // The text is still here: offer it, since Reopen will not find it.
            this.notepad.addNotice({
              id: "closed-tab",
              kind: "error",
              message: closedTabNotKeptMessage(tab.name, isQuotaError(error)),
              action: {
                label: "Download",
                run: () => downloadText(text, withTxtExtension(safeFileName(tab.name))),
              },
            });
          })
      );
    });
    const kept = Promise.all(writes);
    // Reopen waits for these writes (a Reopen clicked at once finds the tab).
    this.closing = Promise.all([this.closing, kept]);
    return kept;
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
      const closed = await store.listClosedTabs<ClosedTabExtra>();
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
    const text = await store.readClosedTab(entry.id);
    if (text === null) {
      this.notepad.addNotice({
        id: "reopen",
        kind: "error",
        message: `"${entry.name}" could not be reopened: its stored text could not be read.`,
      });
      await store.forgetClosedTabs([entry.id]);
      return;
    }
    const { driveFileId, file, isModified } = entry.extra;
    // The old id when it is free: the tab's version history comes back with it.
    const free = !this.notepad.states.has(entry.id);
    this.newTab(
      entry.name,
      text,
      { driveFileId, file },
      { id: free ? entry.id : undefined, isModified },
    );
    await store.forgetClosedTabs([entry.id]);
  }

  /**
   * Drops closed tabs. Their stored documents are deleted once `kept` (their copies among the
   * recently closed) is written, so closing the page at once loses nothing; a Reopen waits for
   * the delete, since it brings the tab back under the same id.
   */
  private forget(ids: string[], kept: Promise<unknown>): void {
    if (ids.length === 0) return;
    for (const id of ids) this.notepad.states.delete(id);
    this.closing = Promise.all([this.closing, this.notepad.sync.forget(ids, kept)]);
    this.saveOrder();
  }

  /** Copies tab `id` into "name (Copy)" right after it (not its Drive file: a copy is new). */
  duplicate(id: string): void {
    if (!this.notepad.ready) return;
    const content = this.notepad.getContent(id);
    const source = this.notepad.states.get(id);
    const { state, tab } = duplicateTab(this.tabs, id, Date.now());
    if (!tab) return;
    // Same encoding and line ending; the copy is new, not the original's file.
    this.notepad.states.add(tab.id, content, {
      file: source ? { ...source.file, disk: null } : undefined,
    });
    this.notepad.sync.track(tab.id);
    this.setTabs(state);
    this.notepad.sync.noteChange(tab.id, true);
    this.saveOrder();
  }

  /** Renames a tab (blank names ignored, 30 characters at most). */
  rename(id: string, name: string): void {
    if (!this.notepad.ready) return;
    const before = this.tabs;
    const after = renameTab(before, id, name, Date.now());
    this.store.setState({ renamingId: null });
    if (after === before) return;
    this.store.setState({ tabs: after });
    this.notepad.sync.noteChange(id, true);
  }

  /** Starts or stops the inline rename of a tab. */
  setRenaming(id: string | null): void {
    this.store.setState({ renamingId: id });
  }

  /** Moves a tab to a new position (drag and drop). */
  moveTo(from: number, to: number): void {
    this.setTabs(moveTab(this.tabs, from, to));
    this.saveOrder();
  }

  /** Moves a tab one step left or right (keyboard). */
  moveBy(id: string, delta: number): void {
    this.setTabs(moveTabBy(this.tabs, id, delta));
    this.saveOrder();
  }

  private saveOrder(): void {
    this.notepad.sync.saveOrder(this.tabs.tabs.map((tab) => tab.id));
  }

  // ---------------------------------------------------------------- files

  /** Opens text files, each in its own tab; refused files are reported. */
  async openFiles(files: readonly PickedFile[]): Promise<void> {
    await this.notepad.whenReady();
    const { opened, rejected, cancelled } = await readTabFiles(files, this.notepad.fileReads);
    for (const file of opened) {
      const id = this.newTab(file.name, file.content, {
        file: file.file,
        mixedLineEndings: file.mixedLineEndings,
      });
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
      action: { label: "Back up all documents", run: () => void this.backUpAll() },
    });
  }

  /**
   * Save (into the tab's file on this computer, else a download named as the spec says) or
   * Save As (the system's save dialog, a download where there is none). The modified marker
   * clears only when the write succeeded and the tab was not edited meanwhile.
   */
  async save(mode: "save" | "save-as", id = this.notepad.activeId()): Promise<void> {
    const tab = this.tabs.tabs.find((t) => t.id === id);
    const doc = this.notepad.states.get(id);
    if (!tab || !doc) return;
    const savedText = this.notepad.states.text(id);
    const request = {
      // A download appends .txt (spec); the save dialog suggests the name as it is when it
      // already has an extension ("notes.md").
      name:
        mode === "save-as" && /\.[a-z0-9]{1,8}$/i.test(tab.name)
          ? tab.name
          : withTxtExtension(tab.name),
      text: savedText.toString(),
      file: doc.file,
    };
    const outcome =
      mode === "save"
        ? await saveDocument(request, {
            askChangedOnDisk,
            keepOverwritten: (diskText) =>
              this.notepad.history.snapshotNow(
                id,
                { text: diskText, name: tab.name },
                "before-overwrite",
              ),
          })
        : await saveDocumentAs(request);
    const current = this.notepad.states.get(id);
    // The tab was closed while the dialog or the write ran.
    if (!current) return;
    const unchanged = this.notepad.states.text(id) === savedText;
    if (outcome.kind === "written") {
      current.file = outcome.file;
      current.mixedLineEndings = false;
      if (mode === "save-as") this.rename(id, outcome.name);
      if (unchanged) this.markSaved(id);
      this.notepad.sync.noteChange(id, true);
      this.notepad.publishFileStatus();
    } else if (outcome.kind === "downloaded") {
      if (unchanged) this.markSaved(id);
    } else if (outcome.kind === "reload") {
      this.reloadText(id, outcome.text);
      current.file = outcome.file;
      current.mixedLineEndings = outcome.mixedLineEndings;
      this.markSaved(id);
      this.notepad.sync.noteChange(id, true);
      this.notepad.publishFileStatus();
    }
    this.noticeFor(id, outcome);
  }

  /** Puts the file's text from disk in the tab; in the shown tab an undoable edit. */
  private reloadText(id: string, text: string): void {
    const view = this.notepad.getView();
    if (view && id === this.notepad.activeId()) {
      view.dispatch({
        changes: { from: 0, to: view.state.doc.length, insert: text },
        userEvent: "input.reload",
      });
    } else {
      void this.notepad.history.snapshotNow(
        id,
        { text: this.notepad.states.text(id), name: this.notepad.tabName(id) },
        "reloaded-from-disk",
      );
      this.notepad.states.replaceContent(id, text, null);
    }
  }

  /** Clears a tab's modified marker (it was downloaded or written) and stores that. */
  private markSaved(id: string): void {
    const before = this.tabs;
    const after = clearModified(before, id);
    if (after !== before) {
      this.store.setState({ tabs: after });
      this.notepad.sync.noteChange(id, true);
    }
  }

  private noticeFor(id: string, outcome: SaveOutcome): void {
    const notice = saveOutcomeNotice(outcome);
    if (!notice) return;
    const retry = notice.retry;
    this.notepad.addNotice({
      id: `save-${id}`,
      kind: notice.kind,
      message: notice.text,
      action: retry
        ? {
            label: retry === "save" ? "Save" : "Save as…",
            run: () => void this.save(retry, id),
          }
        : undefined,
    });
  }

  /** Downloads every tab as one .zip of .txt files. */
  async downloadAll(): Promise<void> {
    const tabs = this.store.getState().tabs.tabs;
    let blob;
    try {
      blob = await zipTabs(
        tabs.map((tab) => ({ name: tab.name, content: this.notepad.getContent(tab.id) })),
      );
    } catch (error) {
      // The zip code could not load (offline before it was cached) or the tabs are too big
      // for one .zip in memory: each tab can still be downloaded on its own.
      console.error(error);
      this.notepad.addNotice({
        id: "download-all",
        kind: "error",
        message:
          "The tabs could not be put in one .zip. Save each tab on its own with File › Export….",
      });
      return;
    }
    downloadBlob(blob, "plainpad-tabs.zip");
  }

  /**
   * File › Back up all documents: one .zip with every tab and the editor's document as plain
   * text files, with their names, order and both editors' settings (`backup-archive.ts`);
   * with `withHistory`, every kept version of each document too.
   */
  async backUpAll({ withHistory = false }: { withHistory?: boolean } = {}): Promise<void> {
    await this.notepad.whenReady();
    const history = this.notepad.history;
    const versionsOf = async (id: string, owner: DocumentHistory = history) => {
      if (!withHistory) return {};
      try {
        return { history: await owner.exportVersions(id) };
      } catch (error) {
        // History that cannot be read leaves the documents' own text in the backup.
        console.error(error);
        return {};
      }
    };
    let editor = null;
    try {
      const stored = await editorDocumentStore.loadAll();
      const doc = stored.documents[0];
      if (doc && doc.content.length) {
        editor = {
          name: doc.name,
          text: doc.content.toString(),
          isModified: doc.isModified,
          driveFileId: doc.driveFileId,
          ...(await versionsOf(doc.id, this.editorHistory())),
        };
      }
    } catch (error) {
      // The editor's storage could not be read: the tabs are still backed up.
      console.error(error);
    }
    const tabs = [];
    for (const tab of this.tabs.tabs) {
      tabs.push({
        name: tab.name,
        text: this.notepad.getContent(tab.id),
        isModified: tab.isModified,
        driveFileId: this.notepad.states.get(tab.id)?.driveFileId ?? null,
        ...(await versionsOf(tab.id)),
      });
    }
    const { buildBackup } = await loadBackupArchive();
    const now = new Date();
    const bytes = buildBackup({
      createdAt: now.getTime(),
      tabs,
      editor,
      settings: { notepad: this.store.getState().settings, editor: readEditorSettings() },
    });
    const day = now.toISOString().slice(0, 10);
    downloadBlob(
      new Blob([bytes as BlobPart], { type: "application/zip" }),
      `plainpad-backup-${day}.zip`,
    );
    const count = tabs.length + (editor ? 1 : 0);
    const versions = [...tabs, ...(editor ? [editor] : [])].reduce(
      (sum, doc) => sum + (doc.history?.length ?? 0),
      0,
    );
    const withVersions = withHistory ? ` with ${formatCountOf(versions, "kept version")}` : "";
    this.notepad.addNotice({
      id: "backup",
      kind: "info",
      message: `Backed up ${formatCountOf(count, "document")}${withVersions} to "plainpad-backup-${day}.zip". Keep it somewhere safe; File › Restore from backup… reads it back.`,
    });
  }

  /** The simple editor's version history (its own documents, kept in the same database). */
  private editorHistory(): DocumentHistory {
    return new DocumentHistory(this.notepad.history.store, "editor", {
      historyFull: () => undefined,
    });
  }

  /**
   * File › Restore from backup…: reads a backup .zip and opens each document that is not
   * already open with the same text as a new tab, with its kept versions (`withHistory`).
   * Nothing open is ever changed. `withSettings` also applies the backup's settings. Resolves
   * false when no file was chosen.
   */
  async restoreFromBackup({
    withHistory = true,
    withSettings = false,
  }: { withHistory?: boolean; withSettings?: boolean } = {}): Promise<boolean> {
    let picked;
    try {
      picked = await pickFiles({
        multiple: false,
        extensions: [".zip"],
        description: "Plainpad backup",
      });
    } catch (error) {
      console.error(error);
      return false;
    }
    const file = picked[0]?.file;
    if (!file) return false;
    await this.notepad.whenReady();
    const { BackupError, planRestore, readBackup } = await loadBackupArchive();
    let backup;
    try {
      backup = readBackup(new Uint8Array(await file.arrayBuffer()));
    } catch (error) {
      const message =
        error instanceof BackupError
          ? error.message
          : `"${file.name}" could not be read. Nothing was changed.`;
      if (!(error instanceof BackupError)) console.error(error);
      this.notepad.addNotice({ id: "restore", kind: "error", message });
      return true;
    }
    const existing = this.tabs.tabs.map((tab) => ({
      name: tab.name,
      text: this.notepad.getContent(tab.id),
    }));
    const { add, alreadyOpen } = planRestore(backup, existing);
    let versions = 0;
    for (const doc of add) {
      const id = this.newTab(doc.name, doc.text, doc.driveFileId, { isModified: doc.isModified });
      if (id && withHistory && doc.history?.length) {
        try {
          versions += await this.notepad.history.importVersions(id, doc.history);
        } catch (error) {
          console.error(error);
        }
      }
    }
    const parts = [
      `Restored ${formatCountOf(add.length, "document")} from "${file.name}"${versions ? ` with ${formatCountOf(versions, "kept version")}` : ""}.`,
    ];
    if (alreadyOpen)
      parts.push(
        `${alreadyOpen} already open with the same text ${alreadyOpen === 1 ? "was" : "were"} left as ${alreadyOpen === 1 ? "it was" : "they were"}.`,
      );
    if (withSettings) {
      const notepad = parseNotepadSettings(backup.settings.notepad);
      if (notepad) this.notepad.updateSettings(notepad);
      if (backup.settings.editor) writeEditorSettings(parseEditorSettings(backup.settings.editor));
      if (notepad || backup.settings.editor) parts.push("The settings were restored too.");
    }
    this.notepad.addNotice({ id: "restore", kind: "info", message: parts.join(" ") });
    return true;
  }

  /** Prints the active tab. */
  print(): void {
    const tabs = this.store.getState().tabs;
    const tab = tabs.tabs.find((t) => t.id === tabs.activeId);
    printText({ title: tab?.name ?? "Untitled", text: this.notepad.getContent(tabs.activeId) });
  }

  // ---------------------------------------------------------------- other windows

  /** Shows another window's stored version of a tab (a new tab when this window lacks it). */
  adoptRemote(doc: RemoteDocument, known: boolean): void {
    const patch = { name: doc.name, isModified: doc.isModified, lastModified: doc.lastModified };
    if (!known) {
      this.notepad.states.add(doc.id, doc.content, {
        driveFileId: doc.driveFileId,
        file: doc.file,
      });
      this.store.setState((s) => ({
        tabs: { ...s.tabs, tabs: [...s.tabs.tabs, { id: doc.id, ...patch }] },
      }));
      return;
    }
    this.store.setState((s) => ({ tabs: updateTab(s.tabs, doc.id, patch) }));
    this.notepad.adopt(doc);
  }

  /** Removes tabs another window closed (none has unstored edits here). */
  removeForSync(ids: string[]): void {
    for (const id of ids) {
      const before = this.tabs;
      const after = removeTabForSync(before, id, Date.now());
      this.notepad.states.delete(id);
      this.store.setState({ tabs: after });
      if (!this.notepad.states.has(after.activeId)) {
        this.notepad.states.add(after.activeId, "");
        this.notepad.sync.track(after.activeId);
      }
      if (before.activeId !== after.activeId || before.activeId === id) {
        this.notepad.showActive(after.activeId);
      }
    }
  }

  /** Follows the order another window stored. */
  reorderForSync(order: string[]): void {
    this.store.setState((s) => ({ tabs: orderTabs(s.tabs, order) }));
  }

  /**
   * Another window stored a different version of tab `id` since this window read it: both are
   * kept. This tab keeps what the user sees here; the other version opens as a new tab.
   */
  keepOtherWindowVersion(id: string, stored: StoredDocument, localContent: string): void {
    if (stored.content === localContent) return;
    const now = Date.now();
    const name = `${stored.name} (other window)`;
    const { state: tabs, tab } = addTab(this.tabs, now, {
      name,
      isModified: true,
      activate: false,
    });
    this.store.setState({ tabs });
    this.notepad.states.add(tab.id, stored.content);
    this.notepad.sync.track(tab.id);
    this.notepad.sync.noteChange(tab.id);
    this.saveOrder();
    this.notepad.addNotice({
      id: `conflict-${id}-${now}`,
      kind: "info",
      message: `"${stored.name}" was also changed in another window. Both versions are kept: the other window's version is in the tab "${name}".`,
    });
  }
}
