/**
 * The ids of the power tools both editors share (line tools, case changes, moving lines,
 * multiple cursors): pure data, so the command registry (`app/ui/text-tool-commands.ts`) and
 * the engine that runs them (`app/codemirror/text-tools.ts`) both name them from below.
 */

/** Every text tool, by id. */
export const TEXT_TOOL_IDS = [
  "sort-lines-ascending",
  "sort-lines-descending",
  "sort-lines-numeric",
  "remove-duplicate-lines",
  "reverse-lines",
  "remove-empty-lines",
  "trim-trailing-whitespace",
  "join-lines",
  "duplicate-line",
  "move-line-up",
  "move-line-down",
  "upper-case",
  "lower-case",
  "title-case",
  "select-next-occurrence",
  "select-all-occurrences",
  "add-cursor-above",
  "add-cursor-below",
  "column-select-up",
  "column-select-down",
  "column-select-left",
  "column-select-right",
  "single-cursor",
] as const;

export type TextToolId = (typeof TEXT_TOOL_IDS)[number];
