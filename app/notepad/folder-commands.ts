import { FileSearch, FolderTree } from "lucide-react";
import type { Command } from "~/ui/commands";
import {
  type FolderFileCommandContext,
  folderFileCommands,
} from "./workspace/folder-file-commands";

/**
 * The notepad's folder commands (issue 52), spread into the registry (commands.ts) right after
 * Open: Open folder…, Recent folders…, Quick open (before Print: both have Mod-p, Quick open's
 * only while a folder is open; decision 030), Close folder, the panel's show/hide, Reveal
 * active tab, and the tree's file commands (New file…, Rename…, Move to…, Delete).
 */

/** What the folder commands ask of the notepad. */
export interface FolderCommandContext extends FolderFileCommandContext {
  /** File › Open folder…: a folder as a workspace (its tree in the side panel). */
  openFolder(): void;
  /** File › Recent folders…: the kept folders, to reopen or forget. */
  openRecentFolders(): void;
  /** File › Close folder: the panel goes, the tabs opened from it stay. */
  closeFolder(): void;
  /** Shows or hides the folder panel. */
  toggleFolderPanel(): void;
  /** Selects the active tab's file in the folder's tree and scrolls to it. */
  revealActiveTab(): void;
  /** Quick open's dialog: finds a file of the folder by name. False when no folder is open. */
  openQuickOpen(): boolean;
}

/** The state the folder commands are enabled and checked by. */
export interface FolderCommandState {
  /** The opened folder: whether there is one, and whether its panel is shown. */
  workspace: { open: boolean; panelShown: boolean };
}

/** The folder commands, in help-table order. */
export function folderCommands<
  C extends FolderCommandContext,
  S extends FolderCommandState,
>(): Command<C, S>[] {
  return [
    {
      id: "open-folder",
      label: "Open folder",
      menuLabel: "Open folder…",
      icon: FolderTree,
      keys: { all: ["Mod-Alt-o"] },
      run: (ctx) => ctx.openFolder(),
    },
    {
      id: "recent-folders",
      label: "Recent folders…",
      run: (ctx) => ctx.openRecentFolders(),
    },
    {
      id: "close-folder",
      label: "Close folder",
      run: (ctx) => ctx.closeFolder(),
      isEnabled: (state) => state.workspace.open,
    },
    {
      id: "folder-panel",
      label: "Folder panel",
      helpLabel: "Show/Hide folder panel",
      run: (ctx) => ctx.toggleFolderPanel(),
      isEnabled: (state) => state.workspace.open,
      isChecked: (state) => state.workspace.open && state.workspace.panelShown,
    },
    {
      id: "quick-open",
      label: "Quick open",
      menuLabel: "Quick open a file…",
      helpLabel: "Quick open a file of the folder (while a folder is open; else Print)",
      icon: FileSearch,
      // Code editors' key (decision 030): Print keeps Mod-p while no folder is open.
      keys: { all: ["Mod-p"] },
      sharesKeys: true,
      run: (ctx) => ctx.openQuickOpen(),
      isEnabled: (state) => state.workspace.open,
    },
    {
      id: "reveal-active-tab",
      label: "Reveal active tab",
      helpLabel: "Reveal the active tab's file in the folder panel",
      run: (ctx) => ctx.revealActiveTab(),
      isEnabled: (state) => state.workspace.open,
    },
    ...folderFileCommands<C, S>(),
  ];
}
