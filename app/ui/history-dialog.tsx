import { useCallback, useEffect, useState } from "react";
import { CompareDialog, type CompareSetup } from "./compare-dialog";
import type { DocumentHistory } from "~/storage/document-history";
import { listVersionsOf } from "~/storage/history-of-many";
import { formatCountOf, formatDateTime } from "~/text/number-format";
import {
  CorruptSnapshotError,
  type SnapshotMeta,
  type SnapshotReason,
} from "~/storage/history-store";
import { Modal } from "./modal";

/** How the History panel names why a version was kept. */
export const SNAPSHOT_REASON_LABELS: Record<SnapshotReason, string> = {
  editing: "While editing",
  "replace-all": "Before Replace All",
  "replace-in-files": "Before Replace in files",
  "other-window": "Before another window's version",
  "drive-sync": "Before Google Drive's changes were merged",
  "file-opened": "Before a file was opened over it",
  replaced: "Before it was replaced",
  "reloaded-from-disk": "Before reloading from disk",
  "before-overwrite": "Before it was overwritten",
  "before-restore": "Before an older version was restored",
  restored: "A restored version",
  reopened: "When the tab was reopened",
};

const NO_IDS: readonly string[] = [];

/** Above this many characters (either side) the preview shows the version without marking. */
const DIFF_LIMIT_CHARS = 400_000;

type DiffPart = { value: string; added?: boolean; removed?: boolean };

type Preview =
  | { kind: "loading" }
  | { kind: "ready"; text: string; parts: DiffPart[] | null }
  | { kind: "unreadable" };

/** Marks what differs between a version (old) and the current text (new), off the main path. */
async function compare(version: string, current: string): Promise<DiffPart[] | null> {
  if (version.length > DIFF_LIMIT_CHARS || current.length > DIFF_LIMIT_CHARS) return null;
  const { diffLines } = await import("diff");
  return new Promise((resolve) => {
    // The callback form works in slices between timers, so a long comparison never blocks.
    diffLines(version, current, {
      callback: (parts: DiffPart[] | undefined) => resolve(parts ?? null),
      maxEditLength: 20_000,
    });
  });
}

/**
 * The History panel of both editors: the document's kept versions, newest first, with time,
 * reason, size and words; a version's text with its differences from the current text marked;
 * Restore (an undoable edit, itself kept as a version first).
 */
