import type { EditorState } from "@codemirror/state";
import { describe, expect, it } from "vitest";
import { createEditorCompartments, DEFAULT_EDITOR_VIEW_OPTIONS } from "~/codemirror";
import { followForStorage } from "~/document/storage-follower";
import { AllTabsSearch } from "./all-tabs-search";
import { createNotepadStore } from "./notepad-store";
import { TabStates } from "./tab-states";

/**
 * The notepad's tabs "shown" (active, its Replace All done by the view) and "hidden", with
 * storage following their feed; History's snapshot of the hidden tab waits for `keepVersion`.
 */
function notepadWithTwoTabs(shownText: string, hiddenText: string) {
  const states = new TabStates(createEditorCompartments(), () => []);
  states.add("shown", shownText);
  states.add("hidden", hiddenText);
  const store = createNotepadStore();
  const tab = (id: string) => ({ id, name: id, lastModified: 1, isModified: false });
  store.setState({ tabs: { activeId: "shown", tabs: [tab("shown"), tab("hidden")] } });
  const stored: string[] = [];
  followForStorage(states.feed, { noteChange: (id) => stored.push(id) });
  let keepVersion = () => undefined as void;
  let snapshotTaken = () => undefined as void;
  const snapshotting = new Promise<void>((resolve) => (snapshotTaken = resolve));
  const search = new AllTabsSearch(
    {
      store,
      states,
      history: {
        snapshotNow: () => {
          snapshotTaken();
          return new Promise((resolve) => (keepVersion = () => resolve(null)));
        },
      },
      getView: () => null,
      activeId: () => store.getState().tabs.activeId,
      stateFor: (id): EditorState => states.stateFor(id, DEFAULT_EDITOR_VIEW_OPTIONS),
    },
    { activate: () => undefined, replaceAllShown: () => ({ count: 0 }) },
  );
  return { states, store, stored, search, snapshotting, keepVersion: () => keepVersion() };
}

describe("Replace All in every tab", () => {
  it("replaces in a hidden tab's text as it is when the replacement is made", async () => {
    const notepad = notepadWithTwoTabs("nothing here", "cat");
    notepad.states.stateFor("hidden", DEFAULT_EDITOR_VIEW_OPTIONS);

    const replacing = notepad.search.replaceAll("cat", "dog");
    // While History keeps the hidden tab's text, another window's newer version of it arrives
    // (a live session's edit reaches a hidden tab the same way).
    await notepad.snapshotting;
    notepad.states.replaceContent("hidden", "my cat and cat", null);
    notepad.keepVersion();
    const message = await replacing;

    // Every occurrence in the text the tab holds is replaced, none of its other text.
    expect(notepad.states.content("hidden")).toBe("my dog and dog");
    expect(message).toBe("Replaced 2 occurrences in 1 tab.");
    expect(notepad.stored).toEqual(["hidden"]);
    expect(notepad.store.getState().tabs.tabs.find((t) => t.id === "hidden")?.isModified).toBe(
      true,
    );
  });

  it("a hidden tab closed while its text is kept in History is left alone", async () => {
    const notepad = notepadWithTwoTabs("nothing here", "cat");

    const replacing = notepad.search.replaceAll("cat", "dog");
    await notepad.snapshotting;
    notepad.states.delete("hidden");
    notepad.keepVersion();

    expect(await replacing).toBe('No occurrences of "cat" in any tab.');
    expect(notepad.stored).toEqual([]);
  });
});
