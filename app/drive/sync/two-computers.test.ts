import { afterEach, describe, expect, it, vi } from "vitest";
import { SYNC_MESSAGES } from "./sync-messages";
import { computer, DriveModel, type TestComputer } from "./sync-test-support";

/** Computer A with three synced tabs, and computer B signed in to the same Drive. */
async function twoComputers() {
  const model = new DriveModel();
  const a = await computer(model, "a");
  const notes = a.notepad.addTab("Notes", "one\ntwo\nthree\nfour");
  a.notepad.addTab("Todo", "milk");
  a.notepad.addTab("Ideas", "");
  await a.sync.enable("all", notes);
  const b = await computer(model, "b");
  const blank = b.notepad.addTab("Untitled", "");
  await b.sync.enable("all", blank);
  return { model, a, b };
}

function tabOn(pc: TestComputer, name: string) {
  return pc.notepad.byName(name);
}

afterEach(() => vi.useRealTimers());

describe("notepad sync: two computers, one Drive", () => {
  it("the second computer is offered the synced tabs and brings them in", async () => {
    const { a, b } = await twoComputers();
    expect(b.sync.remoteTabsOffer()).toEqual({ count: 3 });
    expect(await b.sync.bringInRemoteTabs()).toBe(3);
    expect(b.sync.remoteTabsOffer()).toBeNull();
    for (const name of ["Notes", "Todo", "Ideas"]) {
      expect(tabOn(b, name).text).toBe(tabOn(a, name).text);
      expect(b.sync.getStatus().tabs[tabOn(b, name).id].kind).toBe("synced");
    }
    // And A's list learns of B's own tab.
    await b.sync.syncNow();
    await a.sync.syncNow();
    expect(a.sync.remoteTabsOffer()).toEqual({ count: 1 });
    a.sync.dismissRemoteTabs();
    expect(a.sync.remoteTabsOffer()).toBeNull();
  });

  it("edits made apart reach the other side; edits together on different lines merge", async () => {
    const { a, b } = await twoComputers();
    await b.sync.bringInRemoteTabs();
    a.notepad.type(tabOn(a, "Todo").id, "milk\nbread");
    await a.sync.syncNow();
    await b.sync.syncNow();
    expect(tabOn(b, "Todo").text).toBe("milk\nbread");
    // Together: A changes the first line, B the last, before either syncs.
    a.notepad.type(tabOn(a, "Notes").id, "ONE\ntwo\nthree\nfour");
    b.notepad.type(tabOn(b, "Notes").id, "one\ntwo\nthree\nFOUR");
    await a.sync.syncNow();
    await b.sync.syncNow();
    await a.sync.syncNow();
    expect(tabOn(a, "Notes").text).toBe("ONE\ntwo\nthree\nFOUR");
    expect(tabOn(b, "Notes").text).toBe("ONE\ntwo\nthree\nFOUR");
    expect(a.notepad.copies).toEqual([]);
    expect(b.notepad.copies).toEqual([]);
  });

  it("the same lines changed on both sides: both versions stay visible on both computers", async () => {
    const { model, a, b } = await twoComputers();
    await b.sync.bringInRemoteTabs();
    a.notepad.type(tabOn(a, "Notes").id, "one\nTWO from A\nthree\nfour");
    b.notepad.type(tabOn(b, "Notes").id, "one\ntwo from B\nthree\nfour");
    await a.sync.syncNow();
    await b.sync.syncNow();
    // B keeps its text, A's is beside it in a synced tab with a file of its own; B is told.
    expect(tabOn(b, "Notes").text).toBe("one\ntwo from B\nthree\nfour");
    const copyOnB = tabOn(b, "Notes (Drive copy)");
    expect(copyOnB.text).toBe("one\nTWO from A\nthree\nfour");
    expect(b.notepad.notices.join(" ")).toContain('"Notes (Drive copy)"');
    expect(b.sync.isTabIncluded(copyOnB.id)).toBe(true);
    expect(model.text(copyOnB.driveFileId!)).toBe("one\nTWO from A\nthree\nfour");
    expect(model.text(tabOn(b, "Notes").driveFileId!)).toBe("one\ntwo from B\nthree\nfour");
    // A then gets B's text, is told in words, and has its own text in the same copy.
    await a.sync.syncNow();
    expect(tabOn(a, "Notes").text).toBe("one\ntwo from B\nthree\nfour");
    const copyOnA = tabOn(a, "Notes (Drive copy)");
    expect(copyOnA.text).toBe("one\nTWO from A\nthree\nfour");
    expect(copyOnA.driveFileId).toBe(copyOnB.driveFileId);
    expect(a.notepad.notices.join(" ")).toContain("that computer's text was kept");
    // Both computers keep syncing the copy: an edit on one reaches the other.
    a.notepad.type(copyOnA.id, "one\nTWO from A\nthree\nfour\nfive");
    await a.sync.syncNow();
    await b.sync.syncNow();
    expect(tabOn(b, "Notes (Drive copy)").text).toBe("one\nTWO from A\nthree\nfour\nfive");
    expect(a.notepad.copies.length + b.notepad.copies.length).toBe(2);
  });

  it("an expired token waits for a click; edits are kept and sent after reconnecting", async () => {
    const { model, a, b } = await twoComputers();
    await b.sync.bringInRemoteTabs();
    a.session.valid = false;
    const before = model.count();
    a.notepad.type(tabOn(a, "Todo").id, "milk\neggs");
    await a.sync.syncNow();
    expect(model.count()).toBe(before);
    const status = a.sync.getStatus();
    expect(status).toMatchObject({
      state: "not-connected",
      needsReconnect: true,
      action: "reconnect",
    });
    expect(status.message).toBe(SYNC_MESSAGES.reconnect);
    expect(status.tabs[tabOn(a, "Todo").id].kind).toBe("not-connected");
    await a.sync.reconnect();
    expect(a.session.clicks).toBe(1);
    expect(a.sync.getStatus()).toMatchObject({ state: "synced", needsReconnect: false });
    await b.sync.syncNow();
    expect(tabOn(b, "Todo").text).toBe("milk\neggs");
  });

  it("a token Google stopped taking (401) also asks for a reconnect, never a window", async () => {
    const { model, a } = await twoComputers();
    model.acceptedTokens = new Set();
    a.notepad.type(tabOn(a, "Todo").id, "tea");
    await a.sync.syncNow();
    expect(a.sync.getStatus().needsReconnect).toBe(true);
    expect(a.session.clicks).toBe(0);
    await a.sync.reconnect();
    expect(model.text(tabOn(a, "Todo").driveFileId!)).toBe("tea");
  });

  it("offline: said in words, the text stays, and it syncs once back", async () => {
    const { model, a } = await twoComputers();
    a.network.offline = true;
    a.notepad.type(tabOn(a, "Ideas").id, "written on the train");
    await a.sync.syncNow();
    expect(a.sync.getStatus()).toMatchObject({ state: "warning", message: SYNC_MESSAGES.offline });
    expect(tabOn(a, "Ideas").text).toBe("written on the train");
    a.network.offline = false;
    await a.sync.syncNow();
    expect(a.sync.getStatus()).toMatchObject({ state: "synced", message: null });
    expect(model.text(tabOn(a, "Ideas").driveFileId!)).toBe("written on the train");
  });

  it("a rate limit backs off before the next run, then the edit goes through", async () => {
    const { model, a } = await twoComputers();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    // The request layer's own three tries all meet the limit.
    model.faults = [{ kind: "upload", status: 403, reason: "userRateLimitExceeded", times: 3 }];
    a.notepad.type(tabOn(a, "Todo").id, "coffee");
    await a.sync.syncNow();
    expect(a.sync.getStatus()).toMatchObject({
      state: "warning",
      message: SYNC_MESSAGES.rateLimited,
    });
    const uploads = model.count("upload");
    const next = a.sync.syncNow();
    await vi.advanceTimersByTimeAsync(4_000);
    expect(model.count("upload")).toBe(uploads); // still waiting
    await vi.advanceTimersByTimeAsync(10_000);
    await next;
    expect(model.text(tabOn(a, "Todo").driveFileId!)).toBe("coffee");
    expect(a.sync.getStatus().state).toBe("synced");
  });

  it("100 tabs turned on at once: one request per new file plus a handful", async () => {
    const model = new DriveModel();
    const a = await computer(model, "a");
    const ids = Array.from({ length: 100 }, (_, i) => a.notepad.addTab(`Tab ${i}`, `text ${i}`));
    await a.sync.enable("all", ids[0]);
    // Folder search + create, changes token, ids for the new files (one request), 100
    // uploads, the search for other computers' tab lists, tab list search + create.
    expect(model.count("create")).toBe(102);
    expect(model.count()).toBeLessThanOrEqual(107);
    expect(
      ids.every((id) => model.text(a.notepad.tab(id).driveFileId!) === a.notepad.tab(id).text),
    ).toBe(true);
    // A run with nothing changed costs one request (the changes feed).
    const before = model.count();
    await a.sync.syncNow();
    expect(model.count() - before).toBe(1);
  });

  it("closing a synced tab here is not undone by the other computer, which keeps it", async () => {
    const { model, a, b } = await twoComputers();
    await b.sync.bringInRemoteTabs();
    const todo = tabOn(a, "Todo");
    a.notepad.close(todo.id);
    await a.sync.syncNow();
    await b.sync.syncNow();
    await a.sync.syncNow();
    // B still syncs it; A is not offered it back; the file stays in Drive.
    expect(b.sync.isTabIncluded(tabOn(b, "Todo").id)).toBe(true);
    expect(a.sync.remoteTabsOffer()).toEqual({ count: 1 }); // only B's own "Untitled"
    expect(model.text(todo.driveFileId!)).toBe("milk");
  });
});
