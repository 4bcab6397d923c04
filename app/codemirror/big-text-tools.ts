import { EditorSelection } from "@codemirror/state";
import type { EditorView } from "@codemirror/view";
import { assemblePieces } from "~/storage/local-files";
import { postTextInPieces } from "~/storage/work-slices";
import { lineToolRange } from "~/text/line-tools";
import { formatCount } from "~/text/number-format";
import type { TextToolJob, TextToolWorkerAnswer, TextToolWorkerRequest } from "./text-tool-worker";

/**
 * Line tools and case changes on big texts (issue 31 item 4: "runs in slices on a 50 MB
 * document"). The text goes to a worker a piece per task, the worker does the work (a sort of a
 * million lines takes seconds), and the answer is built into a document a slice at a time; the
 * page keeps answering throughout. The result is one change, one undo step, like the small
 * case. If the text is edited meanwhile, the result is dropped and the user told.
 */

/** A range longer than this (characters) is worked on off the page. */
export const BIG_TEXT_TOOL_CHARS = 1_000_000;

/** Longer than this, not at all: the worker holds several copies of the text at once. */
export const MAX_TEXT_TOOL_CHARS = 100_000_000;

/** Views with a big tool running: a second one is refused with a message until it ends. */
const running = new WeakSet<EditorView>();

/** The range a job works on when it is big enough for the worker, else null. */
export function bigTextToolRange(
  view: EditorView,
  job: TextToolJob,
): { from: number; to: number } | null {
  const { state } = view;
  let range: { from: number; to: number };
  if ("lines" in job) range = lineToolRange(state);
  else if (state.selection.ranges.length === 1) range = state.selection.main;
  else return null;
  return range.to - range.from > BIG_TEXT_TOOL_CHARS ? range : null;
}

function workingMessage(view: EditorView, job: TextToolJob, from: number, to: number): string {
  if ("case" in job) return `Changing the case of ${formatCount(to - from)} characters…`;
  const { doc } = view.state;
  const lines = `${formatCount(doc.lineAt(to).number - doc.lineAt(from).number + 1)} lines`;
  const verbs: Record<typeof job.lines, string> = {
    "sort-ascending": "Sorting",
    "sort-descending": "Sorting",
    "sort-numeric": "Sorting",
    "remove-duplicates": "Removing duplicates from",
    reverse: "Reversing",
    "remove-empty": "Removing empty lines from",
    "trim-trailing": "Trimming",
    join: "Joining",
  };
  return `${verbs[job.lines]} ${lines}…`;
}

/** The worker's answer: the new text in pieces, or null when it would not change. */
function runInWorker(
  view: EditorView,
  job: TextToolJob,
  from: number,
  to: number,
): Promise<string[] | null> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./text-tool-worker.ts", import.meta.url), {
      type: "module",
    });
    const pieces: string[] = [];
    const finish = () => worker.terminate();
    worker.onmessage = (event: MessageEvent<TextToolWorkerAnswer>) => {
      const answer = event.data;
      if ("piece" in answer) pieces.push(answer.piece);
      else if ("error" in answer) {
        finish();
        reject(new Error(answer.error));
      } else {
        finish();
        resolve(answer.unchanged ? null : pieces);
      }
    };
    worker.onerror = (event) => {
      finish();
      reject(new Error(event.message || "the worker stopped"));
    };
    const message = (request: TextToolWorkerRequest) => request;
    void postTextInPieces(worker, view.state.doc, (piece) => message({ piece }), from, to).then(
      () => worker.postMessage(message({ run: job })),
    );
  });
}

/**
 * Runs `job` on [from, to) off the page and puts the result in as one change. `nothing` is said
 * when the text would not change; `tell` carries every message (working, done, failed).
 */
export async function runBigTextTool(
  view: EditorView,
  job: TextToolJob,
  { from, to }: { from: number; to: number },
  nothing: string,
  tell: (message: string) => void,
): Promise<void> {
  if (to - from > MAX_TEXT_TOOL_CHARS) {
    tell("This text is too long for the line and case tools (over 100 million characters).");
    return;
  }
  if (running.has(view)) {
    tell("Another line or case tool is still working on this text: wait for it to finish.");
    return;
  }
  running.add(view);
  const startDoc = view.state.doc;
  tell(workingMessage(view, job, from, to));
  try {
    const pieces = await runInWorker(view, job, from, to);
    if (pieces === null) {
      tell(nothing);
      return;
    }
    const insert = await assemblePieces(pieces);
    // Text documents are immutable: the same object means not a character changed meanwhile.
    if (view.state.doc !== startDoc) {
      tell(
        "The text changed while the tool was working, so its result was not applied. Try again.",
      );
      return;
    }
    view.dispatch({
      changes: { from, to, insert },
      selection: EditorSelection.range(from, from + insert.length),
      scrollIntoView: true,
      userEvent: "case" in job ? "input.case" : "input.lines",
    });
    tell("Done: one step to undo.");
  } catch (error) {
    tell(
      `The tool could not finish (${error instanceof Error ? error.message : String(error)}). Your text is unchanged.`,
    );
  } finally {
    running.delete(view);
  }
}
