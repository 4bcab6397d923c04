/// <reference lib="webworker" />
/**
 * Runs a line tool or a case change on a big text off the page (big-text-tools.ts): the page
 * posts the text piece by piece (one big message would be one long copy on the page), then the
 * job; the answer comes back piece by piece too, or "unchanged". Sorting a million lines takes
 * seconds, which on the page would freeze it.
 */
import { type CaseChange, changeCase, type LineTool, transformLines } from "~/text/line-transforms";

/** Characters per piece sent back. */
const PIECE_CHARS = 1 << 20;

export type TextToolJob = { lines: LineTool } | { case: CaseChange };

export type TextToolWorkerRequest = { piece: string } | { run: TextToolJob; locale?: string };

export type TextToolWorkerAnswer =
  { piece: string } | { done: true; unchanged: boolean } | { error: string };

let pieces: string[] = [];

function transform(text: string, job: TextToolJob, locale?: string): string | null {
  if ("case" in job) {
    const after = changeCase(text, job.case, locale);
    return after === text ? null : after;
  }
  const lines = text.split("\n");
  const after = transformLines(lines, job.lines, locale);
  if (after.length === lines.length && after.every((line, index) => line === lines[index])) {
    return null;
  }
  return after.join("\n");
}

self.onmessage = (event: MessageEvent<TextToolWorkerRequest>) => {
  const message = event.data;
  const post = (answer: TextToolWorkerAnswer) => (self as unknown as Worker).postMessage(answer);
  if ("piece" in message) {
    pieces.push(message.piece);
    return;
  }
  const text = pieces.join("");
  pieces = [];
  try {
    const after = transform(text, message.run, message.locale);
    if (after !== null) {
      for (let at = 0; at < after.length; at += PIECE_CHARS) {
        post({ piece: after.slice(at, at + PIECE_CHARS) });
      }
    }
    post({ done: true, unchanged: after === null });
  } catch (error) {
    post({ error: String(error) });
  }
};
