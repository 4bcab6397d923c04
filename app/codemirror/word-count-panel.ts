import type { Extension } from "@codemirror/state";
import { EditorView, type Panel, showPanel, type ViewUpdate } from "@codemirror/view";
import { formatCount } from "~/text/number-format";
import { LIVE_UPDATE_LIMIT, UpdateScheduler } from "~/text/update-timing";
import { type TextStats, textStatsField, wordCount } from "./word-count";

/** "1 word", "1,234 words"; "Counting words…" while a big document is still counted. */
export function wordsLabel(words: number | null): string {
  if (words === null) return "Counting words…";
  return `${formatCount(words)} ${words === 1 ? "word" : "words"}`;
}

/** "1 character", "12,345 characters". */
export function charactersLabel(characters: number): string {
  return `${formatCount(characters)} ${characters === 1 ? "character" : "characters"}`;
}

function createWordCountPanel(view: EditorView): Panel {
  const dom = document.createElement("div");
  dom.className =
    "cm-pp-word-count flex justify-end gap-4 border-t border-slate-200 bg-slate-50 px-3 py-1 font-sans text-xs text-slate-700 tabular-nums dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300";
  dom.dataset.testid = "word-count";
  const words = dom.appendChild(document.createElement("span"));
  const characters = dom.appendChild(document.createElement("span"));
  let shown: TextStats | null = null;
  // A long document's line is redrawn when typing pauses (update-timing.ts): each redraw costs
  // the keystroke's frame a layout of its own, about 1 ms of a 1 MB document's keystroke.
  const scheduler = new UpdateScheduler(() => render(view.state.field(textStatsField)));
  const render = (stats: TextStats) => {
    scheduler.cancel();
    if (shown?.words !== stats.words) words.textContent = wordsLabel(stats.words);
    if (shown?.characters !== stats.characters) {
      characters.textContent = charactersLabel(stats.characters);
    }
    shown = stats;
  };
  render(view.state.field(textStatsField));
  return {
    dom,
    top: false,
    update(update: ViewUpdate) {
      const stats = update.state.field(textStatsField);
      if (stats === shown) return;
      const length = update.state.doc.length;
      if (!update.docChanged || length < LIVE_UPDATE_LIMIT) {
        render(stats);
        return;
      }
      scheduler.schedule(length);
    },
    destroy() {
      scheduler.cancel();
    },
  };
}

// The line draws its own border and background (following the site's theme, like the toolbar);
// CodeMirror's panel container would add a second border and its own grey.
const panelFrame = EditorView.theme({
  ".cm-panels.cm-panels-bottom": { borderTop: "none", backgroundColor: "transparent" },
});

/**
 * The word and character count line under the text, as a CodeMirror panel: it is updated in
 * the same update cycle as the text (two text nodes, painted in the keystroke's own frame), so
 * typing never schedules a separate render of the page around the editor. In a document of
 * 100,000 characters or more it follows the typing when it pauses (at most 1-2 s behind).
 */
export function wordCountPanel(): Extension {
  return [wordCount(), showPanel.of(createWordCountPanel), panelFrame];
}
