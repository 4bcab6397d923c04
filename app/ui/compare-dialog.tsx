import type { ChangeSet, Extension, Text } from "@codemirror/state";
import type { EditorView } from "@codemirror/view";
import { ChevronDown, ChevronUp } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import type { CompareHandle } from "~/codemirror/compare-view";
import { type Command, commandById, formatCommandKeys, keysFor } from "./commands";
import { COMPARE_NEXT_CHANGE, COMPARE_PREVIOUS_CHANGE } from "./common-commands";
import { CompareFileButton } from "./compare-file-button";
import { Modal } from "./modal";
import type { Platform } from "./platform";

/** The keys of next / previous change, from an editor's registry. */
export interface CompareKeys {
  nextKeys: readonly string[];
  previousKeys: readonly string[];
  /** "F7 / Shift+F7", for the buttons' tooltips. */
  keyHint: string;
}

/** What an editor gives every compare view: its theme, its keys, where edits go. */
export interface CompareSetup {
  /** The theme of the two editors. */
  extensions: Extension;
  keys: CompareKeys;
  /** Applies edits made in the comparison to the document (one undoable step). */
  apply: (changes: ChangeSet) => void;
}

/** The compare keys of a registry (compareStepCommands) on `platform`. */
export function compareKeysOf(
  commands: readonly Command<never, never>[],
  platform: Platform,
): CompareKeys {
  const next = commandById(commands, COMPARE_NEXT_CHANGE);
  return {
    nextKeys: keysFor(next, platform),
    previousKeys: keysFor(commandById(commands, COMPARE_PREVIOUS_CHANGE), platform),
    keyHint: formatCommandKeys(next, platform, true),
  };
}

/**
 * Puts the edits made in a comparison into the document shown in `view`, as one undoable
 * step. The document cannot change while the dialog is open, so the changes fit it.
 */
export function applyComparedChanges(view: EditorView | null, changes: ChangeSet): void {
  if (view && view.state.doc.length === changes.length) {
    view.dispatch({ changes, userEvent: "input.compare", scrollIntoView: true });
  }
}

/** A text the current one can be compared with (another tab, a kept version). */
export interface CompareChoice {
  id: string;
  label: string;
  text: () => string | Text;
}

const BUTTON_CLASS =
  "inline-flex h-9 items-center gap-1.5 rounded-md border border-slate-300 px-3 text-sm font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-60 dark:border-slate-600 dark:hover:bg-slate-700";

/**
 * The compare dialog (issue 31 item 1): the current text beside another (chosen from
 * `choices`), with next/previous change and arrows that copy a change into the current text.
 * Done hands the edits made here back as one change set (`setup.apply`, not called when none).
 * The merge view loads with the dialog, not with the page.
 */
