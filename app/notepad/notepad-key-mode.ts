import { type KeyModeActions, loadKeyMode } from "~/codemirror/key-modes";
import { type KeyMode, KEY_MODE_LABELS, writeKeyMode } from "~/storage/key-mode";
import type { NotepadController } from "./notepad-controller";
import type { NotepadStore } from "./notepad-store";

/**
 * Switches the notepad's keys to `mode` (View › Keys): remembered, then the bindings are
 * loaded (the first time) and put in every tab. When loading fails (offline before the app
 * was stored), the standard keys stay and a notice says why.
 */
export function chooseNotepadKeyMode(
  controller: NotepadController,
  store: NotepadStore,
  mode: KeyMode,
  { remember = true } = {},
): void {
  if (remember) writeKeyMode("notepad", mode);
  store.setState({ keyMode: mode });
  loadKeyMode(mode).then(
    (bindings) => {
      // A later choice made while this one loaded wins.
      if (store.getState().keyMode === mode) controller.setKeyBindings(bindings);
    },
    (error: unknown) => {
      console.error("Loading key bindings failed", error);
      if (store.getState().keyMode !== mode) return;
      store.setState({ keyMode: "standard" });
      controller.addNotice({
        id: "key-mode",
        kind: "error",
        message: `${KEY_MODE_LABELS[mode]} keys could not be loaded (is this browser offline?). The standard keys are in use; try again when connected.`,
      });
    },
  );
}

/** What Vim's :w, :q and Emacs's Ctrl+X Ctrl+S and Ctrl+S do in the notepad. */
export function notepadKeyActions(
  controller: NotepadController,
  store: NotepadStore,
): KeyModeActions {
  return {
    save: () => void controller.saves.save("save"),
    close: () => void controller.tabs.closeTab(store.getState().tabs.activeId),
    find: () => controller.openFind(false),
    onModeStatus: (keyModeStatus) => store.setState({ keyModeStatus }),
  };
}
