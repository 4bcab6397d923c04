import {
  Change,
  getChunks,
  goToNextChunk,
  goToPreviousChunk,
  MergeView,
  unifiedMergeView,
} from "@codemirror/merge";
import { ChangeSet, EditorState, type Extension, type Text } from "@codemirror/state";
import { EditorView, keymap, lineNumbers } from "@codemirror/view";
import { type CompareDiff, compareTexts } from "./compare-diff";
import type { CompareWorkerAnswer, CompareWorkerRequest } from "./compare-worker";
import { postTextInPieces } from "~/storage/work-slices";

/**
 * Two texts compared side by side (issue 31 item 1), with @codemirror/merge: changed lines and
 * the changes within them marked, the unchanged stretches folded, arrows that copy a change
 * from the other text into this one, and next/previous change. On a narrow screen the same
 * comparison is one column (a unified view, with "Copy in" on each change). The other
 * text is read-only; this one can be edited, and `changes` says what the comparison did to it.
 */

/**
 * The one-column view's button on a change. Its "reject" puts the other text's lines back in
 * place of this text's: the same as the arrow of the two-column view, so it is named the same
 * way. Its "accept" would change the other text, which the comparison only shows: left out.
 */
function unifiedControl(type: "reject" | "accept", action: (event: MouseEvent) => void) {
  if (type === "accept") {
    const nothing = document.createElement("span");
    nothing.hidden = true;
    return nothing;
  }
  const button = document.createElement("button");
  button.type = "button";
  button.className = "pp-compare-copy-in";
  button.textContent = "Copy in";
  button.title = "Copy this change from the other text into this one";
  button.setAttribute("aria-label", button.title);
  // The package acts on mousedown (the text keeps its focus); Enter or Space on the focused
  // button is a click with no mouse press (detail 0).
  button.addEventListener("mousedown", (event) => {
    event.preventDefault();
    action(event);
  });
  button.addEventListener("click", (event) => {
    if (event.detail === 0) action(event);
  });
  return button;
}

/** Long diffs on the page give up their fine detail after this long (ms) rather than freeze it. */
export const DIFF_TIMEOUT_MS = 300;

/**
 * The worker's diff can take longer, since the page goes on meanwhile: on a busy machine two
 * 1 MB texts with five changes took over 300 ms there, and came out "simplified" for no reason
 * in the texts. The dialog says "Comparing…" until it answers.
 */
const WORKER_DIFF_TIMEOUT_MS = 5_000;

/** Texts this long (both together) are diffed in a worker before the view opens. */
const WORKER_DIFF_FROM_CHARS = 1_000_000;

/** A diff made before the view opened, for the texts as the view's editors will hold them. */
export interface PreparedDiff {
  lengthA: number;
  lengthB: number;
  found: CompareDiff;
}

/**
 * Diffs two long texts in a worker (compare-worker.ts), so opening their comparison is not one
 * long task on the page; null for short texts, or when the worker fails (the view then diffs
 * on the page, as for short texts).
 */
export async function prepareDiff(
  other: string | Text,
  current: string | Text,
): Promise<PreparedDiff | null> {
  if (other.length + current.length < WORKER_DIFF_FROM_CHARS) return null;
  const worker = new Worker(new URL("./compare-worker.ts", import.meta.url), { type: "module" });
  const message = (request: CompareWorkerRequest) => request;
  try {
    const answer = await new Promise<CompareWorkerAnswer>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<CompareWorkerAnswer>) => resolve(event.data);
      worker.onerror = () => reject(new Error("The compare worker failed"));
      void (async () => {
        await postTextInPieces(worker, other, (piece) => message({ side: "a", piece }));
        await postTextInPieces(worker, current, (piece) => message({ side: "b", piece }));
        worker.postMessage(message({ run: true, timeoutMs: WORKER_DIFF_TIMEOUT_MS }));
      })();
    });
    if ("error" in answer) return null;
    const changes = answer.changes.map(
      ([fromA, toA, fromB, toB]) => new Change(fromA, toA, fromB, toB),
    );
    return {
      lengthA: answer.lengthA,
      lengthB: answer.lengthB,
      found: { changes, cutShort: answer.cutShort },
    };
  } catch {
    return null;
  } finally {
    worker.terminate();
  }
}

