import { useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import { FindInFilesResults, type OpenPlace } from "./find-in-files-results";
import {
  type FindInFilesForm,
  type FindInFilesSession,
  matchesWords,
  progressWords,
  summaryWords,
} from "./find-in-files-session";

/**
 * The "Search" view of the folder panel (issue 52): Find in files and Replace in files. The
 * form (every control labelled), the results streaming in grouped by file, "Replace all…" and
 * its review with a checkbox per match and per file, then what the replace did and "Undo
 * replace in files". The words and look follow the notepad's find bar (find-bar.tsx).
 */

/** Result rows rendered at once; "Show more" adds as many again. */
export const RESULT_ROWS_SHOWN = 300;

const INPUT =
  "w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 dark:border-slate-500 dark:bg-slate-900 dark:text-white";
const BUTTON =
  "rounded-md border border-slate-300 bg-white px-3 py-1 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-50 dark:border-slate-500 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700";
const PRIMARY =
  "rounded-md bg-blue-700 px-3 py-1 text-sm font-medium text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:opacity-50";
const LABEL = "text-xs font-medium text-slate-700 dark:text-slate-200";

function TextField({
  label,
  value,
  onChange,
  placeholder,
  inputRef,
  type = "text",
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  inputRef?: React.Ref<HTMLInputElement>;
  type?: "text" | "search";
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-0.5">
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      <input
        id={id}
        ref={inputRef}
        type={type}
        value={value}
        placeholder={placeholder}
        spellCheck={false}
        onChange={(event) => onChange(event.target.value)}
        className={INPUT}
      />
    </div>
  );
}

function Switch({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex items-center gap-1.5 text-sm text-slate-800 dark:text-slate-100">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </label>
  );
}

export function FindInFilesView({
  session,
  onOpen,
  showReplace: replaceAsked,
  focusRequest = 0,
}: {
  session: FindInFilesSession;
  /** Opens a file of the folder at a place (1-based line and column). */
  onOpen: OpenPlace;
  /** Replace in files was asked for: the replace row shows. */
  showReplace: boolean;
  /** Changes each time Find or Replace in files is asked for: the Find field gets the focus. */
  focusRequest?: number;
}) {
  const state = useSyncExternalStore(session.subscribe, session.getState, session.getState);
  const [replaceShown, setReplaceShown] = useState(replaceAsked);
  const [rowLimit, setRowLimit] = useState(RESULT_ROWS_SHOWN);
  const findRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (replaceAsked) setReplaceShown(true);
    findRef.current?.focus();
    findRef.current?.select();
  }, [replaceAsked, focusRequest]);

  const { form, phase, files, progress, summary, outcome, error } = state;
  const setForm = (change: Partial<FindInFilesForm>) => session.setForm(change);
  const searching = phase === "searching";
  const reviewing = phase === "reviewing";
  const busy = phase === "replacing" || phase === "undoing";
  const ticked = reviewing ? session.tickedCounts() : null;

  function search() {
    setRowLimit(RESULT_ROWS_SHOWN);
    void session.search();
  }

  let status = "";
  if (searching) status = progress ? progressWords(progress) : "Searching…";
  else if (phase === "replacing") status = "Replacing…";
  else if (phase === "undoing") status = "Putting the files back…";
  else if (summary && !reviewing) status = summaryWords(summary).join(" ");
  else if (phase === "searched" && !error) {
    status = `Stopped: ${files.length} ${files.length === 1 ? "file" : "files"} with matches so far.`;
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-y-auto px-2 py-2">
      <form
        role="search"
        aria-label={replaceShown ? "Replace in files" : "Find in files"}
        className="flex flex-col gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          search();
        }}
      >
        <TextField
          label="Find"
          type="search"
          value={form.query}
          inputRef={findRef}
          onChange={(query) => setForm({ query })}
        />
        {replaceShown && (
          <TextField
            label="Replace with"
            value={form.replacement}
            onChange={(replacement) => setForm({ replacement })}
            placeholder={form.regexp ? "$1 and $& take the match's parts" : undefined}
          />
        )}
        <div className="flex flex-wrap gap-x-3 gap-y-1">
          <Switch
            label="Match case"
            checked={form.matchCase}
            onChange={(matchCase) => setForm({ matchCase })}
          />
          <Switch
            label="Whole word"
            checked={form.wholeWord}
            onChange={(wholeWord) => setForm({ wholeWord })}
          />
          <Switch
            label="Regular expression"
            checked={form.regexp}
            onChange={(regexp) => setForm({ regexp })}
          />
        </div>
        <TextField
          label="Files to include"
          value={form.include}
          placeholder="e.g. *.md, docs"
          onChange={(include) => setForm({ include })}
        />
        <TextField
          label="Files to exclude"
          value={form.exclude}
          placeholder="e.g. *.min.js, drafts"
          onChange={(exclude) => setForm({ exclude })}
        />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={PRIMARY} disabled={!form.query || busy}>
            Find all
          </button>
          {searching && (
            <button type="button" className={BUTTON} onClick={() => session.cancel()}>
              Stop
            </button>
          )}
          {replaceShown ? (
            <button
              type="button"
              className={BUTTON}
              disabled={files.length === 0 || searching || busy || reviewing}
              title={files.length === 0 ? "Find the matches to replace first" : undefined}
              onClick={() => session.review()}
            >
              Replace all…
            </button>
          ) : (
            <button type="button" className={BUTTON} onClick={() => setReplaceShown(true)}>
              Replace…
            </button>
          )}
        </div>
      </form>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      <p
        role="status"
        aria-live="polite"
        className="mt-2 text-sm text-slate-700 dark:text-slate-200"
      >
        {status}
      </p>
      {reviewing && ticked && (
        <div
          role="group"
          aria-label="Review the replace"
          className="my-2 flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-slate-900 dark:border-amber-700 dark:bg-amber-950 dark:text-slate-100"
        >
          <p>
            Untick the matches to leave as they are. Each file keeps its encoding and line endings,
            and the text before is kept in its History.
          </p>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={PRIMARY}
              disabled={ticked.matches === 0}
              onClick={() => void session.replace()}
            >
              Replace {matchesWords(ticked.matches)} in {ticked.files}{" "}
              {ticked.files === 1 ? "file" : "files"}
            </button>
            <button type="button" className={BUTTON} onClick={() => session.closeReview()}>
              Cancel
            </button>
          </div>
        </div>
      )}
      {outcome && !reviewing && (
        <section aria-label="Replace outcome" className="my-2 flex flex-col gap-2 text-sm">
          <p className="font-medium text-slate-900 dark:text-white">{outcome.message}</p>
          {outcome.notWritten.length > 0 && (
            <div>
              <p className="text-slate-800 dark:text-slate-100">Not changed:</p>
              <ul className="list-disc pl-5 text-slate-800 dark:text-slate-100">
                {outcome.notWritten.map((file) => (
                  <li key={file.path}>{file.message}</li>
                ))}
              </ul>
            </div>
          )}
          {state.canUndo && (
            <div>
              <button
                type="button"
                className={BUTTON}
                disabled={busy}
                onClick={() => void session.undo()}
              >
                Undo replace in files
              </button>
            </div>
          )}
        </section>
      )}
      <FindInFilesResults
        files={files}
        reviewing={reviewing}
        selection={state.selection}
        rowLimit={rowLimit}
        onShowMore={() => setRowLimit((limit) => limit + RESULT_ROWS_SHOWN)}
        onOpen={onOpen}
        onToggleMatch={(path, from) => session.toggleMatch(path, from)}
        onToggleFile={(hits) => session.toggleFile(hits)}
      />
    </div>
  );
}
