// @vitest-environment jsdom
import { undo, history } from "@codemirror/commands";
import { EditorState } from "@codemirror/state";
import { EditorView } from "@codemirror/view";
import { afterEach, describe, expect, it } from "vitest";
import { LONG_LINE_CHARS, longLineTyping } from "./long-line-typing";

const views: EditorView[] = [];
afterEach(() => views.splice(0).forEach((view) => view.destroy()));

function editor(doc: string, cursor: number) {
  const view = new EditorView({
    state: EditorState.create({
      doc,
      selection: { anchor: cursor },
      extensions: [history(), longLineTyping],
    }),
    parent: document.body,
  });
  views.push(view);
  return view;
}

function type(view: EditorView, data: string, init: InputEventInit = {}) {
  const event = new InputEvent("beforeinput", {
    inputType: "insertText",
    data,
    cancelable: true,
    bubbles: true,
    ...init,
  });
  view.contentDOM.dispatchEvent(event);
  return event.defaultPrevented;
}

describe("typing at the end of a very long line", () => {
  const long = "x".repeat(LONG_LINE_CHARS);

  it("inserts typed text itself, as one undoable typing step", () => {
    const view = editor(`${long}\nshort`, LONG_LINE_CHARS);
    expect(type(view, "a")).toBe(true);
    expect(type(view, "b")).toBe(true);
    expect(view.state.doc.line(1).text.endsWith("xab")).toBe(true);
    expect(view.state.selection.main.head).toBe(LONG_LINE_CHARS + 2);
    undo(view);
    expect(view.state.doc.toString()).toBe(`${long}\nshort`);
  });

  it("leaves everything else to the browser and CodeMirror", () => {
    const view = editor(`${long}\nshort`, LONG_LINE_CHARS + 6);
    expect(type(view, "a")).toBe(false); // a short line
    view.dispatch({ selection: { anchor: 10 } });
    expect(type(view, "a")).toBe(false); // inside the long line
    view.dispatch({ selection: { anchor: LONG_LINE_CHARS } });
    expect(type(view, "a", { isComposing: true })).toBe(false); // an input method at work
    expect(type(view, "a", { inputType: "insertFromPaste" })).toBe(false);
    view.dispatch({ selection: { anchor: LONG_LINE_CHARS - 5, head: LONG_LINE_CHARS } });
    expect(type(view, "a")).toBe(false); // a selection to replace
    expect(view.state.doc.toString()).toBe(`${long}\nshort`);
  });
});
