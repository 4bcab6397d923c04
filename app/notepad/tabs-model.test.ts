import { describe, expect, it } from "vitest";
import {
  activateTabAt,
  addTab,
  clearModified,
  closeOtherTabs,
  closeTab,
  duplicateTab,
  initialTabsState,
  markModified,
  moveTab,
  moveTabBy,
  nextTabId,
  normaliseTabName,
  orderTabs,
  renameTab,
  tabLabel,
  untitledName,
  type TabsState,
} from "./tabs-model";

function threeTabs(): TabsState {
  let state = initialTabsState(1000);
  state = addTab(state, 2000).state;
  state = addTab(state, 3000).state;
  return state;
}

describe("tab ids and names", () => {
  it("starts with tab '1' named Untitled-1", () => {
    expect(initialTabsState(5)).toEqual({
      tabs: [{ id: "1", name: "Untitled-1", lastModified: 5, isModified: false }],
      activeId: "1",
    });
    expect(nextTabId([], 99)).toBe("1");
  });

  it("uses timestamps for later ids and keeps them unique", () => {
    const state = threeTabs();
    expect(state.tabs.map((tab) => tab.id)).toEqual(["1", "2000", "3000"]);
    const again = addTab(state, 3000).tab;
    expect(again.id).toBe("3001");
  });

  it("names new tabs Untitled-(count+1) without duplicating a name", () => {
    const state = threeTabs();
    expect(state.tabs.map((tab) => tab.name)).toEqual(["Untitled-1", "Untitled-2", "Untitled-3"]);
    const closed = closeTab(state, "1");
    // Two tabs left, Untitled-3 exists, so the next free number is used.
    expect(untitledName(closed.tabs)).toBe("Untitled-4");
    expect(addTab(closed, 4000).tab.name).toBe("Untitled-4");
  });

  it("activates a new tab", () => {
    const { state, tab } = addTab(initialTabsState(0), 10);
    expect(state.activeId).toBe(tab.id);
  });
});

describe("modified flag", () => {
  it("is set by an edit and cleared by a download, with '*' in the label", () => {
    let state = initialTabsState(0);
    state = markModified(state, "1", 50);
    expect(state.tabs[0]).toMatchObject({ isModified: true, lastModified: 50 });
    expect(tabLabel(state.tabs[0])).toBe("Untitled-1*");
    expect(markModified(state, "1", 60)).toBe(state);
    state = clearModified(state, "1");
    expect(tabLabel(state.tabs[0])).toBe("Untitled-1");
  });
});

describe("rename", () => {
  it("commits a trimmed name of at most 30 characters and marks the tab modified", () => {
    let state = renameTab(initialTabsState(0), "1", "  Notes  ", 7);
    expect(state.tabs[0]).toMatchObject({ name: "Notes", isModified: true });
    state = renameTab(state, "1", "x".repeat(40), 8);
    expect(state.tabs[0].name).toBe("x".repeat(30));
  });

  it("ignores blank names", () => {
    const state = initialTabsState(0);
    expect(renameTab(state, "1", "   ", 1)).toBe(state);
    expect(normaliseTabName("")).toBeNull();
  });
});

describe("close", () => {
  it("never closes the last tab", () => {
    const state = initialTabsState(0);
    expect(closeTab(state, "1")).toBe(state);
  });

  it("activates the first remaining tab when the active tab closes", () => {
    const state = threeTabs(); // active is the third
    const closed = closeTab(state, "3000");
    expect(closed.activeId).toBe("1");
    const inactive = closeTab({ ...state, activeId: "2000" }, "1");
    expect(inactive.activeId).toBe("2000");
  });

  it("close others keeps one tab active", () => {
    const { state, closed } = closeOtherTabs(threeTabs(), "2000");
    expect(state.tabs.map((tab) => tab.id)).toEqual(["2000"]);
    expect(state.activeId).toBe("2000");
    expect(closed).toEqual(["1", "3000"]);
  });
});

describe("duplicate and reorder", () => {
  it("duplicates as 'name (Copy)' right after the original", () => {
    const { state, tab } = duplicateTab(threeTabs(), "1", 9000);
    expect(tab?.name).toBe("Untitled-1 (Copy)");
    expect(state.tabs.map((t) => t.name)).toEqual([
      "Untitled-1",
      "Untitled-1 (Copy)",
      "Untitled-2",
      "Untitled-3",
    ]);
    expect(state.activeId).toBe(tab?.id);
  });

  it("moves tabs by drag index and by keyboard step, clamped", () => {
    const state = threeTabs();
    expect(moveTab(state, 0, 2).tabs.map((t) => t.id)).toEqual(["2000", "3000", "1"]);
    expect(moveTabBy(state, "1", -1)).toBe(state);
    expect(moveTabBy(state, "1", 1).tabs.map((t) => t.id)).toEqual(["2000", "1", "3000"]);
    expect(orderTabs(state, ["3000", "x", "1"]).tabs.map((t) => t.id)).toEqual([
      "3000",
      "1",
      "2000",
    ]);
  });

  it("jumps to a tab by position", () => {
    expect(activateTabAt(threeTabs(), 0).activeId).toBe("1");
    const state = threeTabs();
    expect(activateTabAt(state, 8)).toBe(state);
  });
});
