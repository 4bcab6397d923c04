import { editorChoice } from "./editor-choice";
import { STORAGE_KEYS } from "./keys";

/**
 * Which key bindings an editor's text uses (issue 31 item 5): the standard ones, Vim's or
 * Emacs's. Each editor remembers its own choice in this browser.
 */
export type KeyMode = "standard" | "vim" | "emacs";

/** Every mode, in menu order. */
export const KEY_MODES: readonly KeyMode[] = ["standard", "vim", "emacs"];

/** How each mode is named in menus and settings. */
export const KEY_MODE_LABELS: Record<KeyMode, string> = {
  standard: "Standard",
  vim: "Vim",
  emacs: "Emacs",
};

const stored = editorChoice<KeyMode>(STORAGE_KEYS.keyMode, KEY_MODES, "standard");

/** The stored mode of an editor; "standard" when none is stored or storage is blocked. */
export const readKeyMode = stored.read;

/** Remembers an editor's mode. */
export const writeKeyMode = stored.write;
