import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import {
  createIndexedDbSyncStore,
  createMemorySyncStore,
  parseSyncSettings,
  parseTabSync,
  type StoredSyncSettings,
  type StoredTabSync,
} from "./sync-store";

const settings: StoredSyncSettings = {
  enabled: true,
  interval: "30s",
  scope: "active",
  deviceId: "laptop-1",
  folderId: "folder-1",
  tabListFileId: "list-1",
  pageToken: "42",
  lastSyncAt: 1_700_000_000_000,
  dismissedFileIds: ["f9"],
  unhandledFileIds: ["f1"],
  closedFileIds: ["f7"],
};

const tab: StoredTabSync = {
  tabId: "t1",
  included: true,
  driveFileId: "f1",
  baseText: "café\nline two",
  md5Checksum: "abc",
  headRevisionId: "rev-1",
  modifiedTime: "2026-01-01T00:00:00.000Z",
  syncedName: "Notes.txt",
  pendingUpload: { text: "café", md5: "0a1b" },
  pendingCreateId: null,
};

describe("sync store", () => {
  for (const [name, make] of [
    ["IndexedDB", createIndexedDbSyncStore],
    ["memory", createMemorySyncStore],
  ] as const) {
    it(`${name}: keeps settings and tab states across a reload, and forgets closed tabs`, async () => {
      const store = make();
      expect(await store.loadSettings()).toBeNull();
      await store.saveSettings(settings);
      await store.saveTab(tab);
      await store.saveTab({ ...tab, tabId: "t2", included: false, baseText: null });
      const again = name === "IndexedDB" ? createIndexedDbSyncStore() : store;
      expect(await again.loadSettings()).toEqual(settings);
      const tabs = await again.loadTabs();
      expect(tabs.find((t) => t.tabId === "t1")).toEqual(tab);
      await again.deleteTab("t2");
      expect((await again.loadTabs()).map((t) => t.tabId)).toEqual(["t1"]);
    });

    it(`${name}: an update changes only its own fields (two windows keep each other's)`, async () => {
      const store = make();
      await store.saveSettings(settings);
      // One window turns sync off while the other stores its changes token.
      await Promise.all([
        store.updateSettings({ enabled: false }, settings),
        store.updateSettings({ pageToken: "43" }, settings),
      ]);
      expect(await store.loadSettings()).toEqual({ ...settings, enabled: false, pageToken: "43" });
    });
  }

  it("reads damaged records tolerantly", () => {
    expect(parseSyncSettings({ enabled: true })).toBeNull();
    expect(parseSyncSettings({ deviceId: "d", interval: 5, dismissedFileIds: [1, "x"] })).toEqual({
      enabled: false,
      interval: "realtime",
      scope: "all",
      deviceId: "d",
      folderId: null,
      tabListFileId: null,
      pageToken: null,
      lastSyncAt: null,
      dismissedFileIds: ["x"],
      unhandledFileIds: [],
      closedFileIds: [],
    });
    expect(parseTabSync({ tabId: "t", baseText: 3 })).toMatchObject({
      tabId: "t",
      included: false,
      baseText: null,
    });
    expect(parseTabSync("junk")).toBeNull();
  });
});
