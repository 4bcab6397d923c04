/// <reference lib="webworker" />
/**
 * Diffs two long texts off the page (compare-diff.ts): splitting two 5 MB texts into lines and
 * comparing them is some 150 ms, which on the page would be one long task as the compare view
 * opens.
 */
import { compareTexts } from "./compare-diff";

/** The two texts in pieces (`postTextInPieces`), then the order to compare them. */
export type CompareWorkerRequest =
  { side: "a" | "b"; piece: string } | { run: true; timeoutMs: number };

export type CompareWorkerAnswer =
  | {
      changes: [fromA: number, toA: number, fromB: number, toB: number][];
      cutShort: boolean;
      /** The texts' lengths with "\n" line breaks, as the compare view's editors hold them. */
      lengthA: number;
      lengthB: number;
    }
  | { error: string };

const pieces = { a: [] as string[], b: [] as string[] };

/** The text with "\n" line breaks only (the editors read \r\n and \r as line breaks too). */
const withLineFeeds = (parts: string[]) => parts.join("").replace(/\r\n?/g, "\n");

self.onmessage = (event: MessageEvent<CompareWorkerRequest>) => {
  const request = event.data;
  if ("piece" in request) {
    pieces[request.side].push(request.piece);
    return;
  }
  let answer: CompareWorkerAnswer;
  try {
    const a = withLineFeeds(pieces.a);
    const b = withLineFeeds(pieces.b);
    const found = compareTexts(a, b, request.timeoutMs);
    answer = {
      changes: found.changes.map((c) => [c.fromA, c.toA, c.fromB, c.toB]),
      cutShort: found.cutShort,
      lengthA: a.length,
      lengthB: b.length,
    };
  } catch (error) {
    answer = { error: String(error) };
  }
  (self as unknown as DedicatedWorkerGlobalScope).postMessage(answer);
};
