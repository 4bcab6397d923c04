import { pickFiles } from "~/storage/disk-files";
import { DocumentHistory } from "~/storage/document-history";
import type { NotepadSettings } from "~/storage/notepad-settings";
import { editorDocumentStore } from "~/storage/editor-document";
import {
  parseEditorSettings,
  readEditorSettings,
  writeEditorSettings,
} from "~/storage/editor-settings";
import type { StoredFeed } from "~/document/storage-follower";
import type { BackupDocument } from "~/storage/backup-folder";
import { BackupFolderKeeper } from "~/storage/backup-folder-keeper";
import { newFileFormat } from "~/storage/document-records";
import { noteBackup, noteStored } from "~/storage/keep-safe";
import { parseNotepadSettings } from "~/storage/notepad-settings";
import { formatCountOf } from "~/text/number-format";
import { downloadBlob } from "~/ui/download";
import { restoreFromFolder } from "./folder-restore";
import type { Notice, NotepadStore } from "./notepad-store";
import { zipTabs } from "./tab-files";
import type { TabOrigin, TabStates } from "./tab-states";

/** The backup format, with fflate under it: loaded when a backup is made or read. */
const loadBackupArchive = () => import("~/text/backup-archive");

/** What the copies outside the browser need of the notepad. */
export interface BackupsHost {
  readonly store: NotepadStore;
  readonly states: TabStates;
  /** The tabs' version history (its store also holds the simple editor's). */
  readonly history: Pick<DocumentHistory, "store" | "exportVersions" | "importVersions">;
  /** What the tabs' storage wrote: the backup reminder and the folder copies follow it. */
  readonly stored: Pick<StoredFeed, "subscribe">;
  whenReady(): Promise<void>;
  getContent(id: string): string;
  addNotice(notice: Notice): void;
}

/** What the copies outside the browser call in the rest of the notepad (given by the controller). */
export interface BackupsLinks {
  /**
   * Opens a document as a new tab; its id (null before the tabs are shown). `origin` is its
   * Drive file id, or where it came from with its file format.
   */
  newTab(
    name: string,
    text: string,
    origin: string | null | TabOrigin,
    options: { isModified?: boolean },
  ): string | null;
  /** Changes the notepad's settings (a restore with its settings). */
  updateSettings(patch: Partial<NotepadSettings>): void;
}

/**
 * The notepad's copies outside the browser's storage: every tab as a .zip of text files,
 * the full backup of both editors (with their versions and settings) and its restore, and
 * the copies kept in a folder (File › Keep copies in a folder…).
 */
export class NotepadBackups {
  readonly folder = new BackupFolderKeeper(() => this.folderDocuments());
  private readonly stopFollowing: () => void;

  constructor(
    private readonly notepad: BackupsHost,
    private readonly links: BackupsLinks,
  ) {
    // A follower of storage's feed: a tab stored after a change is copied, and counted.
    this.stopFollowing = notepad.stored.subscribe((id) => this.noteStored(id));
    // The folder chosen on an earlier visit, once the tabs it copies are here.
    if (typeof window !== "undefined") void notepad.whenReady().then(() => this.folder.restore());
  }

  /** A tab was stored after a change: the backup reminder and the folder copies hear of it. */
  private noteStored(id: string): void {
    noteStored("notepad", Date.now());
    this.folder.noteStored(id);
  }

  /** Stops following storage and the folder copies' schedule. */
  dispose(): void {
    this.stopFollowing();
    this.folder.dispose();
  }

  /** Every tab, its text read only when its copy is written. */
  private folderDocuments(): BackupDocument[] {
    const notepad = this.notepad;
    return notepad.store.getState().tabs.tabs.map((tab) => ({
      id: tab.id,
      name: tab.name,
      file: notepad.states.get(tab.id)?.file ?? newFileFormat(),
      lastModified: tab.lastModified,
      get text() {
        return notepad.getContent(tab.id);
      },
    }));
  }

  /** File › Restore from folder copies… (folder-restore.ts), from a click. */
  restoreFromFolder(): Promise<boolean> {
    const notepad = this.notepad;
    return restoreFromFolder({
      whenReady: () => notepad.whenReady(),
      existingTabs: () =>
        notepad.store
          .getState()
          .tabs.tabs.map((tab) => ({ name: tab.name, text: notepad.getContent(tab.id) })),
      openTab: (name, text, file) => this.links.newTab(name, text, { file }, {}),
      notify: (kind, message) => notepad.addNotice({ id: "restore", kind, message }),
    });
  }

  /** Downloads every tab as one .zip of .txt files. */
  async downloadAll(): Promise<void> {
    const tabs = this.notepad.store.getState().tabs.tabs;
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
    const versionsOf = async (
      id: string,
      owner: Pick<DocumentHistory, "exportVersions"> = history,
    ) => {
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
    for (const tab of this.notepad.store.getState().tabs.tabs) {
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
      settings: { notepad: this.notepad.store.getState().settings, editor: readEditorSettings() },
    });
    const day = now.toISOString().slice(0, 10);
    downloadBlob(
      new Blob([bytes as BlobPart], { type: "application/zip" }),
      `plainpad-backup-${day}.zip`,
    );
    noteBackup("notepad", now.getTime());
    if (editor) noteBackup("editor", now.getTime());
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
    const existing = this.notepad.store.getState().tabs.tabs.map((tab) => ({
      name: tab.name,
      text: this.notepad.getContent(tab.id),
    }));
    const { add, alreadyOpen } = planRestore(backup, existing);
    let versions = 0;
    for (const doc of add) {
      const id = this.links.newTab(doc.name, doc.text, doc.driveFileId, {
        isModified: doc.isModified,
      });
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
      if (notepad) this.links.updateSettings(notepad);
      if (backup.settings.editor) writeEditorSettings(parseEditorSettings(backup.settings.editor));
      if (notepad || backup.settings.editor) parts.push("The settings were restored too.");
    }
    this.notepad.addNotice({ id: "restore", kind: "info", message: parts.join(" ") });
    return true;
  }
}
