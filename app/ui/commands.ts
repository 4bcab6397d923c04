import type { LucideIcon } from "lucide-react";
import type { Platform } from "./platform";

/**
 * Commands as data (the shape of Excalidraw's actionManager and CodeMirror's keymaps): each
 * editor defines every command once, in its `commands.ts`, and menus, toolbars, the context
 * menu, key handling, help dialogs and the shortcut tables of the content pages are generated
 * from that list. This module is the shared, dependency-free part: the types, key notation,
 * formatting and matching. It imports no CodeMirror and no React, so content pages can render
 * the shortcut tables without loading an editor.
 */

/**
 * A key in CodeMirror's notation: modifiers `Mod-` (Cmd on macOS, Ctrl elsewhere), `Ctrl-`,
 * `Shift-`, `Alt-`, then a key name as `KeyboardEvent.key` gives it (`s`, `F5`, `PageUp`, `=`).
 */
export type KeySpec = string;

/** Key bindings of a command: one list for every platform, or per platform. */
export interface CommandKeys {
  /** Bindings everywhere (the first is the one shown in menus). */
  all?: readonly KeySpec[];
  /** Replaces `all` on macOS. */
  mac?: readonly KeySpec[];
}

/**
 * Where a command's keys work.
 * - "text": only while the document text has focus (CodeMirror's keymap runs it first, above
 *   CodeMirror's own bindings). Undo, bold, indent: in any other input the browser's own
 *   behaviour of the key stays.
 * - "page": anywhere on the page, inputs included (Save, Open, Print, Find): the browser's own
 *   meaning of the key ("Save page as") would surprise more than help.
 */
export type KeyScope = "text" | "page";

/**
 * One command. `Ctx` is what running it may use (the editor's imperative API); `State` is the
 * small snapshot of UI state that enables or checks it, so surfaces re-render only when that
 * snapshot changes.
 */
export interface Command<Ctx, State> {
  /** Stable id: names the command in menu and toolbar layouts and in tests. */
  readonly id: string;
  /** The accessible name and tooltip of its buttons, and its menu text. */
  readonly label: string;
  /** Menu text when it differs from the label (e.g. "Open…" for a command that opens a dialog). */
  readonly menuLabel?: string;
  /** Its row in help tables when that differs from the label. */
  readonly helpLabel?: string;
  readonly icon?: LucideIcon;
  /** Label and icon of a toggle's button while it is checked ("Exit fullscreen"). */
  readonly checkedLabel?: string;
  readonly checkedIcon?: LucideIcon;
  readonly keys?: CommandKeys;
  /** Default "page". */
  readonly scope?: KeyScope;
  /**
   * Its keys are shared with a later command of the registry: when `run` returns false (it
   * does not apply now), that command gets the key (Quick open's Mod-p, while a folder is open,
   * else Print's).
   */
  readonly sharesKeys?: boolean;
  /**
   * How help tables show the keys when the bindings alone would read badly (e.g. "Mod-1 … Mod-9"
   * for nine bindings); written in the same notation and formatted per platform.
   */
  readonly keysHelp?: string;
  /** Its keys are shown on the help row of this other command (e.g. Shift+Tab with Tab). */
  readonly helpWith?: string;
  /**
   * Runs the command. `key` is the binding that triggered it, when a key did. Returning false
   * says a key did nothing here, so the key keeps its ordinary meaning (Tab moves focus).
   */
  readonly run: (ctx: Ctx, key?: KeySpec) => void | boolean;
  readonly isEnabled?: (state: State) => boolean;
  /** For toggles (aria-pressed, menu checkboxes and radios). */
  readonly isChecked?: (state: State) => boolean;
  /** A checked menu entry is a checkbox, or one of a radio group. Default "checkbox". */
  readonly checkKind?: "checkbox" | "radio";
}

/** A registry: every command of one editor, in help-table order. */
export type CommandList<Ctx, State> = readonly Command<Ctx, State>[];

/**
 * An entry of a menu or toolbar layout: a command id, a separator, a group heading (menus), or
 * a named slot the surface fills with something that is not a command (a figure, a link).
 */
export type LayoutEntry =
  string | { separator: true } | { heading: string } | { slot: string } | SubmenuLayout;

