import type { RemoteTabFile } from "~/drive/sync/sync-types";
import { newFileFormat } from "~/storage/document-records";
import type { TabTextHost } from "./notepad-part";
import type { TabOrigin } from "./tab-states";
import { fitCopyName } from "./drive-sync-edits";
import { MAX_TAB_NAME_LENGTH } from "./tabs-model";

/**
 * The tabs the Drive sync opens by itself (app/notepad/drive-sync.ts calls these for the
 * engine): another computer's synced tab brought in, and Drive's text of a tab changed on both
 * sides, opened beside it. Neither is shown: the person keeps the tab they are in.
 */

/** What opening a tab for the sync needs of the notepad. */
export type SyncTabsHost = TabTextHost<"track" | "saveOrder">;

/**
 * Opens a file of the synced tab list (another computer's tab) as a new tab, not shown, with
 * the brought-in encoding and line ending over the active tab's format (or a new one's, when
 * the active tab's is not loaded). `added` hears of the tab before it is stored.
 */
export function openTabFromDrive(
  notepad: SyncTabsHost,
  file: RemoteTabFile,
  added: (id: string) => void,
): string {
  const base = notepad.states.get(notepad.activeId())?.file;
  const name = file.name.slice(0, MAX_TAB_NAME_LENGTH).trim();
  return insertTab(notepad, name, file.text, null, added, {
    driveFileId: file.driveFileId,
    file: {
      ...(base ?? newFileFormat()),
      disk: null,
      encoding: file.encoding,
      lineEnding: file.lineEnding,
    },
  });
}

/**
 * Opens Drive's version of a tab changed on both sides right after it, not shown, in the same
 * format (not its file on disk), with the text kept in its History.
 */
export function openDriveCopy(
  notepad: SyncTabsHost,
  from: { id: string; name: string; text: string },
  added: (id: string) => void,
): string {
  const format = notepad.states.get(from.id)?.file;
  const id = insertTab(notepad, fitCopyName(from.name), from.text, from.id, added, {
    file: format ? { ...format, disk: null } : undefined,
  });
  void notepad.history.snapshotNow(id, { text: from.text, name: from.name }, "drive-sync");
  return id;
}

function insertTab(
  notepad: SyncTabsHost,
  name: string,
  text: string,
  afterId: string | null,
  added: (id: string) => void,
  origin: TabOrigin,
): string {
  // Tracked and stored by the set's followers (a tab of this window's), told to the engine.
  const id = notepad.states.add(text, {
    name,
    activate: false,
    after: afterId ?? undefined,
    meta: origin,
  });
  added(id);
  notepad.sync.saveOrder(notepad.states.ids);
  return id;
}
