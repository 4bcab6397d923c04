import { X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { NotepadController } from "./notepad-controller";
import type { TabMatches } from "./all-tabs-search";
import { AllTabsResults } from "./all-tabs-results";
import { formatCount } from "~/text/number-format";

/** A search still running after this long says "Searching…". */
const SEARCHING_AFTER_MS = 300;

/**
 * Find (case-insensitive, from the selection, wrapping) and Replace All (literal,
 * case-sensitive, both fields required), with a message saying how many were replaced. "In all
 * tabs" lists every match of every tab instead, and Replace All works on every tab.
 */
export function FindBar({
  controller,
  showReplace,
  focusRequest,
}: {
  controller: NotepadController;
  showReplace: boolean;
  /** Changes each time Find or Replace is asked for, even with the bar already open. */
  focusRequest: number;
}) {
  const [find, setFind] = useState("");
  const [replace, setReplace] = useState("");
  const [message, setMessage] = useState("");
  const [allTabs, setAllTabs] = useState(false);
  const [results, setResults] = useState<TabMatches[]>([]);
  const findRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    findRef.current?.focus();
    findRef.current?.select();
  }, [showReplace, focusRequest]);

  // Each search gets a number; a newer one (or closing the bar) makes an older one stale.
  const searchRef = useRef(0);
  useEffect(() => () => void (searchRef.current += 1), []);

  async function findAll() {
    const search = ++searchRef.current;
    const isCurrent = () => search === searchRef.current;
    const found: TabMatches[] = [];
    setResults([]);
    setMessage("Searching all tabs…");
    const finished = await controller.allTabs.find(find, isCurrent, (tab) => {
      found.push(tab);
      // Each tab's matches show as soon as it is searched.
      setResults([...found]);
    });
    if (!finished || !isCurrent()) return;
    const total = found.reduce((sum, tab) => sum + tab.total, 0);
    const tabs = found.filter((tab) => tab.total > 0).length;
    setMessage(
      total === 0
        ? `No matches for "${find}" in any tab.`
        : `${formatCount(total)} ${total === 1 ? "match" : "matches"} in ${tabs} ${tabs === 1 ? "tab" : "tabs"}.`,
    );
  }

  async function replaceEverywhere() {
    searchRef.current += 1;
    setResults([]);
    setMessage(await controller.allTabs.replaceAll(find, replace));
  }

  async function next() {
    if (!find) return;
    if (allTabs) return findAll();
    const search = ++searchRef.current;
    const isCurrent = () => search === searchRef.current;
    // Only a search through a big document takes long enough to say so.
    const slow = setTimeout(() => isCurrent() && setMessage("Searching…"), SEARCHING_AFTER_MS);
    const found = await controller.text.findNext(find, isCurrent);
    clearTimeout(slow);
    if (!isCurrent()) return;
    if (found === null) setMessage("");
    else setMessage(found ? "" : `No matches for "${find}".`);
  }

  const inputClass =
    "w-40 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 sm:w-56 dark:border-slate-500 dark:bg-slate-900 dark:text-white";
  const buttonClass =
    "rounded-md border border-slate-300 bg-white px-3 py-1 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-50 dark:border-slate-500 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700";

  return (
    <>
      <div
        role="search"
        aria-label="Find and replace"
        className="flex flex-wrap items-center gap-2 border-b border-slate-200 bg-slate-50 px-3 py-2 dark:border-slate-700 dark:bg-slate-900"
        onKeyDown={(event) => {
          if (event.key === "Escape") {
            event.preventDefault();
            event.stopPropagation();
            controller.editor.closeFind();
          }
        }}
      >
        <input
          ref={findRef}
          type="search"
          aria-label="Find"
          placeholder="Find"
          value={find}
          onChange={(event) => {
            setFind(event.target.value);
            setMessage("");
          }}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              void next();
            }
          }}
          className={inputClass}
        />
        <button type="button" onClick={() => void next()} disabled={!find} className={buttonClass}>
          {allTabs ? "Find all" : "Find next"}
        </button>
        <label className="flex items-center gap-1.5 text-sm text-slate-800 dark:text-slate-100">
          <input
            type="checkbox"
            checked={allTabs}
            onChange={(event) => {
              setAllTabs(event.target.checked);
              setResults([]);
              setMessage("");
              searchRef.current += 1;
            }}
          />
          In all tabs
        </label>
        {showReplace ? (
          <>
            <input
              type="text"
              aria-label="Replace with"
              placeholder="Replace with"
              value={replace}
              onChange={(event) => {
                setReplace(event.target.value);
                setMessage("");
              }}
              className={inputClass}
            />
            <button
              type="button"
              disabled={!find || !replace}
              title={
                !find || !replace ? "Enter both the text to find and its replacement" : undefined
              }
              onClick={() =>
                allTabs
                  ? void replaceEverywhere()
                  : setMessage(controller.text.replaceAll(find, replace).message)
              }
              className={buttonClass}
            >
              Replace all
            </button>
          </>
        ) : (
          <button
            type="button"
            onClick={() => controller.editor.openFind(true)}
            className={buttonClass}
          >
            Replace…
          </button>
        )}
        <p role="status" aria-live="polite" className="text-sm text-slate-700 dark:text-slate-200">
          {message}
        </p>
        <button
          type="button"
          aria-label="Close find bar"
          title="Close find bar"
          onClick={() => controller.editor.closeFind()}
          className="ml-auto rounded p-1 text-slate-600 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-slate-300 dark:hover:bg-slate-700"
        >
          <X size={16} aria-hidden="true" />
        </button>
      </div>
      {allTabs && (
        <AllTabsResults
          results={results}
          onShow={(id, from, to) => controller.allTabs.show(id, from, to)}
        />
      )}
    </>
  );
}
