import { restoredMessage, restoreVersion } from "~/codemirror/history-snapshots";
import { editorTheme } from "~/codemirror/themes";
import { HistoryDialog } from "~/ui/history-dialog";
import { commandById, formatCommandKeys, keysFor } from "~/ui/commands";
import { CompareDialog } from "~/ui/compare-dialog";
import type { Platform } from "~/ui/platform";
import { COMPARE_NEXT_CHANGE, COMPARE_PREVIOUS_CHANGE, NOTEPAD_COMMANDS } from "./commands";
import type { NotepadController } from "./notepad-controller";
import { activeTabName } from "./status-figures";

/** File › Version history…: the active tab's kept versions, to compare and restore. */
export function NotepadHistory({
  controller,
  onClose,
}: {
  controller: NotepadController;
  onClose: () => void;
}) {
  const store = controller.store;
  return (
    <HistoryDialog
      history={controller.history}
      docId={store.getState().tabs.activeId}
      documentName={activeTabName(store.getState())}
      currentText={() => controller.getContent(store.getState().tabs.activeId)}
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
 * View › Compare with…: the active tab beside another tab. Edits made in the comparison (a
 * change copied across, or typed) go into the active tab as one undoable step.
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
  const next = commandById(NOTEPAD_COMMANDS, COMPARE_NEXT_CHANGE);
  const previous = commandById(NOTEPAD_COMMANDS, COMPARE_PREVIOUS_CHANGE);
  const dark = document.documentElement.classList.contains("dark");
  return (
    <CompareDialog
      title="Compare tabs"
      currentLabel={`"${active?.name ?? "this tab"}"`}
      current={controller.states.text(activeId)}
      choices={tabs
        .filter((tab) => tab.id !== activeId)
        .map((tab) => ({
          id: tab.id,
          label: `"${tab.name}"`,
          text: () => controller.states.text(tab.id),
        }))}
      editorExtensions={editorTheme(dark ? "dark" : "light")}
      nextKeys={keysFor(next, platform)}
      previousKeys={keysFor(previous, platform)}
      keyHint={formatCommandKeys(next, platform, true)}
      onApply={(changes) => {
        const view = controller.getView();
        // The tab's text cannot change while the dialog is open, so the changes fit it.
        if (view && view.state.doc.length === changes.length) {
          view.dispatch({ changes, userEvent: "input.compare", scrollIntoView: true });
        }
      }}
      onClose={onClose}
    />
  );
}
