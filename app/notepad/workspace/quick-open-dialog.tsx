import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useState } from "react";
import { Modal } from "~/ui/modal";
import type { RankedPath } from "~/workspace/fuzzy-rank";
import { useWorkspace } from "./use-workspace";
import type { WorkspaceSession } from "./workspace-session";

/**
 * Quick open (issue 52): a file of the opened folder by a few of its letters, ranked by
 * `fuzzy-rank.ts` (letters in a row and at word starts first), the files opened in this
 * workspace on top. The combobox pattern: the focus stays in the text box, the arrows move
 * the active option (aria-activedescendant), Enter opens it. While the folder is still being
 * indexed it says how many files it holds and answers from those; Enter pressed before any
 * file matches opens the best match once every file is indexed (as long as the words typed
 * stay the same): the first file found to hold the letters may not be the one meant.
 */
export function QuickOpenDialog({
  session,
  onClose,
}: {
  session: WorkspaceSession;
  onClose: () => void;
}) {
  const indexed = useWorkspace(session, (s) => s.indexed);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;
  // Asked again as the index grows (its count changes) and with each letter typed.
  const results = useMemo(
    () => session.findFiles(query),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the index grows behind `indexed`
    [session, query, indexed.count, indexed.done],
  );
  const current = Math.min(active, Math.max(0, results.length - 1));
  // Enter pressed while nothing matched yet and the folder was still being indexed.
  const [enterWaiting, setEnterWaiting] = useState(false);

  const open = (result: RankedPath | undefined) => {
    if (!result) return;
    setEnterWaiting(false);
    onClose();
    void session.openFile(result.path);
  };

  useEffect(() => {
    if (!enterWaiting || !indexed.done) return;
    if (results.length > 0) open(results[0]);
    else setEnterWaiting(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once the index is whole
  }, [enterWaiting, results, indexed.done]);

  const onKeyDown = (event: KeyboardEvent) => {
    const last = results.length - 1;
    const next =
      event.key === "ArrowDown"
        ? Math.min(last, current + 1)
        : event.key === "ArrowUp"
          ? Math.max(0, current - 1)
          : event.key === "PageDown"
            ? Math.min(last, current + 10)
            : event.key === "PageUp"
              ? Math.max(0, current - 10)
              : null;
    if (next !== null) {
      event.preventDefault();
      setActive(next);
      document.getElementById(optionId(next))?.scrollIntoView({ block: "nearest" });
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (results.length > 0) open(results[current]);
      else if (!indexed.done && query.trim()) setEnterWaiting(true);
    }
  };

  return (
    <Modal title="Quick open" onClose={onClose} wide>
      <input
        type="text"
        role="combobox"
        aria-label="File name"
        aria-expanded={results.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={results.length > 0 ? optionId(current) : undefined}
        placeholder="Type a few letters of a file's name"
        autoComplete="off"
        spellCheck={false}
        data-autofocus=""
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setEnterWaiting(false);
        }}
        onKeyDown={onKeyDown}
        className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900"
      />
      <p role="status" className="mt-2 min-h-5 text-xs text-slate-600 dark:text-slate-300">
        {!indexed.done
          ? `Indexing… ${indexed.count.toLocaleString("en")} files${
              enterWaiting
                ? `. The best match for "${query.trim()}" opens when all are indexed.`
                : ""
            }`
          : results.length === 0
            ? query.trim()
              ? `No file of the folder matches "${query.trim()}".`
              : "The folder has no files to show."
            : ""}
      </p>
      <ul
        id={listId}
        role="listbox"
        aria-label="Files"
        className="mt-1 max-h-[50vh] overflow-y-auto text-sm"
      >
        {results.map((result, index) => (
          <li
            key={result.path}
            id={optionId(index)}
            role="option"
            aria-selected={index === current}
            className={`flex cursor-pointer items-baseline gap-2 rounded px-2 py-1 ${
              index === current ? "bg-blue-100 dark:bg-blue-900/60" : ""
            }`}
            title={result.path}
            onPointerMove={() => setActive(index)}
            onClick={() => open(result)}
          >
            <PathWithMarks result={result} />
            {result.recent && (
              <span className="ml-auto shrink-0 text-xs text-slate-600 dark:text-slate-300">
                recently opened
              </span>
            )}
          </li>
        ))}
      </ul>
    </Modal>
  );
}

/** The file's name, then its folder, with the query's letters marked. */
function PathWithMarks({ result }: { result: RankedPath }) {
  const { path, positions } = result;
  const nameStart = path.lastIndexOf("/") + 1;
  const marked = new Set(positions);
  const piece = (from: number, to: number): ReactNode[] => {
    const parts: ReactNode[] = [];
    for (let at = from; at < to; at++) {
      const char = path[at];
      parts.push(
        marked.has(at) ? (
          <mark key={at} className="bg-transparent font-semibold text-blue-700 dark:text-blue-300">
            {char}
          </mark>
        ) : (
          char
        ),
      );
    }
    return parts;
  };
  // Name and folder each cut off on their own (a long name never hides the folder); on a
  // phone the folder goes under the name.
  return (
    <span className="flex min-w-0 flex-col sm:flex-row sm:items-baseline sm:gap-2">
      <span className="min-w-0 truncate text-slate-900 dark:text-slate-50">
        {piece(nameStart, path.length)}
      </span>
      {nameStart > 0 && (
        <span
          data-part="folder"
          className="min-w-0 truncate text-xs text-slate-600 sm:shrink-[4] dark:text-slate-300"
        >
          {piece(0, nameStart - 1)}
        </span>
      )}
    </span>
  );
}