export function HistoryDialog({
  history,
  docId,
  alsoDocIds = NO_IDS,
  documentName,
  currentText,
  onRestore,
  compare: compareWith,
  onClose,
}: {
  history: DocumentHistory;
  docId: string;
  /** Other History ids whose versions are listed with the document's own (merged by time). */
  alsoDocIds?: readonly string[];
  documentName: string;
  /** The current text (read when a version is previewed). */
  currentText: () => string;
  /** Puts `text` in the document as one undoable edit. */
  onRestore: (text: string, version: SnapshotMeta) => void;
  /** "Compare side by side": the editors' theme, keys, and how edits made there are applied. */
  compare: CompareSetup;
  onClose: () => void;
}) {
  const [versions, setVersions] = useState<SnapshotMeta[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [selected, setSelected] = useState<SnapshotMeta | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [comparing, setComparing] = useState(false);

  const load = useCallback(async () => {
    try {
      // Versions still being written (one just taken) are listed too.
      await history.whenWritten();
      setVersions(await listVersionsOf(history, [docId, ...alsoDocIds]));
    } catch (error) {
      console.error(error);
      setFailed(true);
    }
  }, [history, docId, alsoDocIds]);

  useEffect(() => {
    void load();
  }, [load]);

  async function choose(version: SnapshotMeta) {
    setSelected(version);
    setPreview({ kind: "loading" });
    let text: string;
    try {
      text = await history.read(version.id);
    } catch (error) {
      if (!(error instanceof CorruptSnapshotError)) console.error(error);
      setPreview({ kind: "unreadable" });
      void load();
      return;
    }
    setPreview({ kind: "ready", text, parts: null });
    const parts = await compare(text, currentText());
    setPreview((current) =>
      current?.kind === "ready" && current.text === text ? { ...current, parts } : current,
    );
  }

  if (comparing && preview?.kind === "ready" && selected) {
    // The same compare view as View › Compare with…: the version beside the current text.
    const versionText = preview.text;
    return (
      <CompareDialog
        title="Compare with a kept version"
        currentLabel="your current text"
        current={currentText()}
        choices={[
          {
            id: selected.id,
            label: `the version from ${formatDateTime(selected.createdAt)}`,
            text: () => versionText,
          },
        ]}
        setup={compareWith}
        onClose={onClose}
      />
    );
  }

  return (
    <Modal title="Version history" onClose={onClose} wide>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Versions of “{documentName}” kept in this browser: when you start editing after a pause,
        every 5 minutes while you edit, and before big changes (Replace All, another window’s
        version, a file opened or reloaded over it, a restore). Up to 50 per document, for 30 days.
        {alsoDocIds.length > 0 &&
          " For a file of the open folder, also the versions kept when Replace in files changed it while it was not open."}
      </p>
      {failed && (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
          The version history could not be read from this browser’s storage.
        </p>
      )}
      {versions && versions.length === 0 && (
        <p className="mt-4 text-sm">No versions kept yet. They appear as you edit.</p>
      )}
      {versions && versions.length > 0 && (
        <div className="mt-4 grid gap-4 md:grid-cols-[16rem_1fr]">
          <ul aria-label="Versions" className="max-h-[55vh] space-y-1 overflow-y-auto pr-1">
            {versions.map((version) => (
              <li key={version.id}>
                <button
                  type="button"
                  aria-pressed={selected?.id === version.id}
                  onClick={() => void choose(version)}
                  className="w-full rounded-md border border-slate-200 px-3 py-2 text-left text-sm hover:bg-slate-100 aria-pressed:border-blue-700 aria-pressed:bg-blue-50 dark:border-slate-700 dark:hover:bg-slate-800 dark:aria-pressed:border-blue-400 dark:aria-pressed:bg-slate-800"
                >
                  <span className="block font-semibold">{formatDateTime(version.createdAt)}</span>
                  <span className="block text-slate-600 dark:text-slate-300">
                    {SNAPSHOT_REASON_LABELS[version.reason] ?? version.reason}
                  </span>
                  <span className="block text-slate-600 dark:text-slate-300">
                    {formatCountOf(version.words, "word")} ·{" "}
                    {formatCountOf(version.chars, "character")}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <section aria-label="Preview" className="min-w-0">
            {!selected && (
              <p className="text-sm text-slate-600 dark:text-slate-300">
                Choose a version to see it, with its differences from your current text marked.
              </p>
            )}
            {preview?.kind === "loading" && <p className="text-sm">Reading the version…</p>}
            {preview?.kind === "unreadable" && (
              <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                This version could not be read, so it was set aside and is no longer listed.
              </p>
            )}
            {preview?.kind === "ready" && selected && (
              <>
                <p className="mb-2 text-sm text-slate-600 dark:text-slate-300">
                  {preview.parts ? (
                    <>
                      <span className="rounded bg-red-100 px-1 text-red-900 line-through dark:bg-red-950 dark:text-red-200">
                        Struck out
                      </span>{" "}
                      only in this version;{" "}
                      <span className="rounded bg-green-100 px-1 text-green-900 dark:bg-green-950 dark:text-green-200">
                        marked
                      </span>{" "}
                      only in your current text.
                    </>
                  ) : (
                    "The version as it was (too long to mark the differences)."
                  )}
                </p>
                <pre
                  data-testid="history-preview"
                  className="max-h-[45vh] overflow-auto rounded-md border border-slate-200 bg-slate-50 p-3 font-mono text-sm whitespace-pre-wrap break-words dark:border-slate-700 dark:bg-slate-900"
                >
                  {preview.parts
                    ? preview.parts.map((part, index) =>
                        part.removed ? (
                          <del
                            key={index}
                            className="bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200"
                          >
                            {part.value}
                          </del>
                        ) : part.added ? (
                          <ins
                            key={index}
                            className="bg-green-100 text-green-900 no-underline dark:bg-green-950 dark:text-green-200"
                          >
                            {part.value}
                          </ins>
                        ) : (
                          <span key={index}>{part.value}</span>
                        ),
                      )
                    : preview.text}
                </pre>
                <div className="mt-3 flex flex-wrap gap-2">
                  <button
                    type="button"
                    onClick={() => onRestore(preview.text, selected)}
                    className="rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
                  >
                    Restore this version
                  </button>
                  <button
                    type="button"
                    onClick={() => setComparing(true)}
                    className="rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 dark:border-slate-600 dark:hover:bg-slate-700"
                  >
                    Compare side by side
                  </button>
                  <span className="self-center text-sm text-slate-600 dark:text-slate-300">
                    Your current text is kept as a version first, and Undo brings it back.
                  </span>
                </div>
              </>
            )}
          </section>
        </div>
      )}
    </Modal>
  );
}