/** What the compare view was given. */
export interface CompareOptions {
  parent: HTMLElement;
  /** The text compared with (shown first, read-only). */
  other: string | Text;
  /** The text being edited (shown second). */
  current: string | Text;
  /** One column instead of two (phones). */
  unified: boolean;
  /** Keys for next and previous change (the registry's, in CodeMirror notation). */
  nextKeys: readonly string[];
  previousKeys: readonly string[];
  /** The theme and the like of both editors. */
  extensions: Extension;
  /** Accessible names of the two texts. */
  otherLabel: string;
  currentLabel: string;
  /** Called after every change of the current text and when the diff is recomputed. */
  onUpdate: () => void;
  /** The first diff, made off the page (`prepareDiff`). */
  prepared?: PreparedDiff | null;
}

/** A live comparison. */
export interface CompareHandle {
  /** Moves to the next (1) or previous (-1) change; false when there is none. */
  step(direction: 1 | -1): boolean;
  /** How many changed stretches there are now. */
  changeCount(): number;
  /** What was done to the current text since the comparison opened (empty: nothing). */
  changes(): ChangeSet;
  /** True when a diff took so long that it was finished by a faster, rougher method. */
  cutShort(): boolean;
  destroy(): void;
}

/** Opens a comparison in `options.parent`. */
export function openCompareView(options: CompareOptions): CompareHandle {
  let cutShort = false;
  let prepared = options.prepared ?? null;
  const diffConfig = {
    // Line by line first on long texts (compare-diff.ts), and it says when time ran out.
    override: (a: string, b: string) => {
      // The first diff, of the whole texts, may have been made in a worker already.
      const ready =
        prepared && a.length === prepared.lengthA && b.length === prepared.lengthB
          ? prepared.found
          : null;
      prepared = null;
      const result = ready ?? compareTexts(a, b, DIFF_TIMEOUT_MS);
      cutShort ||= result.cutShort;
      return result.changes;
    },
  };
  const stepKeys = keymap.of([
    ...options.nextKeys.map((key) => ({ key, run: goToNextChunk, preventDefault: true })),
    ...options.previousKeys.map((key) => ({ key, run: goToPreviousChunk, preventDefault: true })),
  ]);
  let changes = ChangeSet.empty(options.current.length);
  const track = EditorView.updateListener.of((update) => {
    if (update.docChanged) changes = changes.compose(update.changes);
    options.onUpdate();
  });
  const common = [lineNumbers(), EditorView.lineWrapping, stepKeys, options.extensions];
  const label = (name: string) => EditorView.contentAttributes.of({ "aria-label": name });

  let editors: EditorView[];
  let destroy: () => void;
  if (options.unified) {
    const view = new EditorView({
      parent: options.parent,
      state: EditorState.create({
        doc: options.current,
        extensions: [
          common,
          track,
          label(options.currentLabel),
          unifiedMergeView({
            original: options.other,
            gutter: true,
            collapseUnchanged: { margin: 3, minSize: 6 },
            diffConfig,
            mergeControls: unifiedControl,
          }),
        ],
      }),
    });
    editors = [view];
    destroy = () => view.destroy();
  } else {
    const merge = new MergeView({
      parent: options.parent,
      a: {
        doc: options.other,
        extensions: [
          common,
          label(options.otherLabel),
          EditorState.readOnly.of(true),
          EditorView.editable.of(false),
          EditorView.updateListener.of(() => options.onUpdate()),
        ],
      },
      b: {
        doc: options.current,
        extensions: [common, track, label(options.currentLabel)],
      },
      revertControls: "a-to-b",
      renderRevertControl: () => {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "pp-compare-copy";
        button.textContent = "→";
        button.title = "Copy this change into the text on the right";
        button.setAttribute("aria-label", "Copy this change into the text on the right");
        return button;
      },
      gutter: true,
      highlightChanges: true,
      collapseUnchanged: { margin: 3, minSize: 6 },
      diffConfig,
    });
    editors = [merge.b, merge.a];
    destroy = () => merge.destroy();
  }
  const main = editors[0];
  return {
    step(direction) {
      const command = direction === 1 ? goToNextChunk : goToPreviousChunk;
      const ran = command(main);
      main.focus();
      return ran;
    },
    changeCount: () => getChunks(main.state)?.chunks.length ?? 0,
    changes: () => changes,
    cutShort: () => cutShort,
    destroy,
  };
}
