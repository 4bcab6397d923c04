import type { DragEvent, HTMLAttributes, KeyboardEvent } from "react";
import type { MenuEntry } from "~/ui/menu-popup";
import {
  FOLDER_TREE_CONTEXT_MENU,
  type FolderFileCommandContext,
  folderFileCommands,
} from "./folder-file-commands";
import type { FolderEntry } from "~/workspace/workspace-folder";
import { runFolderFileCommand } from "./workspace-commands";
import type { WorkspaceFileOps } from "./workspace-file-ops";
import type { WorkspaceSession } from "./workspace-session";

/**
 * The file commands of the tree's own gestures (issue 52): F2 renames and Delete deletes the
 * focused entry, Shift+F10 or the Menu key opens its right-click menu, and an entry dragged
 * onto a folder (or onto the tree's empty space: the opened folder) moves there. Move to… is
 * the same for keyboard users.
 */

/** The drag's data type: a path of the opened folder. */
const PATH_TYPE = "application/x-plainpad-path";

export interface TreeFileActions {
  /** Handles a key of the tree; true when it was one of these. */
  onKey(event: KeyboardEvent, current: string | null): boolean;
  /** The tree's own drop target: the opened folder. */
  rootDrop: HTMLAttributes<HTMLElement>;
  /** Each item's drag, drop (folders) and right-click. */
  itemProps(entry: FolderEntry): HTMLAttributes<HTMLElement>;
}

export function treeFileActions(
  session: WorkspaceSession,
  ops: WorkspaceFileOps | undefined,
  onMenu: ((x: number, y: number) => void) | undefined,
): TreeFileActions | null {
  if (!ops) return null;
  const dropInto = (folder: string): HTMLAttributes<HTMLElement> => ({
    onDragOver(event: DragEvent) {
      if (!event.dataTransfer.types.includes(PATH_TYPE)) return;
      event.preventDefault();
      event.stopPropagation();
      event.dataTransfer.dropEffect = "move";
    },
    onDrop(event: DragEvent) {
      const path = event.dataTransfer.getData(PATH_TYPE);
      if (!path) return;
      event.preventDefault();
      event.stopPropagation();
      void ops.move(path, folder);
    },
  });
  return {
    onKey(event, current) {
      // The focused item (focus can move without selecting), else the tree's current one.
      const focused = (event.target as HTMLElement).closest<HTMLElement>("[data-path]");
      const path = focused?.dataset.path ?? current;
      if (path == null || event.ctrlKey || event.metaKey || event.altKey) return false;
      const menuKey = event.key === "ContextMenu" || (event.key === "F10" && event.shiftKey);
      const command =
        event.key === "F2" ? "rename" : event.key === "Delete" ? "delete" : menuKey ? "menu" : null;
      if (command === null) return false;
      event.preventDefault();
      event.stopPropagation();
      session.select(path);
      if (command !== "menu") runFolderFileCommand(session, ops, command);
      else {
        const box = (event.target as HTMLElement).getBoundingClientRect();
        onMenu?.(box.left + 24, box.top + Math.min(box.height, 24));
      }
      return true;
    },
    rootDrop: dropInto(""),
    itemProps(entry) {
      return {
        draggable: true,
        onDragStart(event: DragEvent) {
          event.stopPropagation();
          event.dataTransfer.setData(PATH_TYPE, entry.path);
          event.dataTransfer.effectAllowed = "move";
        },
        ...(entry.kind === "folder" ? dropInto(entry.path) : {}),
        onContextMenu(event) {
          if (!onMenu) return;
          event.preventDefault();
          event.stopPropagation();
          session.select(entry.path);
          onMenu(event.clientX, event.clientY);
        },
      };
    },
  };
}

/**
 * The tree's right-click menu: the registry's file commands (folder-file-commands.ts) in the
 * order of FOLDER_TREE_CONTEXT_MENU, acting on the tree's selected entry.
 */
export function treeMenuEntries(session: WorkspaceSession, ops: WorkspaceFileOps): MenuEntry[] {
  const ctx: FolderFileCommandContext = {
    folderFileCommand: (command) => runFolderFileCommand(session, ops, command),
  };
  const commands = folderFileCommands<FolderFileCommandContext, { workspace: { open: boolean } }>();
  return FOLDER_TREE_CONTEXT_MENU.flatMap((entry, index): MenuEntry[] => {
    if (typeof entry !== "string") return [{ kind: "separator", id: `separator-${index}` }];
    const command = commands.find((candidate) => candidate.id === entry);
    if (!command) return [];
    const label = command.menuLabel ?? command.label;
    return [{ kind: "item", id: command.id, label, onSelect: () => void command.run(ctx) }];
  });
}
