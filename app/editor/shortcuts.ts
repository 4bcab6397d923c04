import { commandById, formatCommandKeys } from "~/ui/commands";
import type { Platform } from "~/ui/platform";
import { EDITOR_COMMANDS, SPEC_SHORTCUT_ACTIONS } from "./commands";

/** The shortcut actions in display order (spec section 3). */
export const SHORTCUT_ACTIONS: readonly string[] = SPEC_SHORTCUT_ACTIONS.map(([action]) => action);

/**
 * The spec's shortcut map (action label -> key combination) for a platform, read from the
 * command registry: Ctrl+… on Windows/Linux, Cmd+… on macOS (redo Cmd+Shift+Z).
 */
export function shortcutMap(platform: Platform): Record<string, string> {
  const map: Record<string, string> = {};
  for (const [action, id] of SPEC_SHORTCUT_ACTIONS) {
    map[action] = formatCommandKeys(commandById(EDITOR_COMMANDS, id), platform);
  }
  return map;
}
