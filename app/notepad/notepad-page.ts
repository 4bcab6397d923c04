import { listenForPageFileDrops } from "~/ui/page-file-drop";
import type { DocumentSyncClient } from "~/storage/document-sync";
import { handleLaunch } from "./notepad-launch";
import type { Notice, NotepadStore } from "./notepad-store";
import type { NotepadTabs } from "./tab-operations";
import type { TabLanguages } from "./tab-language";

/** What the page's listeners need of the notepad. */
export interface NotepadPageHost {
  readonly store: NotepadStore;
  readonly sync: Pick<DocumentSyncClient, "flushAll" | "isUnavailable">;
  readonly tabs: Pick<NotepadTabs, "openFiles" | "newTab">;
  readonly languages: Pick<TabLanguages, "follow">;
  addNotice(notice: Notice): void;
}

/**
 * The notepad's ties to the page around it, once its tabs are shown: writes flushed (and a
 * warning only when the browser refused them) as the page goes, files dropped beside the text,
 * each tab's language followed, and what the installed app was launched with (files opened
 * with it, text shared to it, the "New note" shortcut). Returns what stops them.
 */
export function listenToPage(notepad: NotepadPageHost): () => void {
  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    notepad.sync.flushAll();
    // Only warn when the browser refused our writes: otherwise everything is stored.
    if (notepad.store.getState().storageFull || notepad.sync.isUnavailable) event.preventDefault();
  };
  window.addEventListener("beforeunload", onBeforeUnload);
  // Files dropped beside the text (tab bar, toolbar, status bar) open in tabs too.
  const stopDrops = listenForPageFileDrops(
    (files) => void files.then((picked) => notepad.tabs.openFiles(picked)),
  );
  const stopLanguages = notepad.languages.follow();
  handleLaunch({
    openFiles: async (picked) => void (await notepad.tabs.openFiles(picked)),
    newTab: (name, content, origin) => notepad.tabs.newTab(name, content, origin),
    addNotice: (notice) => notepad.addNotice(notice),
  });
  return () => {
    stopDrops();
    window.removeEventListener("beforeunload", onBeforeUnload);
    stopLanguages();
  };
}
