import { EDITOR_COMMANDS, EDITOR_EXTRA_SHORTCUTS } from "~/editor/commands";
import { NOTEPAD_COMMANDS, NOTEPAD_EXTRA_SHORTCUTS } from "~/notepad/commands";
import { shortcutRows, type ShortcutRow } from "~/ui/commands";

/**
 * The shortcut tables of the content pages, made from the editors' command registries (the
 * same lists their key handling and help dialogs use), so a page can never name a key the
 * editor does not have. The registries import no editor code, so these pages stay light.
 */

/** One row: an action and its keys on each platform. */
export type { ShortcutRow };

/** Text Editor (/editor/) shortcuts. */
export const EDITOR_SHORTCUTS: readonly ShortcutRow[] = shortcutRows(
  EDITOR_COMMANDS,
  EDITOR_EXTRA_SHORTCUTS,
);

/** Advanced Notepad (/online-notepad/) shortcuts. */
export const NOTEPAD_SHORTCUTS: readonly ShortcutRow[] = shortcutRows(
  NOTEPAD_COMMANDS,
  NOTEPAD_EXTRA_SHORTCUTS,
);
