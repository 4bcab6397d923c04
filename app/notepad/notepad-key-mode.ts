import type { Extension } from "@codemirror/state";
import { type KeyModeActions, loadKeyMode } from "~/codemirror/key-modes";
import { type KeyMode, KEY_MODE_LABELS, writeKeyMode } from "~/storage/key-mode";
import type { Notice, NotepadStore } from "./notepad-store";

/** What choosing the keys needs of the notepad. */
export interface KeyModeHost {
  readonly editor: {
    /** Puts Vim or Emacs bindings (or none) in every tab's text. */
    setKeyBindings(bindings: Extension): void;
  };
  addNotice(notice: Notice): void;
}

/**
 * Switches the notepad's keys to `mode` (View › Keys): remembered, then the bindings are
 * loaded (the first time) and put in every tab. When loading fails (offline before the app
 * was stored), the standard keys stay and a notice says why.
 */
export function chooseNotepadKeyMode(
  controller: KeyModeHost,
  store: NotepadStore,
  mode: KeyMode,
  { remember = true } = {},
): void {
  if (remember) writeKeyMode("notepad", mode);
  store.setState({ keyMode: mode });
  loadKeyMode(mode).then(
    (bindings) => {
      // A later choice made while this one loaded wins.
      if (store.getState().keyMode === mode) controller.editor.setKeyBindings(bindings);
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

/** What the Vim and Emacs commands call in the notepad (given by the controller). */
export interface KeyActionLinks {
  /** Saves tab `id`; resolves true when its text was written or downloaded. */
  save(id: string): Promise<boolean>;
  /** Closes tab `id`, asking first when it has unsaved changes. */
  closeTab(id: string): void;
  /** Opens the find bar. */
  openFind(): void;
}

/** What Vim's :w, :q, :wq and Emacs's Ctrl+X Ctrl+S and Ctrl+S do in the notepad. */
export function notepadKeyActions(links: KeyActionLinks, store: NotepadStore): KeyModeActions {
  const activeId = () => store.getState().tabs.activeId;
  return {
    save: () => void links.save(activeId()),
    close: () => links.closeTab(activeId()),
    // The tab saved is the one closed, once its save is done: closing at once found it still
    // modified and asked "close without saving?" while the save ran.
    saveAndClose: () => {
      const id = activeId();
      void links.save(id).then((saved) => {
        if (saved) links.closeTab(id);
      });
    },
    find: () => links.openFind(),
    onModeStatus: (keyModeStatus) => store.setState({ keyModeStatus }),
  };
}
