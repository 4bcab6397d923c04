import { describe, expect, it, vi } from "vitest";
import { createMemorySyncStore } from "~/storage/sync-store";
import { computer, DriveModel, oneBrowser } from "./sync-test-support";
import { parseTabList, TAB_LIST_FILE_NAME } from "./tab-list-file";
import { defaultSyncSettings } from "./sync-runner";
import { LEASE_MS, SyncWindows } from "./sync-windows";

/** Lets the windows' messages, stores and runs settle (a few turns of the event loop). */
async function settle() {
  for (let turn = 0; turn < 10; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
}

/** Two windows of one browser, each with its own notepad and sync, on one Drive. */
async function twoWindows() {
  const model = new DriveModel();
  const browser = oneBrowser();
  const first = await computer(model, "first", { browser });
  const second = await computer(model, "second", { browser });
  return { model, browser, first, second };
}

/** Two windows showing one tab "Notes" ("v1"); the first turned sync on and it has settled. */
async function twoWindowsSyncingOneTab() {
  const windows = await twoWindows();
  const { first, second } = windows;
  const id = first.notepad.addTab("Notes", "v1");
  second.notepad.addTab("Notes", "v1");
  await first.sync.enable("all", id);
  await settle();
  return { ...windows, id };
}

describe("notepad sync: two windows of one browser", () => {
  it("one window syncs; the other asks it to and shows its status", async () => {
    const { model, first, second, id } = await twoWindowsSyncingOneTab();
    expect(second.sync.getStatus().enabled).toBe(true);
    const fileId = first.notepad.tab(id).driveFileId!;
    expect(model.text(fileId)).toBe("v1");
    // Typed in the second window (the notepad shares the text with the first).
    second.notepad.type(id, "v2");
    first.notepad.type(id, "v2");
    const before = second.requests();
    await second.sync.syncNow();
    await settle();
    expect(model.text(fileId)).toBe("v2");
    expect(second.requests()).toBe(before);
    expect(second.sync.getStatus().tabs[id]).toMatchObject({ kind: "synced" });
  });

  it("a window opened later shows the status of the window that syncs", async () => {
    const model = new DriveModel();
    const browser = oneBrowser();
    const first = await computer(model, "first", { browser });
    const id = first.notepad.addTab("Notes", "v1");
    await first.sync.enable("all", id);
    const later = await computer(model, "later", { browser });
    later.notepad.addTab("Notes", "v1");
    await settle();
    expect(later.sync.getStatus().tabs[id]).toMatchObject({ kind: "synced" });
    expect(later.requests()).toBe(0);
  });

  it("turning sync on in the window that does not run it syncs its tabs", async () => {
    const { model, first, second } = await twoWindows();
    first.notepad.addTab("Notes", "from the second window");
    const id = second.notepad.addTab("Notes", "from the second window");
    await second.sync.enable("all", id);
    await settle();
    expect(second.requests()).toBe(0);
    expect(first.notepad.tab(id).driveFileId).not.toBeNull();
    expect(model.text(first.notepad.tab(id).driveFileId!)).toBe("from the second window");
    expect(second.sync.getStatus()).toMatchObject({ enabled: true, state: "synced" });
  });

  it("a window with a Google token takes the sync over from one whose sign-in ran out", async () => {
    const { model, first, second } = await twoWindows();
    first.session.valid = false; // the first window's token expired (each window has its own)
    second.notepad.addTab("Notes", "typed in the second window");
    const id = first.notepad.addTab("Notes", "typed in the second window");
    await second.sync.enable("all", id);
    await settle();
    expect(first.requests()).toBe(0);
    const fileId = second.notepad.tab(id).driveFileId;
    expect(fileId).not.toBeNull();
    expect(model.text(fileId!)).toBe("typed in the second window");
    expect(first.sync.getStatus()).toMatchObject({ state: "synced", needsReconnect: false });
  });

  it('"Off" in one window is off in the other, which stops uploading', async () => {
    const { model, browser, first, second, id } = await twoWindowsSyncingOneTab();
    const fileId = first.notepad.tab(id).driveFileId!;
    second.sync.disable();
    await settle();
    expect(first.sync.getStatus()).toMatchObject({ enabled: false, state: "off" });
    first.notepad.type(id, "typed after Off");
    await first.sync.syncNow();
    await settle();
    expect(model.text(fileId)).toBe("v1");
    // And the stored settings say off: a reload stays off.
    expect((await browser.store.loadSettings())?.enabled).toBe(false);
  });

  it("when the syncing window closes, another takes over", async () => {
    const { model, first, second, id } = await twoWindowsSyncingOneTab();
    const fileId = first.notepad.tab(id).driveFileId!;
    second.notepad.tab(id).driveFileId = fileId;
    first.sync.stop();
    await settle();
    second.notepad.type(id, "v2 from the window left");
    await second.sync.syncNow();
    expect(model.text(fileId)).toBe("v2 from the window left");
    expect(second.notepad.copies).toEqual([]);
  });

  it("a closed tab's tombstone outlives a reload before the next run", async () => {
    const model = new DriveModel();
    const browser = oneBrowser();
    const a = await computer(model, "a", { browser });
    const keep = a.notepad.addTab("Keep", "k");
    const gone = a.notepad.addTab("Gone", "g");
    await a.sync.enable("all", keep);
    const goneFile = a.notepad.tab(gone).driveFileId!;
    a.notepad.close(gone);
    a.sync.stop(); // the page is reloaded before any run
    await settle();
    const again = await computer(model, "a", { browser });
    again.notepad.addTab("Keep", "k");
    await again.sync.syncNow();
    const [listFile] = [...model.files.values()].filter((f) => f.name === TAB_LIST_FILE_NAME);
    const list = parseTabList(model.text(listFile.id))!;
    expect(list.tabs.find((entry) => entry.driveFileId === goneFile)).toMatchObject({
      removed: true,
    });
    // So another computer is not offered the closed tab.
    const b = await computer(model, "b");
    await b.sync.enable("all", b.notepad.addTab("Untitled", ""));
    expect(b.sync.remoteTabsOffer()).toEqual({ count: 1 });
  });
});

describe("sync windows without Web Locks", () => {
  it("a lease in localStorage lets one window lead, and passes on when it is not renewed", () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    try {
      const items = new Map<string, string>();
      const storage = {
        getItem: (key: string) => items.get(key) ?? null,
        setItem: (key: string, value: string) => void items.set(key, value),
      };
      const store = createMemorySyncStore();
      const led: string[] = [];
      const openWindow = (name: string) =>
        new SyncWindows(
          store,
          { message: () => undefined, lead: () => led.push(name) },
          { storage, locks: null, channel: null },
        );
      const first = openWindow("first");
      const second = openWindow("second");
      first.start(defaultSyncSettings("d"));
      second.start(defaultSyncSettings("d"));
      vi.advanceTimersByTime(LEASE_MS * 3);
      expect(led).toEqual(["first"]);
      expect([first.isLeader(), second.isLeader()]).toEqual([true, false]);
      first.stop(); // closed: it renews no more
      vi.advanceTimersByTime(LEASE_MS * 2);
      expect(led).toEqual(["first", "second"]);
      expect(second.isLeader()).toBe(true);
      second.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
