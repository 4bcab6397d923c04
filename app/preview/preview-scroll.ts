import type { EditorView } from "@codemirror/view";
import { SECTION_CLASS } from "./block-sections";

/** A shown block: the source line it starts on and its element in the preview. */
interface LineMark {
  line: number;
  element: HTMLElement;
}

/** A scroll event within this many pixels of where this code put a side is its echo. */
const ECHO_PX = 2;

/** How long after a change of the preview's blocks a scroll may be the browser's own (ms). */
const LAYOUT_SCROLL_MS = 200;

/** Index of the last mark whose `key` is at most `value` (-1 when none). */
function lastAtMost(marks: readonly LineMark[], value: number, key: (mark: LineMark) => number) {
  let low = 0;
  let high = marks.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (key(marks[middle]) <= value) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/** The line (with a fraction) at the top of the editor's visible text. */
export function editorTopLine(view: EditorView): number {
  const height = view.scrollDOM.scrollTop - view.documentPadding.top;
  const block = view.lineBlockAtHeight(Math.max(0, height));
  const line = view.state.doc.lineAt(block.from).number - 1;
  const fraction = block.height > 0 ? (height - block.top) / block.height : 0;
  return line + Math.min(1, Math.max(0, fraction));
}

/** The editor's scrollTop that puts `line` (with a fraction) at the top. */
export function editorOffsetOfLine(view: EditorView, line: number): number {
  const doc = view.state.doc;
  const whole = Math.min(doc.lines - 1, Math.max(0, Math.floor(line)));
  const block = view.lineBlockAt(doc.line(whole + 1).from);
  return block.top + (line - whole) * block.height + view.documentPadding.top;
}

/**
 * Where `element` starts in the scrolling `pane`, in its scroll coordinates. Measured, not
 * `offsetTop`: the blocks sit in sections whose containment would make them the offset parent.
 */
function topIn(pane: HTMLElement, element: HTMLElement): number {
  return element.getBoundingClientRect().top - pane.getBoundingClientRect().top + pane.scrollTop;
}

/** The preview's scrollTop that shows source line `line` at the top (between block starts). */
export function previewOffsetOfLine(
  pane: HTMLElement,
  marks: readonly LineMark[],
  line: number,
): number {
  const index = lastAtMost(marks, line, (mark) => mark.line);
  if (index < 0) return 0;
  const mark = marks[index];
  const next = marks[index + 1];
  const top = topIn(pane, mark.element);
  if (!next || next.line <= mark.line) return top;
  const share = Math.min(1, (line - mark.line) / (next.line - mark.line));
  return top + share * (topIn(pane, next.element) - top);
}

/**
 * The element whose position stands for `mark`'s in a coarse search: its section. A section off
 * screen is not laid out inside (`content-visibility`), and measuring a block in it would lay
 * it out; the section's own box is known without that.
 */
function sectionOf(mark: LineMark): HTMLElement {
  const parent = mark.element.parentElement;
  return parent?.classList.contains(SECTION_CLASS) ? parent : mark.element;
}

/**
 * Index of the last mark starting at most `scrollTop` down the pane: first among the sections,
 * then among the blocks of the one section found, so only that section is laid out.
 */
function lastMarkAbove(pane: HTMLElement, marks: readonly LineMark[], scrollTop: number): number {
  const coarse = lastAtMost(marks, scrollTop, (mark) => topIn(pane, sectionOf(mark)));
  if (coarse < 0) return lastAtMost(marks, scrollTop, (mark) => topIn(pane, mark.element));
  const section = sectionOf(marks[coarse]);
  let first = coarse;
  while (first > 0 && sectionOf(marks[first - 1]) === section) first--;
  let last = coarse;
  while (last + 1 < marks.length && sectionOf(marks[last + 1]) === section) last++;
  const inSection = lastAtMost(marks.slice(first, last + 1), scrollTop, (mark) =>
    topIn(pane, mark.element),
  );
  // Above the section's first block (its top margin): the block before, in the section above.
  return inSection < 0 ? first - 1 : first + inSection;
}

/** The source line (with a fraction) shown at the preview's `scrollTop`. */
export function previewLineAt(
  pane: HTMLElement,
  marks: readonly LineMark[],
  scrollTop: number,
): number {
  const index = lastMarkAbove(pane, marks, scrollTop);
  if (index < 0) return 0;
  const mark = marks[index];
  const next = marks[index + 1];
  if (!next) return mark.line;
  const top = topIn(pane, mark.element);
  const span = topIn(pane, next.element) - top;
  const share = span > 0 ? Math.min(1, (scrollTop - top) / span) : 0;
  return mark.line + share * (next.line - mark.line);
}

/**
 * Keeps the editor and the preview scrolled to the same place (issue 30): scrolling either side
 * moves the other to the same source line, once per frame. `pane` is the preview's scrolling
 * element. Returns `realign` (puts the preview where
 * the editor is, after a render) and `dispose`.
 */
export function keepScrollInStep(
  view: EditorView,
  pane: HTMLElement,
  marks: () => readonly LineMark[],
  contentChangedAt: () => number = () => -Infinity,
): { realign(): void; dispose(): void } {
  // Where this code last put each side: a scroll event that finds it there is the echo of
  // that move, not the user's (a time window would also swallow the user's own scrolling).
  let setEditorTop: number | null = null;
  /** The editor's scrollTop when the two sides were last put in step. */
  let lastEditorTop: number | null = null;
  let setPaneTop: number | null = null;
  let frame = 0;
  let pending: "editor" | "pane" | null = null;

  const follow = () => {
    frame = 0;
    const leader = pending;
    pending = null;
    if (leader === "editor") {
      pane.scrollTop = previewOffsetOfLine(pane, marks(), editorTopLine(view));
      setPaneTop = pane.scrollTop;
    } else if (leader === "pane") {
      view.scrollDOM.scrollTop = editorOffsetOfLine(
        view,
        previewLineAt(pane, marks(), pane.scrollTop),
      );
      setEditorTop = view.scrollDOM.scrollTop;
    }
    lastEditorTop = view.scrollDOM.scrollTop;
  };
  const schedule = (leader: "editor" | "pane") => {
    pending = leader;
    if (!frame) frame = requestAnimationFrame(follow);
  };
  const isEcho = (top: number, setTop: number | null) =>
    setTop !== null && Math.abs(top - setTop) <= ECHO_PX;
  const onEditorScroll = () => {
    if (isEcho(view.scrollDOM.scrollTop, setEditorTop)) return;
    setEditorTop = null;
    schedule("editor");
  };
  // The last wheel, touch, press or key in the preview: a scroll without one just after the
  // preview's blocks changed is the browser keeping the view still (scroll anchoring) while the
  // user types, and must not move the editor under the caret.
  let userAt = -Infinity;
  const onUserInput = () => {
    userAt = performance.now();
  };
  const onPaneScroll = () => {
    if (isEcho(pane.scrollTop, setPaneTop)) return;
    setPaneTop = null;
    const now = performance.now();
    if (now - contentChangedAt() < LAYOUT_SCROLL_MS && now - userAt > LAYOUT_SCROLL_MS) return;
    schedule("pane");
  };
  const userEvents = ["wheel", "pointerdown", "touchstart", "keydown"] as const;
  for (const type of userEvents) pane.addEventListener(type, onUserInput, { passive: true });
  view.scrollDOM.addEventListener("scroll", onEditorScroll, { passive: true });
  pane.addEventListener("scroll", onPaneScroll, { passive: true });
  let alignedOnce = false;
  return {
    // After a render: align once, then only when the editor moved since this code last put
    // the two in step (reading block positions lays out the whole preview: not per keystroke).
    realign: () => {
      if (frame) return;
      // Read in the next frame, where the layout is due anyway, not now (a forced layout).
      frame = requestAnimationFrame(() => {
        frame = 0;
        if (alignedOnce && isEcho(view.scrollDOM.scrollTop, lastEditorTop)) return;
        alignedOnce = true;
        pending = "editor";
        follow();
      });
    },
    dispose: () => {
      if (frame) cancelAnimationFrame(frame);
      view.scrollDOM.removeEventListener("scroll", onEditorScroll);
      pane.removeEventListener("scroll", onPaneScroll);
      for (const type of userEvents) pane.removeEventListener(type, onUserInput);
    },
  };
}
