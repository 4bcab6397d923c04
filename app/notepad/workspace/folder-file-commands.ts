import { FilePen, FilePlus2, FolderInput, FolderPlus, Trash2 } from "lucide-react";
import type { Command, LayoutEntry } from "~/ui/commands";

/**
 * The tree's file commands (issue 52): New file…, New folder…, Rename…, Move to… and Delete,
 * on the tree's selected entry, spread into the folder commands (../folder-commands.ts). F2 and
 * Delete are keys of the tree only (in the text they keep their meaning): tree-file-actions.ts.
 */

/** The tree's file commands. */
export type FolderFileCommand = "new-file" | "new-folder" | "rename" | "move" | "delete";

/** What the file commands ask of the notepad. */
export interface FolderFileCommandContext {
  /** A file command of the tree, on its selected entry (the folder's root when none). */
  folderFileCommand(command: FolderFileCommand): void;
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

/** The file commands, in help-table order. */
export function folderFileCommands<
  C extends FolderFileCommandContext,
  S extends { workspace: { open: boolean } },
>(): Command<C, S>[] {
  const fileCommand = (
    command: FolderFileCommand,
    label: string,
    menuLabel: string,
    helpLabel: string,
    icon: Command<C, S>["icon"],
  ): Command<C, S> => ({
    id: folderFileCommandId(command),
    label,
    menuLabel,
    helpLabel,
    icon,
    run: (ctx) => ctx.folderFileCommand(command),
    isEnabled: (state) => state.workspace.open,
  });
  return [
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
