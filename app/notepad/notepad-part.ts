import type { EditorView } from "@codemirror/view";
import type { DocumentHistory } from "~/storage/document-history";
import type { DocumentSyncClient } from "~/storage/document-sync";
import type { Notice, NotepadStore } from "./notepad-store";
import type { TabStates } from "./tab-states";
import type { TabsState } from "./tabs-model";

/**
 * What the notepad's parts that change a tab's text or file need of it (the controller gives
 * it): its stores, the shown view and the notices. `SyncNeeds` names the part of the
 * DocumentSyncClient a part calls, so each part is given no more than it uses.
 */
export interface TabTextHost<SyncNeeds extends keyof DocumentSyncClient> {
  readonly store: NotepadStore;
  readonly states: TabStates;
  readonly sync: Pick<DocumentSyncClient, SyncNeeds>;
  readonly history: Pick<DocumentHistory, "snapshotNow">;
  getView(): EditorView | null;
  activeId(): string;
  tabName(id: string): string;
  /** Shows the active tab's file format (and whether it is in Drive) in the status bar. */
  publishFileStatus(): void;
  addNotice(notice: Notice): void;
}

/** Base of the notepad's parts that read the tab list from the notepad's store. */
export abstract class NotepadPart<Host extends { readonly store: NotepadStore }> {
  constructor(protected readonly notepad: Host) {}

  protected get store(): NotepadStore {
    return this.notepad.store;
  }

  protected get tabs(): TabsState {
    return this.store.getState().tabs;
  }
}
