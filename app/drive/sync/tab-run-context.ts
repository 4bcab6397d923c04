/** What one tab's sync run needs of the controller (sync-tab-run.ts, conflict-copy.ts). */
import type { StoredTabSync } from "~/storage/sync-store";
import type { DriveHttpContext } from "../http";
import type { FileChange, SyncFileMeta } from "./sync-drive";
import type { NotepadSyncHost } from "./sync-types";

/** What a tab's run needs. */
export interface TabRunContext {
  http: DriveHttpContext;
  host: NotepadSyncHost;
  /** The "Plainpad Documents" folder's id (made, or made again, when needed). */
  folder(): Promise<string>;
  /** Files the changes feed reported since the last run; null: look at every file. */
  changes: Map<string, FileChange> | null;
  /**
   * Stores what is known before an upload that may fail: after a merge or a conflict, Drive's
   * text becomes the base, so a retry neither opens a second Drive copy nor merges twice.
   */
  checkpoint(record: StoredTabSync): void;
  /** Sync is on and the tab in it (either may be turned off while its run is under way). */
  syncing(tabId: string): boolean;
  /** An id for a new file (files.generateIds, asked for a few at a time). */
  newFileId(): Promise<string>;
  /** Tabs to put in a new file (the id is removed once it is made). */
  recreating?: Set<string>;
  /**
   * Opens Drive's side of a conflict as a synced tab on Drive file `file.id`, made already
   * (its checksum `file.md5`) or still to make (md5 null); answers the tab's id.
   */
  openDriveCopy(fromId: string, name: string, text: string, file: CopyFile): string;
  /** The copy tab's file was made: the tab is bound to it and synced. */
  copyMade(tabId: string, text: string, meta: SyncFileMeta, name: string): void;
}

/** The Drive file of a conflict's copy tab. */
export interface CopyFile {
  id: string;
  md5: string | null;
}
