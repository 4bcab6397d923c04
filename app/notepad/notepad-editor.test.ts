// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { createEditorCompartments } from "~/codemirror";
import { NotepadEditor } from "./notepad-editor";
import { createNotepadStore } from "./notepad-store";

/**
 * The notepad's one view and the tab it shows (issue 51): an update of the view belongs to the
 * tab the view shows, even while the set already names another tab active (the set changes
 * before the view is swapped, and its followers run in between).
 */

const editors: NotepadEditor[] = [];
afterEach(() => {
  for (const editor of editors.splice(0)) editor.destroy();
});

/** A mounted notepad editor showing tab "1", with a hidden tab "2" beside it. */
function mountedEditor() {
  const store = createNotepadStore();
  const first = "1";
  const editor = new NotepadEditor(store, createEditorCompartments(), {
    commandKeys: () => null,
    history: () => ({ noteEdit: () => undefined, snapshotNow: async () => null }),
    tabName: (id) => id,
    applyLanguage: () => undefined,
    openFiles: () => undefined,
    save: async () => true,
    closeTab: () => undefined,
    focusText: () => undefined,
    ready: () => true,
  });
  editors.push(editor);
  editor.states.load([
    { id: first, content: "first tab", meta: {} },
    { id: "2", content: "second tab", meta: {} },
  ]);
  editor.mount(document.createElement("div"), first);
  return { store, editor, first, view: editor.getView()! };
}

describe("the notepad's view and the tab it shows", () => {
  it("files an update dispatched while the set already names the next tab under the shown tab", () => {
    const { store, editor, first, view } = mountedEditor();
    const text = (id: string) => editor.states.content(id).toString();
    const modified = (id: string) =>
      store.getState().tabs.tabs.find((tab) => tab.id === id)?.isModified;

    // Switching tabs: the set is told first (the store's list follows it); a follower edits
    // the shown text before the view is swapped (the view still shows the first tab).
    editor.states.activate("2");
    expect(store.getState().tabs.activeId).toBe("2");
    view.dispatch({ changes: { from: 0, insert: "typed " } });
    editor.showActive("2");

    expect(view.state.doc.toString()).toBe("second tab");
    expect(text("2")).toBe("second tab");
    expect(text(first)).toBe("typed first tab");
    // The edit marked the tab it was made in unsaved, in the store's list too.
    expect(modified(first)).toBe(true);
    expect(modified("2")).toBe(false);
  });

  it("a change of the next tab's file format made in between does not reach the shown tab", () => {
    const { editor, first, view } = mountedEditor();
    // The second tab was shown before (its editor state is built).
    editor.stateFor("2");
    editor.states.activate("2");
    editor.setFileFormat({ lineEnding: "crlf" });
    editor.showActive("2");

    expect(editor.states.get("2")?.file.lineEnding).toBe("crlf");
    expect(editor.states.get(first)?.file.lineEnding).not.toBe("crlf");
    expect(view.state.doc.toString()).toBe("second tab");
  });
});
