import type { Text } from "@codemirror/state";
import { EditorView } from "@codemirror/view";
import { ChevronDown, ChevronUp, Search, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { setSearchHighlight } from "~/codemirror";
import { SLICE_MS, yieldToPage } from "~/storage/work-slices";
import { formatCount } from "~/text/number-format";
import {
  compileSearch,
  matchCounter,
  MatchScanner,
  nextMatchIndex,
  previousMatchIndex,
} from "~/text/search";
import { useEditorStore } from "./editor-store";
import { ICON_BUTTON_CLASS } from "~/ui/command-toolbar";

interface SearchResult {
  regexp: RegExp;
  /** Counts the matches a slice at a time; the ones found so far are usable at once. */
  scanner: MatchScanner;
  /** The document the matches belong to; a different doc means the list is stale. */
  doc: Text;
  query: string;
}

/** How long the first, synchronous part of a search may look for the first match. */
const FIRST_MATCH_BUDGET_MS = 30;

/**
 * Starts a search over the whole document: scans until the first match is found (or a few
 * milliseconds have passed) and returns; `countRest` counts the others in slices.
 */
export function startDocumentSearch(
  view: EditorView,
  query: string,
): { result: SearchResult | null; error: string | null } {
  const compiled = compileSearch(query);
  if (!compiled) return { result: null, error: null };
  if (!compiled.ok) return { result: null, error: compiled.error };
  const doc = view.state.doc;
  const scanner = new MatchScanner(doc, compiled.regexp);
  const started = performance.now();
  while (
    !scanner.done &&
    scanner.count === 0 &&
    performance.now() - started < FIRST_MATCH_BUDGET_MS
  ) {
    scanner.step();
  }
  return { result: { regexp: compiled.regexp, scanner, doc, query }, error: null };
}

/**
 * Counts the rest of a search's matches a slice at a time, calling `onProgress` now and then,
 * until done or `isCancelled()`. The page stays responsive: no slice runs longer than SLICE_MS.
 */
export async function countRest(
  scanner: MatchScanner,
  isCancelled: () => boolean,
  onProgress: () => void,
): Promise<boolean> {
  let lastReport = performance.now();
  while (!scanner.done) {
    await yieldToPage();
    if (isCancelled()) return false;
    const sliceStart = performance.now();
    do scanner.step();
    while (!scanner.done && performance.now() - sliceStart < SLICE_MS);
    if (performance.now() - lastReport > 100) {
      lastReport = performance.now();
      onProgress();
    }
  }
  return !isCancelled();
}

function selectMatch(view: EditorView, result: SearchResult | null, index: number) {
  const match = result && index >= 0 ? result.scanner.matchAt(index) : null;
  if (!result || !match) {
    view.dispatch({
      effects: setSearchHighlight.of({ regexp: result?.regexp ?? null, current: null }),
    });
    return;
  }
  const { from, to } = match;
  view.dispatch({
    selection: { anchor: from, head: to },
    effects: [
      setSearchHighlight.of({ regexp: result.regexp, current: { from, to } }),
      EditorView.scrollIntoView(from, { y: "center" }),
    ],
  });
}

/** The counter while matches are still being counted: "1/2,345 so far, counting…". */
function countingCounter(index: number, found: number): string {
  return found === 0 ? "Counting matches…" : `${index + 1}/${formatCount(found)} so far, counting…`;
}

/** The search bar: query field, Search, previous, next (both wrap), counter and close. */
export function SearchBar({ getView }: { getView: () => EditorView | null }) {
  const setSearchOpen = useEditorStore((s) => s.setSearchOpen);
  const [query, setQuery] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [counter, setCounter] = useState<string | null>(null);
  const resultRef = useRef<SearchResult | null>(null);
  const indexRef = useRef(-1);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    inputRef.current?.focus();
    const focusField = () => {
      inputRef.current?.focus();
      inputRef.current?.select();
    };
    window.addEventListener("plainpad:focus-search", focusField);
    return () => window.removeEventListener("plainpad:focus-search", focusField);
  }, []);

  /** Shows the counter for the current match and the matches counted so far. */
  function showCounter(result: SearchResult | null) {
    if (!result) return setCounter(null);
    const { scanner } = result;
    setCounter(
      scanner.done
        ? matchCounter(indexRef.current, scanner.count)
        : countingCounter(indexRef.current, scanner.count),
    );
  }

  function search(): SearchResult | null {
    const view = getView();
    if (!view) return null;
    const { result, error: problem } = startDocumentSearch(view, query);
    resultRef.current = result;
    setError(problem);
    indexRef.current = result && result.scanner.count > 0 ? 0 : -1;
    showCounter(result);
    selectMatch(view, result, indexRef.current);
    if (result && !result.scanner.done) {
      const stillCurrent = () =>
        resultRef.current === result && getView()?.state.doc === result.doc;
      void countRest(
        result.scanner,
        () => !stillCurrent(),
        () => showCounter(result),
      ).then((finished) => {
        if (!finished) return;
        // The first match may only turn up now, after the part scanned at once.
        if (indexRef.current < 0 && result.scanner.count > 0) {
          indexRef.current = 0;
          const current = getView();
          if (current) selectMatch(current, result, 0);
        }
        showCounter(result);
      });
    }
    return result;
  }

  function current(): SearchResult | null {
    const view = getView();
    const result = resultRef.current;
    // Re-run when the query or the document changed since the last search.
    if (!view || !result || result.query !== query || result.doc !== view.state.doc) return null;
    return result;
  }

  function step(direction: 1 | -1) {
    const view = getView();
    if (!view) return;
    const result = current();
    if (!result) {
      search();
      return;
    }
    const { scanner } = result;
    // Still counting: stepping past the matches found so far finds the next one first.
    if (direction === 1) {
      while (!scanner.done && indexRef.current + 1 >= scanner.count) scanner.step();
    } else if (indexRef.current <= 0) {
      while (!scanner.done) scanner.step();
    }
    const total = scanner.count;
    indexRef.current =
      direction === 1
        ? nextMatchIndex(indexRef.current, total)
        : previousMatchIndex(indexRef.current, total);
    showCounter(result);
    selectMatch(view, result, indexRef.current);
  }

  function close() {
    const view = getView();
    resultRef.current = null;
    indexRef.current = -1;
    setQuery("");
    setCounter(null);
    setError(null);
    if (view) {
      view.dispatch({ effects: setSearchHighlight.of({ regexp: null, current: null }) });
      view.focus();
    }
    setSearchOpen(false);
  }

  return (
    <div
      role="search"
      aria-label="Find in document"
      className="flex flex-wrap items-center gap-1 border-b border-slate-200 bg-white px-2 py-1.5 dark:border-slate-700 dark:bg-slate-950"
    >
      <input
        ref={inputRef}
        type="search"
        value={query}
        aria-label="Search text"
        placeholder="Type and press Enter to search..."
        spellCheck={false}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            if (current()) step(event.shiftKey ? -1 : 1);
            else search();
          } else if (event.key === "Escape") {
            event.preventDefault();
            close();
          }
        }}
        className="h-9 min-w-0 flex-1 basis-48 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 placeholder:text-slate-500 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30 dark:border-slate-600 dark:bg-slate-900 dark:text-white dark:placeholder:text-slate-400"
      />
      <button
        type="button"
        title="Search"
        aria-label="Search"
        onClick={() => search()}
        className={`${ICON_BUTTON_CLASS} bg-blue-600 text-white hover:bg-blue-700 dark:bg-blue-600 dark:text-white dark:hover:bg-blue-500`}
      >
        <Search aria-hidden="true" size={16} />
        <span className="text-sm">Search</span>
      </button>
      <button
        type="button"
        title="Previous match"
        aria-label="Previous match"
        onClick={() => step(-1)}
        className={ICON_BUTTON_CLASS}
      >
        <ChevronUp aria-hidden="true" size={18} />
      </button>
      <button
        type="button"
        title="Next match"
        aria-label="Next match"
        onClick={() => step(1)}
        className={ICON_BUTTON_CLASS}
      >
        <ChevronDown aria-hidden="true" size={18} />
      </button>
      <output
        aria-live="polite"
        data-testid="search-counter"
        className={`min-w-20 px-1 text-sm tabular-nums ${error ? "font-medium text-red-700 dark:text-red-300" : "text-slate-700 dark:text-slate-300"}`}
      >
        {error ?? counter ?? ""}
      </output>
      <button
        type="button"
        title="Close search"
        aria-label="Close search"
        onClick={close}
        className={ICON_BUTTON_CLASS}
      >
        <X aria-hidden="true" size={18} />
      </button>
    </div>
  );
}
