import type { Text } from "@codemirror/state";
import { EditorView } from "@codemirror/view";
import { ChevronDown, ChevronUp, Search, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { setSearchHighlight } from "~/codemirror";
import {
  compileSearch,
  findAllMatches,
  matchCounter,
  type MatchList,
  nextMatchIndex,
  previousMatchIndex,
} from "~/text/search";
import { useEditorStore } from "./editor-store";
import { ICON_BUTTON_CLASS } from "~/ui/command-toolbar";

interface SearchResult {
  regexp: RegExp;
  matches: MatchList;
  /** The document the matches belong to; a different doc means the list is stale. */
  doc: Text;
  query: string;
}

/** Result of running a search (also used by the benchmark hook). */
export interface SearchRunResult {
  count: number;
  error: string | null;
}

/**
 * Runs a search over the whole document with one RegExp and selects the first match (or the
 * first at/after `from`). Returns the result to keep, or an error.
 */
export function runDocumentSearch(
  view: EditorView,
  query: string,
): { result: SearchResult | null; error: string | null } {
  const compiled = compileSearch(query);
  if (!compiled) return { result: null, error: null };
  if (!compiled.ok) return { result: null, error: compiled.error };
  const doc = view.state.doc;
  const matches = findAllMatches(doc.toString(), compiled.regexp);
  return { result: { regexp: compiled.regexp, matches, doc, query }, error: null };
}

function selectMatch(view: EditorView, result: SearchResult | null, index: number) {
  if (!result || index < 0) {
    view.dispatch({
      effects: setSearchHighlight.of({ regexp: result?.regexp ?? null, current: null }),
    });
    return;
  }
  const from = result.matches.starts[index];
  const to = result.matches.ends[index];
  view.dispatch({
    selection: { anchor: from, head: to },
    effects: [
      setSearchHighlight.of({ regexp: result.regexp, current: { from, to } }),
      EditorView.scrollIntoView(from, { y: "center" }),
    ],
  });
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

  function search(): SearchResult | null {
    const view = getView();
    if (!view) return null;
    const { result, error: problem } = runDocumentSearch(view, query);
    resultRef.current = result;
    setError(problem);
    indexRef.current = result && result.matches.count > 0 ? 0 : -1;
    setCounter(result ? matchCounter(indexRef.current, result.matches.count) : null);
    selectMatch(view, result, indexRef.current);
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
    const total = result.matches.count;
    indexRef.current =
      direction === 1
        ? nextMatchIndex(indexRef.current, total)
        : previousMatchIndex(indexRef.current, total);
    setCounter(matchCounter(indexRef.current, total));
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
