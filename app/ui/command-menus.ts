import {
  type Command,
  commandById,
  formatCommandKeys,
  isSubmenuLayout,
  type LayoutEntry,
} from "./commands";
import type { MenuEntry } from "./menu-popup";
import type { Platform } from "./platform";

/** Everything a surface needs to turn a layout of command ids into controls. */
export interface CommandSurface<Ctx, State> {
  commands: readonly Command<Ctx, State>[];
  ctx: Ctx;
  state: State;
  platform: Platform;
}

/** True when the command can run in `state`. */
export function commandEnabled<Ctx, State>(command: Command<Ctx, State>, state: State): boolean {
  return command.isEnabled ? command.isEnabled(state) : true;
}

/** How commands read in a menu. */
export interface MenuEntryOptions {
  /** Prefix of the entries' ids (two menus of one page keep distinct ids). */
  idPrefix?: string;
  /**
   * "menu" (default): the menu bar's wording ("Open…", "Emoji…"); "button": the buttons'
   * wording ("Insert emoji"), for the right-click menu and the toolbar's "More" menu.
   */
  labels?: "menu" | "button";
}

/** The menu entry of one command: an item, or a checkbox/radio for a toggle. */
export function commandMenuEntry<Ctx, State>(
  command: Command<Ctx, State>,
  surface: CommandSurface<Ctx, State>,
  options: MenuEntryOptions = {},
): MenuEntry {
  const common = {
    id: `${options.idPrefix ?? ""}${command.id}`,
    label: options.labels === "button" ? command.label : (command.menuLabel ?? command.label),
    disabled: !commandEnabled(command, surface.state),
    onSelect: () => void command.run(surface.ctx),
  };
  // Keys the browser handles itself (Cut, Copy, Select all) are shown too, from `keysHelp`.
  const shortcut = formatCommandKeys(command, surface.platform) || undefined;
  if (command.isChecked) {
    const checked = command.isChecked(surface.state);
    return command.checkKind === "radio"
      ? { kind: "radio", ...common, checked }
      : { kind: "checkbox", ...common, checked, shortcut };
  }
  return { kind: "item", ...common, shortcut };
}

/**
 * The menu entries of a layout: commands, separators and headings. A slot has no menu form and
 * is left out; separators never lead, trail or follow each other.
 */
export function menuEntriesFor<Ctx, State>(
  layout: readonly LayoutEntry[],
  surface: CommandSurface<Ctx, State>,
  options: MenuEntryOptions = {},
): MenuEntry[] {
  const entries: MenuEntry[] = [];
  layout.forEach((entry, index) => {
    if (typeof entry === "string") {
      entries.push(commandMenuEntry(commandById(surface.commands, entry), surface, options));
    } else if ("separator" in entry) {
      const last = entries[entries.length - 1];
      if (last && last.kind !== "separator") entries.push({ kind: "separator", id: `s${index}` });
    } else if ("heading" in entry) {
      entries.push({ kind: "label", id: `h${index}`, label: entry.heading });
    } else if (isSubmenuLayout(entry)) {
      entries.push({
        kind: "submenu",
        id: `${options.idPrefix ?? ""}${entry.id}`,
        label: entry.submenu,
        entries: menuEntriesFor(entry.entries, surface, options),
      });
    }
  });
  while (entries[entries.length - 1]?.kind === "separator") entries.pop();
  return entries;
}
