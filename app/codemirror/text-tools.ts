import {
  addCursorAbove,
  addCursorBelow,
  copyLineDown,
  moveLineDown,
  moveLineUp,
} from "@codemirror/commands";
import { selectNextOccurrence, selectSelectionMatches } from "@codemirror/search";
import type { Command, EditorView } from "@codemirror/view";
import { changeCaseCommand, lineToolCommand } from "~/text/line-tools";
import type { TextToolId } from "~/text/text-tool-ids";
import { bigTextToolRange, runBigTextTool } from "./big-text-tools";
import { extendColumnSelection, singleCursor } from "./multiple-selections";
import type { TextToolJob } from "./text-tool-worker";

/**
 * The CodeMirror command behind each shared text tool (`~/ui/text-tool-commands.ts`). Line
 * tools and case changes are Plainpad's own state commands; moving, duplicating and multiple
 * cursors are CodeMirror's.
 */
/** The tools that transform text: line tools and case changes (big texts go to a worker). */
const TEXT_JOBS = {
  "sort-lines-ascending": { lines: "sort-ascending" },
  "sort-lines-descending": { lines: "sort-descending" },
  "sort-lines-numeric": { lines: "sort-numeric" },
  "remove-duplicate-lines": { lines: "remove-duplicates" },
  "reverse-lines": { lines: "reverse" },
  "remove-empty-lines": { lines: "remove-empty" },
  "trim-trailing-whitespace": { lines: "trim-trailing" },
  "join-lines": { lines: "join" },
  "upper-case": { case: "upper" },
  "lower-case": { case: "lower" },
  "title-case": { case: "title" },
} as const satisfies Partial<Record<TextToolId, TextToolJob>>;

type TextJobId = keyof typeof TEXT_JOBS;

const isTextJob = (id: TextToolId): id is TextJobId => id in TEXT_JOBS;

const jobCommand = (job: TextToolJob): Command =>
  "lines" in job ? lineToolCommand(job.lines) : changeCaseCommand(job.case);

export const TEXT_TOOL_COMMANDS: Record<TextToolId, Command> = {
  ...(Object.fromEntries(
    Object.entries(TEXT_JOBS).map(([id, job]) => [id, jobCommand(job)]),
  ) as Record<TextJobId, Command>),
  "duplicate-line": copyLineDown,
  "move-line-up": moveLineUp,
  "move-line-down": moveLineDown,
  "select-next-occurrence": selectNextOccurrence,
  "select-all-occurrences": selectSelectionMatches,
  "add-cursor-above": addCursorAbove,
  "add-cursor-below": addCursorBelow,
  "column-select-up": extendColumnSelection("up"),
  "column-select-down": extendColumnSelection("down"),
  "column-select-left": extendColumnSelection("left"),
  "column-select-right": extendColumnSelection("right"),
  "single-cursor": singleCursor,
};

/** What a menu's tool says when the text is already as it would make it. */
const NOTHING_TO_CHANGE: Record<TextJobId, string> = {
  "sort-lines-ascending": "The lines are already in that order.",
  "sort-lines-descending": "The lines are already in that order.",
  "sort-lines-numeric": "The lines are already in that order.",
  "remove-duplicate-lines": "There are no duplicate lines.",
  "reverse-lines": "Reversing would not change these lines.",
  "remove-empty-lines": "There are no empty lines.",
  "trim-trailing-whitespace": "No line ends in spaces or tabs.",
  "join-lines": "There is nothing to join: select two lines or more.",
  "upper-case": "The selection is already in that case.",
  "lower-case": "The selection is already in that case.",
  "title-case": "The selection is already in that case.",
};

/**
 * Runs text tool `id` on the view's text and leaves the focus there. A menu's tool that finds
 * nothing to change says so through `tell`; a key's tool that does nothing returns false, so
 * the key keeps its ordinary meaning (Escape with one cursor).
 */
export function runTextTool(
  view: EditorView | null,
  id: TextToolId,
  tell: (message: string) => void,
): boolean {
  if (!view) return false;
  if (!isTextJob(id)) {
    if (!TEXT_TOOL_COMMANDS[id](view)) return false;
  } else {
    // Big texts are worked on off the page; the rest at once, as a state command.
    const range = bigTextToolRange(view, TEXT_JOBS[id]);
    if (range) void runBigTextTool(view, TEXT_JOBS[id], range, NOTHING_TO_CHANGE[id], tell);
    else if (!TEXT_TOOL_COMMANDS[id](view)) tell(NOTHING_TO_CHANGE[id]);
  }
  view.focus();
  return true;
}
