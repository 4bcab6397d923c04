import { useState } from "react";
import { restoredMessage, restoreVersion } from "~/document/history-snapshots";
import { editorTheme } from "~/codemirror/themes";
import { HistoryDialog } from "~/ui/history-dialog";
import {
  applyComparedChanges,
  CompareDialog,
  compareKeysOf,
  type CompareSetup,
} from "~/ui/compare-dialog";
import type { Platform } from "~/ui/platform";
import { NOTEPAD_FILE_EXTENSIONS } from "~/text/file-checks";
import { NOTEPAD_COMMANDS } from "./commands";
import type { NotepadController } from "./notepad-controller";
import { activeTabName } from "./status-figures";
import { historyIdsOfTab } from "./workspace/workspace-history";

/** File › Version history…: the active tab's kept versions, to compare and restore. */
export function NotepadHistory({
  controller,
  platform,
  onClose,
}: {
  controller: NotepadController;
  platform: Platform;
  onClose: () => void;
}) {
  const store = controller.store;
  const activeId = store.getState().tabs.activeId;
  // Read once: a tab of the open folder also lists the versions kept of its file.
  const [alsoDocIds] = useState(() =>
    historyIdsOfTab(controller.workspace, controller.recall, activeId).slice(1),
  );
  return (
    <HistoryDialog
      history={controller.history}
      docId={activeId}
      alsoDocIds={alsoDocIds}
      documentName={activeTabName(store.getState())}
      currentText={() => controller.getContent(store.getState().tabs.activeId)}
      compare={compareSetup(controller, platform)}
      onRestore={(text, version) => {
        onClose();
        if (restoreVersion(controller.getView(), text)) {
          controller.addNotice({
            id: "restored",
            kind: "info",
            message: restoredMessage(version.createdAt),
          });
        }
      }}
      onClose={onClose}
    />
  );
}

/**
 * View › Compare with…: the active tab beside another tab or a file from the computer. Edits
 * made in the comparison (a change copied across, or typed) go into the active tab as one
 * undoable step.
 */
export function NotepadCompare({
  controller,
  platform,
  onClose,
}: {
  controller: NotepadController;
  platform: Platform;
  onClose: () => void;
}) {
  const { tabs, activeId } = controller.store.getState().tabs;
  const active = tabs.find((tab) => tab.id === activeId);
  return (
    <CompareDialog
      title="Compare"
      currentLabel={`"${active?.name ?? "this tab"}"`}
      current={controller.states.text(activeId)}
      choices={tabs
        .filter((tab) => tab.id !== activeId)
        .map((tab) => ({
          id: tab.id,
          label: `"${tab.name}"`,
          text: () => controller.states.text(tab.id),
        }))}
      fileChoice={{ extensions: NOTEPAD_FILE_EXTENSIONS }}
      setup={compareSetup(controller, platform)}
      onClose={onClose}
    />
  );
}

/**
 * The notepad's compare views: editors in the site's light or dark theme, the registry's keys,
 * edits going to the active tab.
 */
function compareSetup(controller: NotepadController, platform: Platform): CompareSetup {
  return {
    extensions: editorTheme(document.documentElement.classList.contains("dark") ? "dark" : "light"),
    keys: compareKeysOf(NOTEPAD_COMMANDS, platform),
    apply: (changes) => applyComparedChanges(controller.getView(), changes),
  };
}
