import {
  type Compartment,
  EditorState,
  type Extension,
  Prec,
  type StateEffect,
} from "@codemirror/state";
import { EditorView, keymap } from "@codemirror/view";
import { yCollab, yRemoteSelectionsTheme, yUndoManagerKeymap } from "y-codemirror.next";
import { liveRemoteCursors } from "./live-remote-cursors";
import { liveUndoManager } from "./live-undo";
import { type LiveBinding, liveCompartment } from "./live-state";

/**
 * The binding of an editor's text to a live session (issue 44): y-codemirror.next's `yCollab`
 * keeps the CodeMirror document and the session's Y.Text the same, live-remote-cursors.ts shows
 * the others' cursors and selections with their names and colours, and Y.UndoManager replaces
 * CodeMirror's history so Undo undoes only this person's edits. A view-only link makes the text read-only.
 * Heavy (Yjs and its CodeMirror binding): loaded only when a document goes live, through
 * ~/document/live/live-runtime; what an ordinary editor needs is in live-state.ts.
 */

// The remote carets' name labels (shown while the pointer is on a caret: always shown, they
// would hide the line above), in the page's sans-serif, white on the person's colour with a
// dark outline, readable on light and dark backgrounds.
const remoteCursorTheme = EditorView.theme({
  ".cm-ySelectionInfo": {
    fontFamily: "ui-sans-serif, system-ui, sans-serif",
    fontWeight: "600",
    padding: "0 3px",
    borderRadius: "3px 3px 3px 0",
    textShadow: "0 0 2px rgb(0 0 0 / 0.8)",
    top: "-1.2em",
  },
  ".cm-ySelectionCaret": { borderLeftWidth: "2px" },
});

/** The extensions of a bound document. */
export function liveBindingExtension(binding: LiveBinding): Extension {
  return [
    liveUndoManager.of(binding.undoManager),
    Prec.high(keymap.of(yUndoManagerKeymap)),
    // Without awareness yCollab leaves the others' cursors out: ours draw them instead, never
    // pasting a value from presence into markup (issue 49 §6).
    yCollab(binding.text, null, { undoManager: binding.undoManager }),
    yRemoteSelectionsTheme,
    liveRemoteCursors(binding.text, binding.awareness),
    remoteCursorTheme,
    binding.canEdit ? [] : [EditorState.readOnly.of(true)],
  ];
}

/**
 * The effects that bind a state to a live session: the binding in, CodeMirror's history out.
 * The state's text must already equal `binding.text` (yCollab syncs changes, not a start).
 */
export function bindLiveEffects(
  historyCompartment: Compartment,
  binding: LiveBinding,
): StateEffect<unknown>[] {
  return [
    liveCompartment.reconfigure(liveBindingExtension(binding)),
    historyCompartment.reconfigure([]),
  ];
}
