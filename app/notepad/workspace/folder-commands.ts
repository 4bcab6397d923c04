import { FilePen, FilePlus2, FolderInput, FolderPlus, FolderTree, Trash2 } from "lucide-react";
import type { Command, LayoutEntry } from "~/ui/commands";

/**
 * The notepad's folder commands (issue 52), spread into the registry (commands.ts): Open
 * folder…, Close folder, the panel, Reveal active tab, and the tree's file commands (New
 * file…, New folder…, Rename…, Move to…, Delete) that act on the tree's selected entry. F2 and
 * Delete are keys of the tree only (in the text they keep their meaning).
 */

/** What the folder commands ask of the notepad. */
export interface FolderCommandContext {
  /** File › Open folder…: a folder as a workspace (its tree in the side panel). */
  openFolder(): void;
  /** File › Close folder: the panel goes, the tabs opened from it stay. */
  closeFolder(): void;
  /** Shows or hides the folder panel. */
  toggleFolderPanel(): void;
  /** Selects the active tab's file in the folder's tree and scrolls to it. */
  revealActiveTab(): void;
  /** A file command of the tree, on its selected entry (the folder's root when none). */
  folderFileCommand(command: FolderFileCommand): void;
}

/** The tree's file commands. */
export type FolderFileCommand = "new-file" | "new-folder" | "rename" | "move" | "delete";

/** The state the folder commands are enabled and checked by. */
export interface FolderCommandState {
  /** The opened folder: whether there is one, and whether its panel is shown. */
  workspace: { open: boolean; panelShown: boolean };
}

/** The command id of a file command of the tree. */
export function folderFileCommandId(command: FolderFileCommand): string {
  return `folder-${command}`;
}

/** The right-click menu of the tree's entries. */
export const FOLDER_TREE_CONTEXT_MENU: readonly LayoutEntry[] = [
  "folder-new-file",
  "folder-new-folder",
  { separator: true },
  "folder-rename",
  "folder-move",
  "folder-delete",
];

export function folderCommands<
  Ctx extends FolderCommandContext,
  State extends FolderCommandState,
>(): Command<Ctx, State>[] {
  const open = (state: State) => state.workspace.open;
  const fileCommand = (
    command: FolderFileCommand,
    label: string,
    menuLabel: string,
    helpLabel: string,
    icon: Command<Ctx, State>["icon"],
  ): Command<Ctx, State> => ({
    id: folderFileCommandId(command),
    label,
    menuLabel,
    helpLabel,
    icon,
    run: (ctx) => ctx.folderFileCommand(command),
    isEnabled: open,
  });
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
      id: "close-folder",
      label: "Close folder",
      run: (ctx) => ctx.closeFolder(),
      isEnabled: open,
    },
    {
      id: "folder-panel",
      label: "Folder panel",
      helpLabel: "Show/Hide folder panel",
      run: (ctx) => ctx.toggleFolderPanel(),
      isEnabled: open,
      isChecked: (state) => state.workspace.open && state.workspace.panelShown,
    },
    {
      id: "reveal-active-tab",
      label: "Reveal active tab",
      helpLabel: "Reveal the active tab's file in the folder panel",
      run: (ctx) => ctx.revealActiveTab(),
      isEnabled: open,
    },
    fileCommand("new-file", "New file", "New file…", "New file in the folder", FilePlus2),
    fileCommand("new-folder", "New folder", "New folder…", "New folder in the folder", FolderPlus),
    fileCommand(
      "rename",
      "Rename",
      "Rename…",
      "Rename the file or folder (F2 in the tree)",
      FilePen,
    ),
    fileCommand(
      "move",
      "Move to",
      "Move to…",
      "Move the file or folder to another folder",
      FolderInput,
    ),
    fileCommand("delete", "Delete", "Delete", "Delete to the trash (Delete in the tree)", Trash2),
  ];
}
