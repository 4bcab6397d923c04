import { ChangeSet, type Extension, StateEffect, StateField, type Text } from "@codemirror/state";
import { type EditorView, ViewPlugin, type ViewUpdate } from "@codemirror/view";
import { adjustWordCount, countDocWords, countWordsInSlices } from "~/text/text-stats";

/** Words and characters of a document; `words` is null while a big document is still counted. */
export interface TextStats {
  words: number | null;
  characters: number;
}

/** How long a big document is shown before its background count starts. */
const BACKGROUND_COUNT_DELAY_MS = 200;

/** Documents up to this many characters are counted at once when a state is created. */
export const SYNC_WORD_COUNT_LIMIT = 1_000_000;

/** Characters a change removes and inserts together: past SYNC_WORD_COUNT_LIMIT, recount. */
function changedExtent(changes: ChangeSet): number {
  let extent = 0;
  changes.iterChangedRanges((fromA, toA, fromB, toB) => (extent += toA - fromA + toB - fromB));
  return extent;
}

/** The finished background count of `doc` (accepted only while `doc` is still the document). */
const setWordCount = StateEffect.define<{ doc: Text; words: number }>();

/**
 * Word and character counts kept up to date incrementally: one count when the state is created
 * (in the background for documents over SYNC_WORD_COUNT_LIMIT characters), then per transaction
 * only the lines touched by the change are recounted, so a keystroke costs the same in a 50 MB
 * document as in an empty one.
 */
export const textStatsField = StateField.define<TextStats>({
  create: (state) => ({
    words:
      state.doc.length <= SYNC_WORD_COUNT_LIMIT
        ? countDocWords(state.doc, 1, state.doc.lines)
        : null,
    characters: state.doc.length,
  }),
  update(value, tr) {
    for (const effect of tr.effects) {
      if (effect.is(setWordCount) && effect.value.doc === tr.newDoc) {
        return { words: effect.value.words, characters: tr.newDoc.length };
      }
    }
    if (!tr.docChanged) return value;
    // A change of megabytes (a sort of the whole text, a paste) would be a long recount here:
    // the background counter counts the new text instead.
    const words =
      value.words === null || changedExtent(tr.changes) > SYNC_WORD_COUNT_LIMIT
        ? null
        : adjustWordCount(value.words, tr.startState.doc, tr.newDoc, tr.changes);
    return { words, characters: tr.newDoc.length };
  },
});

/**
 * Counts a big document in the background, in time slices: opening 50 MB does not wait for
 * the count, and typing during the count is folded in when it finishes instead of restarting it.
 */
const backgroundWordCounter = ViewPlugin.fromClass(
  class {
    private counting: Text | null = null;
    private changesSince: ChangeSet | null = null;
    private startTimer: ReturnType<typeof setTimeout> | null = null;
    private destroyed = false;

    constructor(view: EditorView) {
      this.startIfNeeded(view);
    }

    update(update: ViewUpdate) {
      if (this.changesSince && update.docChanged) {
        this.changesSince = this.changesSince.compose(update.changes);
      }
      this.startIfNeeded(update.view);
    }

    destroy() {
      this.destroyed = true;
      if (this.startTimer) clearTimeout(this.startTimer);
    }

    private startIfNeeded(view: EditorView) {
      if (this.counting || this.startTimer || view.state.field(textStatsField).words !== null) {
        return;
      }
      // A moment later, not in the update that showed the document: opening a file or flicking
      // through the notepad's tabs (each tab switch makes a new plugin) stays instant, and a
      // document left before its count starts costs nothing.
      this.startTimer = setTimeout(() => {
        this.startTimer = null;
        if (!this.destroyed) this.count(view);
      }, BACKGROUND_COUNT_DELAY_MS);
    }

    private count(view: EditorView) {
      if (view.state.field(textStatsField).words !== null) return;
      const doc = view.state.doc;
      this.counting = doc;
      // Every change made while counting is folded in when the count is done.
      this.changesSince = ChangeSet.empty(doc.length);
      void countWordsInSlices(doc, () => this.destroyed).then((words) => {
        const changes = this.changesSince;
        this.counting = null;
        this.changesSince = null;
        if (words === null || this.destroyed) return;
        const current = view.state.doc;
        if (changes && changedExtent(changes) > SYNC_WORD_COUNT_LIMIT) {
          // A big change came while counting: count the text as it is now instead.
          this.startIfNeeded(view);
          return;
        }
        const total =
          changes && current !== doc ? adjustWordCount(words, doc, current, changes) : words;
        view.dispatch({ effects: setWordCount.of({ doc: current, words: total }) });
      });
    }
  },
);

/** The stats field plus its background counter: what an editor adds to count words. */
export function wordCount(): Extension {
  return [textStatsField, backgroundWordCounter];
}
