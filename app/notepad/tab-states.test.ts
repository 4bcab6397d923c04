import { undoDepth } from "@codemirror/commands";
import { describe, expect, it } from "vitest";
import { createEditorCompartments, DEFAULT_EDITOR_VIEW_OPTIONS } from "~/codemirror";
import { applyToDocument } from "~/document/apply-to-document";
import { documentMeta } from "~/document/document-meta";
import { viewDouble } from "~/document/document-test-support";
import type { DocumentChange } from "~/document/change-feed";
import { followForStorage } from "~/document/storage-follower";
import { TabStates } from "./tab-states";

/** The notepad's tab states with the storage follower on their feed, as the controller wires them. */
function tabsWithStorage() {
  const states = new TabStates(createEditorCompartments(), () => []);
  const stored: string[] = [];
  const heard: DocumentChange[] = [];
  followForStorage(states.feed, { noteChange: (id) => stored.push(id) });
  states.feed.subscribe((change) => heard.push(change));
  return { states, stored, heard };
}

/** The one view, showing tab `id`: its listener publishes to the feed as onUpdate does. */
function showTab(states: TabStates, id: string) {
  return viewDouble(states.stateFor(id, DEFAULT_EDITOR_VIEW_OPTIONS), (update) => {
    states.get(id)!.state = update.state;
    states.feed.publishTransactions(id, update.transactions);
  });
}

describe("TabStates and the document model", () => {
  it("puts another window's text in a hidden tab as in the shown one, and stores neither", () => {
    const { states, stored, heard } = tabsWithStorage();
    states.load([
      { id: "shown", content: "first version of the text", meta: {} },
      { id: "hidden", content: "first version of the text", meta: {} },
    ]);
    const view = showTab(states, "shown");
    states.stateFor("hidden", DEFAULT_EDITOR_VIEW_OPTIONS);
    states.replaceContent("shown", "second", view);
    states.replaceContent("hidden", "second", null);
    const shown = states.get("shown")!.state!;
    const hidden = states.get("hidden")!.state!;
    expect(shown.doc.toString()).toBe("second");
    expect(hidden.doc.toString()).toBe("second");
    expect(hidden.selection.eq(shown.selection)).toBe(true);
    // Not this window's edit: not undoable, not written again (the other window stored it).
    expect(undoDepth(hidden)).toBe(0);
    expect(heard.map((c) => [c.id, c.origin])).toEqual([
      ["shown", "other-window"],
      ["hidden", "other-window"],
    ]);
    expect(stored).toEqual([]);
  });

  it("stores a hidden tab's live text and Drive merge once each, a background reload not", () => {
    const { states, stored } = tabsWithStorage();
    states.load([{ id: "tab", content: "abc", meta: {} }]);
    states.stateFor("tab", DEFAULT_EDITOR_VIEW_OPTIONS);
    applyToDocument(states.target("tab", null)!, { changes: { from: 3, insert: "d" } }, "live");
    applyToDocument(
      states.target("tab", null)!,
      { changes: { from: 0, insert: ">" } },
      "drive-merge",
    );
    states.replaceContent("tab", "from disk", null, undefined, "open");
    expect(states.content("tab")).toBe("from disk");
    expect(stored).toEqual(["tab", "tab"]);
  });

  it("keeps the text of a tab not built yet as a string, without a change to hear", () => {
    const { states, heard } = tabsWithStorage();
    states.load([{ id: "lazy", content: "old", meta: {} }]);
    states.replaceContent("lazy", "new", null);
    expect(states.content("lazy")).toBe("new");
    expect(states.get("lazy")!.state).toBeNull();
    expect(heard).toEqual([]);
  });

  it("changes a tab's meta by a transaction, shown, hidden or not built, heard and stored once each", () => {
    let shown: { id: string; view: ReturnType<typeof showTab> } | null = null;
    const states = new TabStates(
      createEditorCompartments(),
      () => [],
      () => shown,
    );
    const stored: [string, boolean | undefined][] = [];
    followForStorage(states.feed, { noteChange: (id, now) => stored.push([id, now]) });
    states.load(
      ["shown", "hidden", "lazy"].map((id) => ({
        id,
        content: "text",
        meta: { driveFileId: "old" },
      })),
    );
    shown = { id: "shown", view: showTab(states, "shown") };
    states.stateFor("hidden", DEFAULT_EDITOR_VIEW_OPTIONS);
    for (const id of ["shown", "hidden", "lazy"]) states.changeMeta(id, { driveFileId: id });
    // The shown tab's change went through its view, so its view state holds it too.
    expect(shown.view.state.field(documentMeta).driveFileId).toBe("shown");
    expect(states.get("hidden")!.state!.field(documentMeta).driveFileId).toBe("hidden");
    expect(states.get("lazy")!.state).toBeNull();
    expect(states.get("lazy")!.driveFileId).toBe("lazy");
    // Built later, the lazy tab's state starts from the meta it was given meanwhile.
    states.stateFor("lazy", DEFAULT_EDITOR_VIEW_OPTIONS);
    expect(states.get("lazy")!.state!.field(documentMeta).driveFileId).toBe("lazy");
    // Stored at once, as a rename is; an unchanged meta and another window's meta are not.
    states.changeMeta("hidden", { driveFileId: "hidden" });
    states.changeMeta("hidden", { driveFileId: "elsewhere" }, "other-window");
    expect(states.get("hidden")!.driveFileId).toBe("elsewhere");
    expect(stored).toEqual([
      ["shown", true],
      ["hidden", true],
      ["lazy", true],
    ]);
  });

  it("announces a tab added (stored at once) and a text put in a tab not built (after the debounce)", () => {
    const { states, stored, heard } = tabsWithStorage();
    states.add("text", { id: "new" });
    states.feed.announce("new", { text: true }, "drive-merge");
    expect(heard.map(({ id, origin, text, meta }) => [id, origin, text, meta])).toEqual([
      ["new", "user", true, true],
      ["new", "drive-merge", true, false],
    ]);
    expect(stored).toEqual(["new", "new"]);
  });
});