export function CompareDialog({
  title,
  currentLabel,
  current,
  choices,
  initialChoice,
  fileChoice,
  setup,
  onClose,
}: {
  title: string;
  currentLabel: string;
  current: string | Text;
  choices: readonly CompareChoice[];
  initialChoice?: string;
  /** Offers "Compare with a file…" beside the choices, with these file types. */
  fileChoice?: { extensions: readonly string[] };
  setup: CompareSetup;
  onClose: () => void;
}) {
  const { nextKeys, previousKeys, keyHint } = setup.keys;
  const [choiceId, setChoiceId] = useState(initialChoice ?? choices[0]?.id ?? "");
  const [changeCount, setChangeCount] = useState<number | null>(null);
  const [cutShort, setCutShort] = useState(false);
  const [edited, setEdited] = useState(false);
  const [failed, setFailed] = useState(false);
  const [fileChoices, setFileChoices] = useState<CompareChoice[]>([]);
  const [fileError, setFileError] = useState("");
  const hostRef = useRef<HTMLDivElement>(null);
  const handleRef = useRef<CompareHandle | null>(null);
  const selectId = useId();
  const allChoices = [...choices, ...fileChoices];
  const choice = allChoices.find((c) => c.id === choiceId);
  const unified = typeof window !== "undefined" && window.innerWidth < 768;

  useEffect(() => {
    const host = hostRef.current;
    if (!host || !choice) return;
    let disposed = false;
    setChangeCount(null);
    const other = choice.text();
    void import("~/codemirror/compare-view").then(
      async ({ openCompareView, prepareDiff }) => {
        // Long texts are diffed in a worker first ("Comparing…" meanwhile).
        const prepared = await prepareDiff(other, current);
        if (disposed) return;
        const handle = openCompareView({
          parent: host,
          other,
          current,
          prepared,
          unified,
          nextKeys,
          previousKeys,
          extensions: setup.extensions,
          otherLabel: choice.label,
          currentLabel,
          onUpdate: () => {
            setChangeCount(handle.changeCount());
            setCutShort(handle.cutShort());
            setEdited(!handle.changes().empty);
          },
        });
        handleRef.current = handle;
        setChangeCount(handle.changeCount());
        setCutShort(handle.cutShort());
      },
      () => !disposed && setFailed(true),
    );
    return () => {
      disposed = true;
      handleRef.current?.destroy();
      handleRef.current = null;
    };
    // The comparison is rebuilt when another text is chosen; the rest is fixed for the dialog.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [choiceId]);

  function finish() {
    const changes = handleRef.current?.changes();
    if (changes && !changes.empty) setup.apply(changes);
    onClose();
  }

  return (
    <Modal title={title} onClose={finish} full>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        {allChoices.length > 0 && (
          <>
            <label htmlFor={selectId} className="text-sm">
              Compare {currentLabel} with
            </label>
            <select
              id={selectId}
              value={choiceId}
              onChange={(event) => setChoiceId(event.target.value)}
              className="h-9 max-w-[16rem] rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-900"
            >
              {allChoices.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </select>
          </>
        )}
        {fileChoice && (
          <CompareFileButton
            className={BUTTON_CLASS}
            extensions={fileChoice.extensions}
            onChosen={(chosen) => {
              setFileError("");
              setFileChoices((previous) => [...previous, chosen]);
              setChoiceId(chosen.id);
            }}
            onFailed={setFileError}
          />
        )}
        <span className="grow" />
        <button
          type="button"
          className={BUTTON_CLASS}
          title={`Previous change (${keyHint.split(" / ")[1] ?? keyHint})`}
          disabled={!changeCount}
          onClick={() => handleRef.current?.step(-1)}
        >
          <ChevronUp size={16} aria-hidden="true" /> Previous change
        </button>
        <button
          type="button"
          className={BUTTON_CLASS}
          title={`Next change (${keyHint.split(" / ")[0]})`}
          disabled={!changeCount}
          onClick={() => handleRef.current?.step(1)}
        >
          <ChevronDown size={16} aria-hidden="true" /> Next change
        </button>
        <button type="button" className={BUTTON_CLASS} onClick={finish}>
          Done
        </button>
      </div>
      <p role="status" className="mb-2 text-sm text-slate-700 dark:text-slate-300">
        {fileError ? `${fileError} ` : ""}
        {!choice
          ? `Choose a file to compare ${currentLabel} with.`
          : failed
            ? "The comparison could not be loaded (is this browser offline?). Your text is unchanged."
            : changeCount === null
              ? "Comparing…"
              : changeCount === 0
                ? "No differences."
                : `${changeCount} ${changeCount === 1 ? "change" : "changes"}${unified ? ": Copy in puts the other text's version of a change in this one" : ": the arrows copy a change into the text on the right"}.`}
        {cutShort &&
          " These texts differ in so many places that the comparison was simplified: some changes are shown as larger blocks."}
        {edited && " Your edits here go into the tab when you press Done."}
      </p>
      <div
        ref={hostRef}
        className="pp-compare min-h-0 flex-1 overflow-auto rounded-md border border-slate-200 dark:border-slate-600"
      />
    </Modal>
  );
}
