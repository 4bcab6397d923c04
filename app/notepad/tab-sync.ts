import type { StoredDocument } from "~/storage/document-store";
import type { DocumentSnapshot, RemoteDocument } from "~/storage/document-sync";
import { NotepadPart, type TabTextHost } from "./notepad-part";

/** What following other windows needs of the notepad. */
export type WindowSyncHost = TabTextHost<"track" | "saveOrder">;

/**
 * Following the notepad in other windows (the host side of the DocumentSyncClient): their
 * stored tabs are shown here, tabs they closed close, their order is followed, and when both
 * windows changed one tab both versions are kept.
 */
export class NotepadWindowSync extends NotepadPart<WindowSyncHost> {
  /** What is stored of tab `id` (null when it is gone). */
  snapshot(id: string): DocumentSnapshot | null {
    const doc = this.notepad.states.get(id);
    if (!doc) return null;
    const { meta } = doc;
    return {
      text: this.notepad.states.text(id),
      name: meta.name,
      lastModified: Math.max(meta.lastModified, doc.lastEditAt),
      isModified: meta.isModified,
      driveFileId: doc.driveFileId,
      file: doc.file,
    };
  }

  /** Shows another window's stored version of a tab (a new tab when this window lacks it). */
  adoptRemote(doc: RemoteDocument, known: boolean): void {
    const states = this.notepad.states;
    if (!states.has(doc.id)) {
      if (known) return; // Closed here meanwhile: its delete is on its way.
      // Stored already by the other window (its storage tracks it): the followers leave it.
      states.add(doc.content, {
        id: doc.id,
        name: doc.name,
        isModified: doc.isModified,
        meta: { driveFileId: doc.driveFileId, file: doc.file, lastModified: doc.lastModified },
        activate: false,
        origin: "other-window",
      });
      return;
    }
    this.adoptContent(doc);
  }

  /** Removes tabs another window closed (none has unstored edits here). */
  removeForSync(ids: string[]): void {
    const states = this.notepad.states;
    for (const id of ids) {
      const before = new Set(states.ids);
      // The last tab gives way to a fresh "Untitled-1" of this window's, which storage tracks.
      states.remove(id, "other-window");
      for (const fresh of states.ids) if (!before.has(fresh)) this.notepad.sync.track(fresh);
    }
  }

  /** Follows the order another window stored. */
  reorderForSync(order: string[]): void {
    this.notepad.states.reorder(order, "other-window");
  }

  /**
   * Another window stored a different version of tab `id` since this window read it: both are
   * kept. This tab keeps what the user sees here; the other version opens as a new tab.
   */
  keepOtherWindowVersion(id: string, stored: StoredDocument, localContent: string): void {
    if (stored.content === localContent) return;
    const now = Date.now();
    const name = `${stored.name} (other window)`;
    // This window's new tab: tracked and stored as one (the set's followers).
    this.notepad.states.add(stored.content, { name, isModified: true, activate: false });
    this.notepad.sync.saveOrder(this.notepad.states.ids);
    this.notepad.addNotice({
      id: `conflict-${id}-${now}`,
      kind: "info",
      message: `"${stored.name}" was also changed in another window. Both versions are kept: the other window's version is in the tab "${name}".`,
    });
  }

  /** Puts another window's text and file details in a tab this window has. */
  private adoptContent(doc: RemoteDocument): void {
    // Its name, unsaved mark and file first (a version kept below is kept under the new
    // name); stored already by the other window: the storage follower leaves it.
    const meta = {
      name: doc.name,
      isModified: doc.isModified,
      lastModified: doc.lastModified,
      driveFileId: doc.driveFileId,
      file: doc.file,
    };
    this.notepad.states.changeMeta(doc.id, meta, "other-window");
    // A built tab's History follows the tabs' feed (other-window reason); a tab not built yet
    // takes the text without a transaction, so its text before is kept here.
    const held = this.notepad.states.get(doc.id);
    if (held && !held.state) {
      void this.notepad.history.snapshotNow(
        doc.id,
        { text: this.notepad.states.text(doc.id), name: this.notepad.tabName(doc.id) },
        "other-window",
      );
    }
    this.notepad.states.replaceContent(
      doc.id,
      doc.content,
      doc.id === this.notepad.activeId() ? this.notepad.getView() : null,
      doc.changes,
    );
    if (doc.id === this.notepad.activeId()) this.notepad.publishFileStatus();
  }
}
