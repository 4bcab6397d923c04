/**
 * The name a synced tab and its Drive file agree on: a tab renamed here renames the file; a
 * file renamed elsewhere (on another computer, or in Drive) renames the tab.
 */
import type { StoredTabSync } from "~/storage/sync-store";
import { withDefaultExtension } from "~/text/file-name";
import type { SyncTab } from "./sync-types";
import type { TabRunContext } from "./tab-run-context";

/** The Drive file name of a tab (its name, ".txt" added when it has no extension). */
export function driveFileName(tabName: string): string {
  return withDefaultExtension(tabName.trim() || "Untitled");
}

/** The tab name for a file renamed in Drive: ".txt" is left off when the tab had none. */
export function tabNameForFile(fileName: string, tabName: string): string {
  const addedTxt = driveFileName(tabName) !== tabName.trim();
  return addedTxt && /\.txt$/i.test(fileName) && fileName.length > 4
    ? fileName.slice(0, -4)
    : fileName;
}

/** The name a run agreed on, whether Drive's must change, and the file's own MIME type. */
export interface TabNaming {
  name: string;
  renameFile: boolean;
  mimeType?: string | null;
}

/**
 * The file name this run agrees on, and whether Drive's must change: a tab renamed here
 * renames the file; a file renamed elsewhere (Drive's name differs from the one last agreed
 * while the tab's does not) renames the tab; a rename on both sides keeps this tab's.
 */
export function agreeOnName(
  context: TabRunContext,
  fileId: string,
  tab: SyncTab,
  record: StoredTabSync,
  driveName: string | undefined,
): { name: string; renameFile: boolean } {
  const local = driveFileName(tab.name);
  const current = driveName ?? record.syncedName ?? local;
  const renamedHere = record.syncedName === null || local !== record.syncedName;
  if (!renamedHere && current !== local) {
    context.host.setTabDriveFile(tab.id, fileId, tabNameForFile(current, tab.name));
    return { name: current, renameFile: false };
  }
  return { name: local, renameFile: local !== current };
}
