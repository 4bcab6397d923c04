// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { createEditorCompartments } from "~/codemirror";
import { NotepadEditor } from "./notepad-editor";
import { createNotepadStore } from "./notepad-store";
import { activateTab, addTab } from "./tabs-model";

/**
 * The notepad's one view and the tab it shows (issue 51): an update of the view belongs to the
 * tab the view shows, even while the store already names another tab active (the tab list is
 * set before the view is swapped, and the store's listeners run in between).
 */

const editors: NotepadEditor[] = [];
afterEach(() => {
  for (const editor of editors.splice(0)) editor.destroy();
});

/** A mounted notepad editor showing tab "1", with a hidden tab "2" beside it. */
function mountedEditor() {
  const store = createNotepadStore();
  const first = store.getState().tabs.activeId;
  store.setState({ tabs: addTab(store.getState().tabs, 0, { id: "2", activate: false }).state });
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
  editor.states.add(first, "first tab");
  editor.states.add("2", "second tab");
  editor.mount(document.createElement("div"), first);
  return { store, editor, first, view: editor.getView()! };
}

describe("the notepad's view and the tab it shows", () => {
  it("files an update dispatched while the store already names the next tab under the shown tab", () => {
    const { store, editor, first, view } = mountedEditor();
    const text = (id: string) => editor.states.content(id).toString();

    // Switching tabs: the store is told first; a listener of it edits the shown text before
    // the view is swapped (the view still shows the first tab).
    store.setState((s) => ({ tabs: activateTab(s.tabs, "2") }));
    view.dispatch({ changes: { from: 0, insert: "typed " } });
    editor.showActive("2", first);

    expect(view.state.doc.toString()).toBe("second tab");
    expect(text("2")).toBe("second tab");
    expect(text(first)).toBe("typed first tab");
    expect(store.getState().tabs.tabs.find((tab) => tab.id === "2")?.isModified).toBe(false);
  });

  it("a change of the next tab's file format made in between does not reach the shown tab", () => {
    const { store, editor, first, view } = mountedEditor();
    // The second tab was shown before (its editor state is built).
    editor.stateFor("2");
    store.setState((s) => ({ tabs: activateTab(s.tabs, "2") }));
    editor.setFileFormat({ lineEnding: "crlf" });
    editor.showActive("2", first);

    expect(editor.states.get("2")?.file.lineEnding).toBe("crlf");
    expect(editor.states.get(first)?.file.lineEnding).not.toBe("crlf");
    expect(view.state.doc.toString()).toBe("second tab");
  });
});
