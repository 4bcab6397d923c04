import { runTextTool } from "~/codemirror/text-tools";
import { writePreviewMode } from "~/storage/preview-mode";
import type { NotepadCommandContext } from "./commands";
import { type DriveMenuContext, openFromDrive, saveToDrive } from "./drive-menu-items";
import type { NotepadController } from "./notepad-controller";
import { chooseNotepadKeyMode } from "./notepad-key-mode";
import type { NotepadStore, NotepadUiState } from "./notepad-store";
import { workspaceCommandContext } from "./workspace/workspace-commands";
import type { WorkspaceSearch } from "./workspace/workspace-search";

/** What the notepad page gives its commands besides the controller. */
export interface NotepadCommandParts {
  controller: NotepadController;
  store: NotepadStore;
  openFilePicker(): void;
  setModal(modal: NotepadUiState["modal"]): void;
  toggleFullscreen(): void;
  driveContext: DriveMenuContext;
  search: WorkspaceSearch;
  /** Shows the text's right-click menu at a point of the window. */
  openContextMenuAt(x: number, y: number): void;
}

/**
 * The registry's context (`NotepadCommandContext`): what each of the notepad's commands runs,
 * in words of the controller. The page builds it once; the menus, toolbar and keys share it.
 */
export function notepadCommandContext(parts: NotepadCommandParts): NotepadCommandContext {
  const { controller, store, openFilePicker, setModal, toggleFullscreen, driveContext, search } =
    parts;
  const { openContextMenuAt } = parts;
  const activeId = () => store.getState().tabs.activeId;
  return {
    newTab: () => void controller.tabs.newTab(),
    openFilePicker,
    save: () => void controller.saves.save("save"),
    saveAs: () => void controller.saves.save("save-as"),
    openExportDialog: () => setModal("download"),
    openShareDialog: () => setModal("share"),
    openLiveDialog: () => setModal("live"),
    downloadAll: () => void controller.backups.downloadAll(),
    openBackupDialog: () => setModal("backup"),
    openRestoreDialog: () => setModal("restore-backup"),
    restoreFromFolder: () => void controller.backups.restoreFromFolder(),
    renameActiveTab: () => controller.tabs.setRenaming(activeId()),
    duplicateActiveTab: () => controller.tabs.duplicate(activeId()),
    print: () => controller.saves.print(),
    closeActiveTab: () => void controller.tabs.closeTab(activeId()),
    closeOtherTabs: () => controller.tabs.closeOthers(activeId()),
    reopenClosedTab: () => void controller.tabs.reopenClosed(),
    openHistory: () => setModal("history"),
    setPreviewMode: (previewMode) => {
      writePreviewMode("notepad", previewMode);
      store.setState({ previewMode });
    },
    openFromDrive: () => void openFromDrive(driveContext),
    saveToDrive: () => void saveToDrive(driveContext),
    chooseSyncInterval: (interval) =>
      interval === "off" ? controller.drive.turnOff() : controller.drive.chooseInterval(interval),
    syncNow: () => controller.drive.syncNow(),
    toggleTabSync: () => controller.drive.toggleTab(activeId()),
    undo: () => controller.text.undo(),
    redo: () => controller.text.redo(),
    cut: () => void controller.text.cut(),
    copy: () => void controller.text.copy(),
    paste: () => void controller.text.paste(),
    selectAll: () => controller.text.selectAll(),
    toggleComment: () => controller.text.toggleComment(),
    indent: () => controller.text.indent(),
    setKeyMode: (mode) => chooseNotepadKeyMode(controller, store, mode),
    runTextTool: (id) =>
      runTextTool(controller.getView(), id, (message) =>
        controller.addNotice({ id: "text-tool", kind: "info", message }),
      ),
    outdent: () => controller.text.outdent(),
    openFind: (replace) => controller.editor.openFind(replace),
    insertDateTime: () => {
      if (store.getState().loaded) controller.text.insertDateTime();
    },
    openDialog: (dialog) => setModal(dialog),
    stepFontSize: (direction) => controller.editor.stepFontSize(direction),
    resetFontSize: () => controller.editor.resetFontSize(),
    setFontFamily: (fontFamily) => controller.editor.updateSettings({ fontFamily }),
    toggleSetting: (name) =>
      controller.editor.updateSettings({ [name]: !store.getState().settings[name] }),
    toggleFullscreen,
    activateTabAt: (index) => controller.tabs.activateAt(index),
    moveActiveTab: (delta) => controller.tabs.moveBy(activeId(), delta),
    openContextMenuAtCursor: () => {
      const view = controller.getView();
      const coords = view?.coordsAtPos(view.state.selection.main.head);
      openContextMenuAt(coords?.left ?? 40, coords?.bottom ?? 40);
    },
    ...workspaceCommandContext(controller.workspace, setModal, controller.fileOps),
    openFindInFiles: (replace) => search.open(replace),
  };
}
