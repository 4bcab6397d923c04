import type { StoredDocument } from "~/storage/document-store";
import type { DocumentSnapshot, RemoteDocument } from "~/storage/document-sync";
import { NotepadPart, type TabTextHost } from "./notepad-part";
import { addTab, orderTabs, removeTabForSync, updateTab } from "./tabs-model";

/** What following other windows needs of the notepad. */
export interface WindowSyncHost extends TabTextHost<"track" | "saveOrder"> {
  /** Shows tab `id` in the view. */
  showActive(id: string): void;
}

/**
 * Following the notepad in other windows (the host side of the DocumentSyncClient): their
 * stored tabs are shown here, tabs they closed close, their order is followed, and when both
 * windows changed one tab both versions are kept.
 */
export class NotepadWindowSync extends NotepadPart<WindowSyncHost> {
  /** What is stored of tab `id` (null when it is gone). */
  snapshot(id: string): DocumentSnapshot | null {
    const meta = this.tabs.tabs.find((tab) => tab.id === id);
    const doc = this.notepad.states.get(id);
    if (!meta || !doc) return null;
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
    this.adoptContent(doc);
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
    this.notepad.states.announce(tab.id, { text: true });
    this.notepad.sync.saveOrder(this.tabs.tabs.map((tab) => tab.id));
    this.notepad.addNotice({
      id: `conflict-${id}-${now}`,
      kind: "info",
      message: `"${stored.name}" was also changed in another window. Both versions are kept: the other window's version is in the tab "${name}".`,
    });
  }

  /** Puts another window's text and file details in a tab this window has. */
  private adoptContent(doc: RemoteDocument): void {
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
    // Stored already by the other window: the storage follower leaves it.
    const meta = { driveFileId: doc.driveFileId, file: doc.file };
    this.notepad.states.changeMeta(doc.id, meta, "other-window");
    if (doc.id === this.notepad.activeId()) this.notepad.publishFileStatus();
  }
}
