import type { TextToolId } from "~/text/text-tool-ids";
import type { Command, CommandKeys, LayoutEntry, SubmenuLayout } from "./commands";

/**
 * The power tools both editors share (issue 31 items 3 and 4): line tools, case changes,
 * moving and duplicating lines, and multiple cursors. Defined once here, without CodeMirror
 * (content pages render the shortcut tables from the registries); each editor runs a tool by
 * id through its context's `runTextTool`, which maps ids to CodeMirror commands
 * (`app/codemirror/text-tools.ts`).
 */

/** What running a text tool needs: the editor runs it on its text (false: nothing to do). */
export interface TextToolContext {
  runTextTool(id: TextToolId): boolean;
}

interface TextToolDefinition {
  id: TextToolId;
  label: string;
  helpLabel?: string;
  keys?: CommandKeys;
  keysHelp?: string;
  helpWith?: string;
}

const DEFINITIONS: readonly TextToolDefinition[] = [
  { id: "sort-lines-ascending", label: "Sort lines A to Z" },
  { id: "sort-lines-descending", label: "Sort lines Z to A" },
  { id: "sort-lines-numeric", label: "Sort lines by number" },
  { id: "remove-duplicate-lines", label: "Remove duplicate lines" },
  { id: "reverse-lines", label: "Reverse lines" },
  { id: "remove-empty-lines", label: "Remove empty lines" },
  { id: "trim-trailing-whitespace", label: "Trim trailing spaces" },
  { id: "join-lines", label: "Join lines" },
  {
    id: "duplicate-line",
    label: "Duplicate line",
    helpLabel: "Duplicate the line (or selected lines)",
    keys: { all: ["Mod-Shift-d"] },
  },
  {
    id: "move-line-up",
    label: "Move line up",
    helpLabel: "Move the line up / down",
    keys: { all: ["Alt-ArrowUp"] },
    keysHelp: "Alt-ArrowUp / Alt-ArrowDown",
  },
  {
    id: "move-line-down",
    label: "Move line down",
    keys: { all: ["Alt-ArrowDown"] },
    helpWith: "move-line-up",
  },
  { id: "upper-case", label: "UPPER CASE", helpLabel: "Selection to UPPER CASE" },
  { id: "lower-case", label: "lower case", helpLabel: "Selection to lower case" },
  { id: "title-case", label: "Title Case", helpLabel: "Selection to Title Case" },
  {
    id: "select-next-occurrence",
    label: "Select next occurrence",
    helpLabel: "Add the next occurrence of the selection",
    keys: { all: ["Mod-d"] },
  },
  {
    id: "select-all-occurrences",
    label: "Select all occurrences",
    helpLabel: "Select every occurrence of the selection",
    keys: { all: ["Mod-Shift-l"] },
  },
  {
    id: "add-cursor-above",
    label: "Add cursor above",
    helpLabel: "Add a cursor above / below",
    keys: { all: ["Mod-Alt-ArrowUp"] },
    keysHelp: "Mod-Alt-ArrowUp / Mod-Alt-ArrowDown",
  },
  {
    id: "add-cursor-below",
    label: "Add cursor below",
    keys: { all: ["Mod-Alt-ArrowDown"] },
    helpWith: "add-cursor-above",
  },
  {
    id: "column-select-up",
    label: "Column select up",
    helpLabel: "Column (box) selection (or Alt+drag)",
    keys: { all: ["Shift-Alt-ArrowUp"] },
    keysHelp:
      "Shift-Alt-ArrowUp / Shift-Alt-ArrowDown / Shift-Alt-ArrowLeft / Shift-Alt-ArrowRight",
  },
  {
    id: "column-select-down",
    label: "Column select down",
    keys: { all: ["Shift-Alt-ArrowDown"] },
    helpWith: "column-select-up",
  },
  {
    id: "column-select-left",
    label: "Column select left",
    keys: { all: ["Shift-Alt-ArrowLeft"] },
    helpWith: "column-select-up",
  },
  {
    id: "column-select-right",
    label: "Column select right",
    keys: { all: ["Shift-Alt-ArrowRight"] },
    helpWith: "column-select-up",
  },
  {
    id: "single-cursor",
    label: "Back to one cursor",
    keys: { all: ["Escape"] },
  },
];

/** The text tools as commands of an editor's registry (keys in the text only). */
export function textToolCommands<C extends TextToolContext, S>(): Command<C, S>[] {
  return DEFINITIONS.map((definition) => ({
    ...definition,
    scope: "text" as const,
    run: (ctx: C) => ctx.runTextTool(definition.id),
  }));
}

/** The "Lines" submenu: the line tools and case changes (Edit › Lines, or More › Lines). */
export const LINES_SUBMENU: SubmenuLayout = {
  submenu: "Lines",
  id: "lines",
  entries: [
    "sort-lines-ascending",
    "sort-lines-descending",
    "sort-lines-numeric",
    "reverse-lines",
    { separator: true },
    "remove-duplicate-lines",
    "remove-empty-lines",
    "trim-trailing-whitespace",
    "join-lines",
    { separator: true },
    "duplicate-line",
    "move-line-up",
    "move-line-down",
    { separator: true },
    "upper-case",
    "lower-case",
    "title-case",
  ] satisfies LayoutEntry[],
};

/** The "Selection" submenu: multiple cursors (Edit › Selection). */
export const SELECTION_SUBMENU: SubmenuLayout = {
  submenu: "Selection",
  id: "selection",
  entries: [
    "select-next-occurrence",
    "select-all-occurrences",
    "add-cursor-above",
    "add-cursor-below",
    "single-cursor",
  ],
};
