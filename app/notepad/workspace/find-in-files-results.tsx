import { useEffect, useRef } from "react";
import { formatCount } from "~/text/number-format";
import type { FileHits, LineHits } from "~/workspace/find-in-files";
import type { FileTick, ReplaceSelection } from "./find-in-files-selection";
import { matchesWords, moreThanListedWords } from "./find-in-files-session";

/**
 * The results of find in files (issue 52): grouped by file (its path and match count), one row
 * per match with its line number and the line around it, the match marked, as the notepad's
 * Find in all tabs shows them. A row is a button: a click or Enter opens the file at the match.
 * In the review of a replace, each row and each file has a checkbox. At most `rowLimit` rows
 * are rendered; "Show more" adds more, so a result of 100,000 matches never blocks the page.
 */

/** One match's row. */
interface MatchRow {
  line: LineHits;
  from: number;
  to: number;
}

/**
 * Characters shown before a match that is not the line's first: few, so the match itself stays
 * in view in the side panel (about 24 characters of a line fit beside the line number at its
 * default width; with 40, a match late in a long line was cut off by the row's ellipsis).
 */
const CONTEXT_BEFORE = 12;

function rowsOf(hits: FileHits): MatchRow[] {
  return hits.lines.flatMap((line) =>
    line.matches.map((match) => ({ line, from: match.from, to: match.to })),
  );
}

/** The line split around the match: before it, the match, after it. */
function around({ line, from, to }: MatchRow): [string, string, string] {
  const start = from - line.textStart;
  const end = Math.min(line.text.length, to - line.textStart);
  const cut = Math.max(0, start - CONTEXT_BEFORE);
  // A line's indentation is left out, as code editors list results.
  const before =
    cut > 0 ? "…" + line.text.slice(cut, start) : line.text.slice(0, start).trimStart();
  return [before, line.text.slice(start, end), line.text.slice(end)];
}

/** A checkbox that shows "some" as the mixed state (aria-checked="mixed"). */
function TriStateCheckbox({
  tick,
  label,
  onToggle,
}: {
  tick: FileTick;
  label: string;
  onToggle: () => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = tick === "some";
  }, [tick]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={label}
      checked={tick === "all"}
      onChange={onToggle}
      className="h-4 w-4 shrink-0"
    />
  );
}

export interface OpenPlace {
  (path: string, place: { line: number; column: number }): void;
}

export function FindInFilesResults({
  files,
  reviewing,
  selection,
  rowLimit,
  onShowMore,
  onOpen,
  onToggleMatch,
  onToggleFile,
}: {
  files: readonly FileHits[];
  reviewing: boolean;
  selection: ReplaceSelection;
  rowLimit: number;
  onShowMore: () => void;
  onOpen: OpenPlace;
  onToggleMatch: (path: string, from: number) => void;
  onToggleFile: (hits: FileHits) => void;
}) {
  if (files.length === 0) return null;
  let budget = rowLimit;
  let hidden = 0;
  const groups = files.map((hits) => {
    if (budget <= 0) {
      // Past the rows shown: counted, not built.
      hidden += hits.lines.reduce((sum, line) => sum + line.matches.length, 0);
      return { hits, rows: [] };
    }
    const rows = rowsOf(hits);
    const shown = rows.slice(0, Math.max(0, budget));
    hidden += rows.length - shown.length;
    budget -= shown.length;
    return { hits, rows: shown };
  });
  return (
    <section aria-label="Results" className="text-sm">
      {groups.map(({ hits, rows }) =>
        rows.length === 0 ? null : (
          <div key={hits.path} className="mb-2">
            <h3 className="flex items-center gap-2 px-1 font-semibold [overflow-wrap:anywhere] text-slate-900 dark:text-white">
              {reviewing && (
                <TriStateCheckbox
                  tick={selection.fileTick(hits)}
                  label={`Replace in ${hits.path}`}
                  onToggle={() => onToggleFile(hits)}
                />
              )}
              <span>
                {hits.path}{" "}
                <span className="font-normal whitespace-nowrap text-slate-600 dark:text-slate-300">
                  ({matchesWords(hits.matchCount)})
                </span>
              </span>
            </h3>
            {reviewing && moreThanListedWords(hits) && (
              <p className="px-2 text-xs text-slate-600 dark:text-slate-300">
                {moreThanListedWords(hits)}
              </p>
            )}
            <ul aria-label={`Matches in ${hits.path}`}>
              {rows.map((row) => {
                const [before, match, after] = around(row);
                const place = { line: row.line.line, column: row.from - row.line.lineStart + 1 };
                return (
                  <li key={row.from} className="flex items-center gap-1">
                    {reviewing && (
                      <input
                        type="checkbox"
                        aria-label={`Replace on line ${formatCount(place.line)} of ${hits.path}`}
                        checked={selection.isTicked(hits.path, row.from)}
                        onChange={() => onToggleMatch(hits.path, row.from)}
                        className="ml-2 h-4 w-4 shrink-0"
                      />
                    )}
                    <button
                      type="button"
                      onClick={() => onOpen(hits.path, place)}
                      className="min-w-0 flex-1 truncate rounded px-2 py-0.5 text-left font-mono text-xs text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-slate-100 dark:hover:bg-slate-800"
                    >
                      <span className="mr-2 text-slate-600 dark:text-slate-300">
                        Line {formatCount(place.line)}:
                      </span>{" "}
                      {before}
                      <mark className="rounded-sm bg-yellow-200 text-slate-900 dark:bg-yellow-600 dark:text-white">
                        {match}
                      </mark>
                      {after}
                    </button>
                  </li>
                );
              })}
            </ul>
          </div>
        ),
      )}
      {hidden > 0 && (
        <button
          type="button"
          onClick={onShowMore}
          className="mx-1 my-2 rounded-md border border-slate-300 bg-white px-3 py-1 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-slate-500 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700"
        >
          Show more ({formatCount(hidden)} more {hidden === 1 ? "match" : "matches"} not shown)
        </button>
      )}
    </section>
  );
}
