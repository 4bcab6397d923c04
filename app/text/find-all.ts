import type { Text } from "@codemirror/state";
import { type TextMatch, WINDOW_END, windowedMatches } from "./windowed-search";

/**
 * Find in all tabs (issue 31 item 2): every case-insensitive match of a query in a document,
 * with its line and the text around it, read one window at a time so a caller can pause
 * between windows (twenty 1 MB tabs never freeze the page). Pure: tested without a DOM.
 */

/** One match, as a results list shows it. */
export interface LineMatch {
  from: number;
  to: number;
  /** 1-based line number. */
  line: number;
  /** The line's text before the match (its end only when long), the match, the text after. */
  before: string;
  match: string;
  after: string;
}

/** Every match of one document (the first `limit` listed, all counted). */
export interface DocMatches {
  matches: LineMatch[];
  total: number;
}

/**
 * Characters searched between two pauses: a case-insensitive search reads about 1.5 MB in
 * 100 ms here, so 128 K is a task of about 10 ms (a 1 MB window was a 120 ms task).
 */
export const SEARCH_WINDOW = 1 << 17;

/** The most matches listed per tab; more are counted and said. */
export const MATCH_LIST_LIMIT = 500;

/** Characters of context kept before and after a match. */
const CONTEXT_BEFORE = 40;
const CONTEXT_AFTER = 80;

/**
 * The matches of `query` in `doc`, one window of `window` characters per step (the caller
 * pauses between steps).
 */
export function* matchSteps(
  doc: Text,
  query: string,
  window = SEARCH_WINDOW,
  limit = MATCH_LIST_LIMIT,
): Generator<void, DocMatches> {
  const result: DocMatches = { matches: [], total: 0 };
  for (const step of windowedMatches(doc, query, 0, doc.length, window)) {
    if (step === WINDOW_END) {
      yield;
      continue;
    }
    result.total++;
    if (result.matches.length < limit) result.matches.push(lineMatch(doc, step));
  }
  return result;
}

/** A match with its line number and the text around it on its line. */
function lineMatch(doc: Text, { from, to }: TextMatch): LineMatch {
  const line = doc.lineAt(from);
  const lineEnd = Math.min(line.to, to + CONTEXT_AFTER);
  const start = Math.max(line.from, from - CONTEXT_BEFORE);
  return {
    from,
    to,
    line: line.number,
    before: (start > line.from ? "…" : "") + doc.sliceString(start, from),
    match: doc.sliceString(from, Math.min(to, line.to)),
    after: doc.sliceString(Math.min(to, line.to), lineEnd) + (lineEnd < line.to ? "…" : ""),
  };
}

/** A document to search, by tab; `doc` is read only when its turn comes. */
export interface SearchedDoc {
  id: string;
  doc: () => Text;
}

/**
 * Searches every document in turn, calling `pause` between windows (resolve false to stop:
 * resolves null then) and `found` as each document is done, so the first results show while
 * the rest are searched.
 */
export async function findInDocs(
  docs: readonly SearchedDoc[],
  query: string,
  pause: () => Promise<boolean>,
  found: (id: string, matches: DocMatches) => void,
  window = SEARCH_WINDOW,
): Promise<boolean> {
  for (const { id, doc } of docs) {
    const text = doc();
    // Reading a tab's text (splitting a stored string into lines) is work of its own.
    if (!(await pause())) return false;
    const steps = matchSteps(text, query, window);
    for (;;) {
      const step = steps.next();
      if (step.done) {
        found(id, step.value);
        break;
      }
      if (!(await pause())) return false;
    }
    if (!(await pause())) return false;
  }
  return true;
}
