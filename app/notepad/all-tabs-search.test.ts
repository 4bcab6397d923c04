import type { EditorState } from "@codemirror/state";
import { describe, expect, it } from "vitest";
import { createEditorCompartments, DEFAULT_EDITOR_VIEW_OPTIONS } from "~/codemirror";
import { followForStorage } from "~/document/storage-follower";
import { AllTabsSearch } from "./all-tabs-search";
import { createNotepadStore } from "./notepad-store";
import { TabStates } from "./tab-states";
import { projectTabList } from "./tabs-model";

/**
 * The notepad's tabs "shown" (active, its Replace All done by the view) and "hidden", with
 * storage following their feed; `duringShown` runs while the shown tab is replaced, before the
 * hidden tab's turn (the page may hand a newer text to a hidden tab between the two).
 */
function notepadWithTwoTabs(shownText: string, hiddenText: string, duringShown: () => void) {
  const states = new TabStates(createEditorCompartments(), () => []);
  states.load([
    { id: "shown", content: shownText, meta: { name: "shown" } },
    { id: "hidden", content: hiddenText, meta: { name: "hidden" } },
  ]);
  const store = createNotepadStore();
  // The store's tab list follows the set, as the notepad's editor wires it.
  projectTabList(states, store);
  const stored: string[] = [];
  followForStorage(states.feed, { noteChange: (id) => stored.push(id) });
  const search = new AllTabsSearch(
    {
      store,
      states,
      getView: () => null,
      activeId: () => store.getState().tabs.activeId,
      stateFor: (id): EditorState => states.stateFor(id, DEFAULT_EDITOR_VIEW_OPTIONS),
    },
    {
      activate: () => undefined,
      replaceAllShown: () => {
        duringShown();
        return { count: 0 };
      },
    },
  );
  return { states, store, stored, search };
}

describe("Replace All in every tab", () => {
  it("replaces in a hidden tab's text as it is when its turn comes", async () => {
    let notepad: ReturnType<typeof notepadWithTwoTabs> | null = null;
    // Another window's newer version of the hidden tab arrives meanwhile (a live session's
    // edit reaches a hidden tab the same way).
    notepad = notepadWithTwoTabs("nothing here", "cat", () =>
      notepad?.states.replaceContent("hidden", "my cat and cat", null),
    );
    notepad.states.stateFor("hidden", DEFAULT_EDITOR_VIEW_OPTIONS);

    const message = await notepad.search.replaceAll("cat", "dog");

    // Every occurrence in the text the tab holds is replaced, none of its other text.
    expect(notepad.states.content("hidden")).toBe("my dog and dog");
    expect(message).toBe("Replaced 2 occurrences in 1 tab.");
    expect(notepad.stored).toEqual(["hidden"]);
    expect(notepad.store.getState().tabs.tabs.find((t) => t.id === "hidden")?.isModified).toBe(
      true,
    );
  });

  it("a hidden tab closed before its turn is left alone", async () => {
    let notepad: ReturnType<typeof notepadWithTwoTabs> | null = null;
    notepad = notepadWithTwoTabs("nothing here", "cat", () => notepad?.states.close("hidden"));

    expect(await notepad.search.replaceAll("cat", "dog")).toBe(
      'No occurrences of "cat" in any tab.',
    );
    expect(notepad.stored).toEqual([]);
  });
});