/**
 * A submenu of a menu layout ("Edit › Lines"). In a toolbar it always sits in the "More" menu:
 * a toolbar has no room for a menu of its own.
 */
export interface SubmenuLayout {
  submenu: string;
  /** Prefix of its entries' ids, and its own id. */
  id: string;
  entries: readonly LayoutEntry[];
}

/** True for a submenu entry of a layout. */
export function isSubmenuLayout(entry: LayoutEntry): entry is SubmenuLayout {
  return typeof entry === "object" && "submenu" in entry;
}

/** A separator in a layout. */
export const SEPARATOR: LayoutEntry = { separator: true };

/** The bindings of a command on a platform (empty when it has none). */
export function keysFor(command: { keys?: CommandKeys }, platform: Platform): readonly KeySpec[] {
  const keys = command.keys;
  if (!keys) return [];
  return (platform === "mac" ? keys.mac : undefined) ?? keys.all ?? [];
}

const KEY_NAMES: Record<string, string> = {
  "=": "+",
  "-": "−",
  ArrowUp: "Up",
  ArrowDown: "Down",
  ArrowLeft: "Left",
  ArrowRight: "Right",
  " ": "Space",
  Escape: "Esc",
  ContextMenu: "Menu key",
};

/** Parsed form of a KeySpec. */
interface ParsedKey {
  mod: boolean;
  ctrl: boolean;
  shift: boolean;
  alt: boolean;
  key: string;
}

// Parsed once per binding: key matching runs on every keystroke, in two handlers.
const parsedKeys = new Map<KeySpec, ParsedKey>();

function parseKey(spec: KeySpec): ParsedKey {
  let parsed = parsedKeys.get(spec);
  if (!parsed) {
    parsed = parseKeyText(spec);
    parsedKeys.set(spec, parsed);
  }
  return parsed;
}

function parseKeyText(spec: KeySpec): ParsedKey {
  // The key itself may be "-" ("Mod--"): split off modifiers from the front only.
  const parsed: ParsedKey = { mod: false, ctrl: false, shift: false, alt: false, key: "" };
  let rest = spec;
  for (;;) {
    const match = /^(Mod|Ctrl|Shift|Alt)-(.+)$/.exec(rest);
    if (!match) break;
    const modifier = match[1].toLowerCase() as "mod" | "ctrl" | "shift" | "alt";
    parsed[modifier] = true;
    rest = match[2];
  }
  parsed.key = rest;
  return parsed;
}

/**
 * One binding as people read it: "Ctrl+Shift+Z" on Windows and Linux, "Cmd+Shift+Z" on macOS,
 * "F5", "Ctrl++" for Mod-=.
 */
export function formatKey(spec: KeySpec, platform: Platform): string {
  const { mod, ctrl, shift, alt, key } = parseKey(spec);
  const parts: string[] = [];
  if (mod) parts.push(platform === "mac" ? "Cmd" : "Ctrl");
  if (ctrl) parts.push("Ctrl");
  if (alt) parts.push(platform === "mac" ? "Option" : "Alt");
  if (shift) parts.push("Shift");
  const name = KEY_NAMES[key] ?? (key.length === 1 ? key.toUpperCase() : key);
  parts.push(name);
  return parts.join("+");
}

/**
 * The keys of a command for menus and help: its `keysHelp` text, or its bindings joined with
 * " or " (every binding on the platform when `all`, else only the first). "" when it has none.
 */
export function formatCommandKeys(
  command: Pick<Command<unknown, unknown>, "keys" | "keysHelp">,
  platform: Platform,
  all = false,
): string {
  if (command.keysHelp) {
    return command.keysHelp.replace(/[A-Za-z-]*[A-Za-z0-9=+]+/g, (token) =>
      /^(Mod|Ctrl|Shift|Alt)-/.test(token) ? formatKey(token, platform) : token,
    );
  }
  const keys = keysFor(command, platform);
  if (keys.length === 0) return "";
  // Two bindings can read the same (Mod-= and Mod-+ are both "Ctrl++"): show each once.
  const shown = new Set((all ? keys : keys.slice(0, 1)).map((key) => formatKey(key, platform)));
  return [...shown].join(" or ");
}

/** The subset of KeyboardEvent that key matching reads. */
export type KeyEventLike = Pick<
  KeyboardEvent,
  "key" | "ctrlKey" | "metaKey" | "shiftKey" | "altKey"
