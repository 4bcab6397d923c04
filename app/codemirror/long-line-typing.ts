import { EditorView } from "@codemirror/view";

/** Lines at least this long get their typing at the very end inserted directly. */
export const LONG_LINE_CHARS = 100_000;

/**
 * Typing at the very end of a very long line (a minified file, a log without line breaks).
 * CodeMirror lets the browser put the typed character into the page, then reads the edited
 * part back; a change that touches a line's last stretch of text is widened to the whole line,
 * hidden parts included, so each keystroke at the end of a 10 MB line read and compared ten
 * million characters (about 80 ms). Plain typed text at such a spot is inserted here instead, the
 * way CodeMirror inserts typing (one "input.type" change, grouped for undo), and the page is
 * never read back. Everything else (composition, other lines, selections) goes the usual way.
 */
export const longLineTyping = EditorView.domEventHandlers({
  beforeinput(event, view) {
    if (event.inputType !== "insertText" || !event.data || event.isComposing || view.composing)
      return false;
    const { selection, doc } = view.state;
    if (selection.ranges.length !== 1 || !selection.main.empty) return false;
    const line = doc.lineAt(selection.main.head);
    if (line.length < LONG_LINE_CHARS || selection.main.head !== line.to) return false;
    event.preventDefault();
    view.dispatch(
      view.state.update(view.state.replaceSelection(event.data), {
        userEvent: "input.type",
        scrollIntoView: true,
      }),
    );
    return true;
  },
});
