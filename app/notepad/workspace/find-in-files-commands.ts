import { FolderSearch, ReplaceAll } from "lucide-react";
import type { Command } from "~/ui/commands";

/**
 * Find in files… and Replace in files… (issue 52), spread into the notepad's registry
 * (commands.ts) and listed beside Find and Replace in the Edit menu. Both open the folder
 * panel's Search view, enabled only while a folder is open. Mod-Shift-f is Find in files, as in
 * Notepad++ and code editors; Mod-Shift-h, code editors' Replace in files, is already Version
 * history (common-commands.ts), so Replace in files takes Mod-Shift-Alt-h.
 */

/** What the commands ask of the notepad. */
export interface FindInFilesCommandContext {
  /** Shows the folder panel's Search view (its replace row too when `replace`); false (the key
   * keeps its meaning) while no folder is open. */
  openFindInFiles(replace: boolean): boolean;
}

/** The state they are enabled by: a folder is open. */
export interface FindInFilesCommandState {
  workspace: { open: boolean };
}

export const FIND_IN_FILES_KEYS: readonly string[] = ["Mod-Shift-f"];
export const REPLACE_IN_FILES_KEYS: readonly string[] = ["Mod-Shift-Alt-h"];

export function findInFilesCommands<
  C extends FindInFilesCommandContext,
  S extends FindInFilesCommandState,
>(): Command<C, S>[] {
  return [
    {
      id: "find-in-files",
      label: "Find in files",
      menuLabel: "Find in files…",
      helpLabel: "Find in the folder's files",
      icon: FolderSearch,
      keys: { all: FIND_IN_FILES_KEYS },
      run: (ctx) => ctx.openFindInFiles(false),
      isEnabled: (state) => state.workspace.open,
    },
    {
      id: "replace-in-files",
      label: "Replace in files",
      menuLabel: "Replace in files…",
      helpLabel: "Replace in the folder's files (with a review)",
      icon: ReplaceAll,
      keys: { all: REPLACE_IN_FILES_KEYS },
      run: (ctx) => ctx.openFindInFiles(true),
      isEnabled: (state) => state.workspace.open,
    },
  ];
}