>;

/**
 * True when a keyboard event is the binding `spec` on `platform`. Letters match either case;
 * for punctuation produced with Shift ("+" on most layouts) Shift is not required to match.
 */
export function matchesKey(event: KeyEventLike, spec: KeySpec, platform: Platform): boolean {
  const want = parseKey(spec);
  if (platform === "mac") {
    if (event.metaKey !== want.mod || event.ctrlKey !== want.ctrl) return false;
  } else if (event.ctrlKey !== (want.mod || want.ctrl) || event.metaKey) {
    return false;
  }
  if (want.alt !== event.altKey) return false;
  const key = event.key;
  const isLetter = /^[a-z]$/i.test(key);
  if (isLetter || key.length > 1) {
    if (want.shift !== event.shiftKey) return false;
    return isLetter ? key.toLowerCase() === want.key.toLowerCase() : key === want.key;
  }
  // A punctuation or digit character: its shifted form is its own key name.
  if (want.shift && !event.shiftKey) return false;
  return key === want.key;
}

/** The first binding of `commands` (with the key that matched) for an event, if any. */
export function findCommandForKey<C extends { keys?: CommandKeys; scope?: KeyScope }>(
  commands: readonly C[],
  event: KeyEventLike,
  platform: Platform,
  scopes: readonly KeyScope[],
): { command: C; key: KeySpec } | null {
  return commandsForKey(commands, event, platform, scopes).next().value ?? null;
}

/** Every command bound to an event's key, in registry order (with the key that matched). */
export function* commandsForKey<C extends { keys?: CommandKeys; scope?: KeyScope }>(
  commands: readonly C[],
  event: KeyEventLike,
  platform: Platform,
  scopes: readonly KeyScope[],
): Generator<{ command: C; key: KeySpec }, void> {
  for (const command of commands) {
    if (!scopes.includes(command.scope ?? "page")) continue;
    const key = keysFor(command, platform).find((spec) => matchesKey(event, spec, platform));
    if (key) yield { command, key };
  }
}

/**
 * Runs the command bound to an event's key: the first in registry order, or the next one when
 * a command that `sharesKeys` does not apply (returns false). False when none ran, so the key
 * keeps its ordinary meaning.
 */
export function runCommandForKey<
  Ctx,
  C extends Pick<Command<Ctx, never>, "keys" | "scope" | "run" | "sharesKeys">,
>(
  commands: readonly C[],
  ctx: Ctx,
  event: KeyEventLike,
  platform: Platform,
  scopes: readonly KeyScope[],
): boolean {
  for (const { command, key } of commandsForKey(commands, event, platform, scopes)) {
    if (command.run(ctx, key) !== false) return true;
    if (!command.sharesKeys) return false;
  }
  return false;
}

/** One row of a shortcut table. */
export interface ShortcutRow {
  action: string;
  windows: string;
  mac: string;
}

/**
 * The shortcut table of a registry: every command with keys, in registry order, with every
 * binding on each platform. `extra` rows (keys handled outside commands, such as Escape) follow.
 */
export function shortcutRows(
  commands: readonly Pick<
    Command<unknown, unknown>,
    "label" | "helpLabel" | "keys" | "keysHelp" | "helpWith"
  >[],
  extra: readonly ShortcutRow[] = [],
): ShortcutRow[] {
  const rows = commands
    .filter((command) => !command.helpWith)
    .filter((command) => command.keysHelp || keysFor(command, "windows").length > 0)
    .map((command) => ({
      action: command.helpLabel ?? command.label,
      windows: formatCommandKeys(command, "windows", true),
      mac: formatCommandKeys(command, "mac", true),
    }));
  return [...rows, ...extra];
}

/** Looks a command up by id; throws for an id that is not registered (a layout typo). */
export function commandById<C extends { id: string }>(commands: readonly C[], id: string): C {
  const command = commands.find((candidate) => candidate.id === id);
  if (!command) throw new Error(`Unknown command "${id}"`);
  return command;
}

/** Every command id a layout names (for the registry's consistency test). */
export function layoutIds(layout: readonly LayoutEntry[]): string[] {
  return layout.flatMap((entry) =>
    typeof entry === "string" ? [entry] : isSubmenuLayout(entry) ? layoutIds(entry.entries) : [],
  );
}
