import { followForStorage, StoredFeed } from "~/document/storage-follower";
import { DocumentSyncClient } from "~/storage/document-sync";
import { notepadTabsStore } from "~/storage/notepad-tabs";
import type { NotepadBackups } from "./backup-operations";
import { showStorageStatus } from "./notepad-notices";
import type { NotepadStore } from "./notepad-store";
import type { NotepadWindowSync } from "./tab-sync";
import type { TabStates } from "./tab-states";

/** Every edit is stored at most this long after it happened (spec: within 1 second). */
export const SAVE_DELAY_MS = 700;

/** What the tabs' storage calls in the notepad (the controller gives it). */
export interface TabsStorageHost {
  readonly store: NotepadStore;
  readonly states: TabStates;
  readonly windows: NotepadWindowSync;
  readonly backups: Pick<NotepadBackups, "backUpAll">;
}

/**
 * The persistence of every tab through the shared document engine (`DocumentSyncClient`:
 * autosave, keep-aside, revisions, other windows), following the tabs' change feed: the one
 * place it hears of a change. Returns the client, the unsubscribe of its follower, and the
 * feed of what it stored, which folder copies and Drive sync follow.
 */
export function openTabsStorage(notepad: TabsStorageHost): {
  sync: DocumentSyncClient;
  stopFollowing: () => void;
  stored: StoredFeed;
} {
  const storedFeed = new StoredFeed();
  const sync = new DocumentSyncClient(
    notepadTabsStore,
    {
      snapshot: (id) => notepad.windows.snapshot(id),
      adoptRemote: (doc, known) => notepad.windows.adoptRemote(doc, known),
      remoteDeleted: (ids) => notepad.windows.removeForSync(ids),
      remoteOrder: (order) => notepad.windows.reorderForSync(order),
      conflict: (id, stored, local) => notepad.windows.keepOtherWindowVersion(id, stored, local),
      storageStatus: (status) =>
        showStorageStatus(notepad.store, status, () => void notepad.backups.backUpAll()),
      storing: (busy) => notepad.store.setState({ storing: busy }),
      stored: (id) => storedFeed.publish(id),
    },
    { channelName: "plainpad-notepad", delay: SAVE_DELAY_MS, maxWait: SAVE_DELAY_MS },
  );
  const stopFollowingFeed = followForStorage(notepad.states.feed, sync);
  // A tab this window adds is tracked before the feed hears it (so its first write is not
  // lost); another window's is tracked by the sync client that heard of it.
  const stopFollowingSet = notepad.states.subscribe(({ kind, ids, origin }) => {
    if (kind === "added" && origin !== "other-window") for (const id of ids) sync.track(id);
  });
  const stopFollowing = () => {
    stopFollowingFeed();
    stopFollowingSet();
  };
  return { sync, stopFollowing, stored: storedFeed };
}
