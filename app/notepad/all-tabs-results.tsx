import { formatCount } from "~/text/number-format";
import type { TabMatches } from "./all-tabs-search";

/**
 * The results of Find in all tabs: grouped by tab, each match with its line number and the
 * line around it, the match marked; a click shows it in its tab.
 */
export function AllTabsResults({
  results,
  onShow,
}: {
  results: readonly TabMatches[];
  onShow: (id: string, from: number, to: number) => void;
}) {
  const withMatches = results.filter((tab) => tab.total > 0);
  if (withMatches.length === 0) return null;
  return (
    <section
      aria-label="Matches in all tabs"
      className="max-h-[40vh] overflow-y-auto border-b border-slate-200 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-950"
    >
      {withMatches.map((tab) => (
        <div key={tab.id} className="mb-2">
          <h3 className="font-semibold text-slate-900 dark:text-white">
            {tab.name}{" "}
            <span className="font-normal text-slate-600 dark:text-slate-300">
              ({formatCount(tab.total)} {tab.total === 1 ? "match" : "matches"})
            </span>
          </h3>
          <ul>
            {tab.matches.map((match) => (
              <li key={match.from}>
                <button
                  type="button"
                  onClick={() => onShow(tab.id, match.from, match.to)}
                  className="w-full truncate rounded px-2 py-0.5 text-left font-mono text-xs text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-slate-100 dark:hover:bg-slate-800"
                >
                  <span className="mr-2 text-slate-600 dark:text-slate-300">
                    Line {formatCount(match.line)}:
                  </span>{" "}
                  {match.before}
                  <mark className="rounded-sm bg-yellow-200 text-slate-900 dark:bg-yellow-600 dark:text-white">
                    {match.match}
                  </mark>
                  {match.after}
                </button>
              </li>
            ))}
          </ul>
          {tab.total > tab.matches.length && (
            <p className="px-2 text-xs text-slate-600 dark:text-slate-300">
              and {formatCount(tab.total - tab.matches.length)} more in this tab, not listed
            </p>
          )}
        </div>
      ))}
    </section>
  );
}
