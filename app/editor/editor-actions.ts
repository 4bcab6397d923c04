import type { EditorCommandContext } from "./commands";

/**
 * Everything the toolbar, header, keys and menus can ask the editor to do: the command
 * registry's context (`commands.ts`) plus opening a file that was dropped or picked.
 */
export interface EditorActions extends EditorCommandContext {
  openFile(file: File): void;
}
