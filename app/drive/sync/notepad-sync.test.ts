import { describe, expect, it, vi } from "vitest";
import { decodeBytes } from "~/text/text-encoding";
import { SYNC_MESSAGES } from "./sync-messages";
import { computer, DriveModel } from "./sync-test-support";
import { FOLDER_MIME } from "../../../tests/support/drive-model";
import { TAB_LIST_FILE_NAME } from "./tab-list-file";

function folderOf(model: DriveModel) {
  const [folder] = model.foldersNamed("Plainpad Documents");
  expect(folder?.mimeType).toBe(FOLDER_MIME);
  return folder;
}

describe("notepad sync: one computer", () => {
  it("turning it on puts every tab in a .txt file in Plainpad Documents, and the tab list", async () => {
    const model = new DriveModel();
    const a = await computer(model, "a");
    const notes = a.notepad.addTab("Notes", "first line\nsecond line");
    const todo = a.notepad.addTab("todo.md", "- milk");
    await a.sync.enable("all", notes);
    const folder = folderOf(model);
    const files = model.filesIn(folder.id);
    expect(files.map((f) => f.name).sort()).toEqual(["Notes.txt", TAB_LIST_FILE_NAME, "todo.md"]);
    expect(model.text(a.notepad.tab(notes).driveFileId!)).toBe("first line\nsecond line");
    expect(model.text(a.notepad.tab(todo).driveFileId!)).toBe("- milk");
    const status = a.sync.getStatus();
    expect(status.state).toBe("synced");
    expect(status.tabs[notes].kind).toBe("synced");
    expect(status.lastSyncAt).not.toBeNull();
  });

  it("with the active tab only, other tabs stay out until taken in", async () => {
    const model = new DriveModel();
    const a = await computer(model, "a");
    const one = a.notepad.addTab("One", "1");
    const two = a.notepad.addTab("Two", "2");
    await a.sync.enable("active", one);
    expect(a.sync.isTabIncluded(two)).toBe(false);
    expect(a.notepad.tab(two).driveFileId).toBeNull();
    a.sync.includeTab(two);
    await a.sync.syncNow();
    expect(model.text(a.notepad.tab(two).driveFileId!)).toBe("2");
  });

  it("writes the tab's encoding and line endings, and merges Drive's bytes read in them", async () => {
    const model = new DriveModel();
    const a = await computer(model, "a");
    const id = a.notepad.addTab("Café", "café\nnaïve\nend", {
      encoding: "windows-1252",
      lineEnding: "crlf",
    });
    await a.sync.enable("all", id);
    const fileId = a.notepad.tab(id).driveFileId!;
    const bytes = model.files.get(fileId)!.bytes;
    expect(bytes.byteLength).toBe("café\r\nnaïve\r\nend".length);
    expect(decodeBytes(bytes, "windows-1252")).toBe("café\r\nnaïve\r\nend");
    // Drive's own copy changes the last line (in Windows-1252, CRLF); here the first changes.
    model.editFile(
      fileId,
      Uint8Array.from([..."café\r\nnaïve\r\nfin"].map((c) => c.charCodeAt(0))),
    );
    a.notepad.type(id, "Café\nnaïve\nend");
    await a.sync.syncNow();
    expect(a.notepad.tab(id).text).toBe("Café\nnaïve\nfin");
    expect(decodeBytes(model.files.get(fileId)!.bytes, "windows-1252")).toBe(
      "Café\r\nnaïve\r\nfin",
    );
  });

  it("renaming a tab renames its file; closing it keeps the file and stops syncing", async () => {
    const model = new DriveModel();
    const a = await computer(model, "a");
    const id = a.notepad.addTab("Draft", "text");
    await a.sync.enable("all", id);
    const fileId = a.notepad.tab(id).driveFileId!;
    a.notepad.rename(id, "Letter");
    await a.sync.syncNow();
    expect(model.files.get(fileId)!.name).toBe("Letter.txt");
    expect(model.text(fileId)).toBe("text");
    a.notepad.close(id);
    await a.sync.syncNow();
    expect(model.files.get(fileId)!.trashed).toBe(false);
    expect(model.text(fileId)).toBe("text");
    expect(a.sync.getStatus().tabs[id]).toBeUndefined();
    const list = model.filesIn(folderOf(model).id).find((f) => f.name === TAB_LIST_FILE_NAME)!;
    expect(JSON.parse(model.text(list.id)).tabs).toMatchObject([
      { driveFileId: fileId, removed: true },
    ]);
  });

  for (const [how, message] of [
    ["deleted", SYNC_MESSAGES.fileDeleted],
    ["binned", SYNC_MESSAGES.fileInBin],
  ] as const) {
    it(`a file ${how} in Drive is said, and the text goes into a new file on request`, async () => {
      const model = new DriveModel();
      const a = await computer(model, "a");
      const id = a.notepad.addTab("Keep", "precious");
      await a.sync.enable("all", id);
      const old = a.notepad.tab(id).driveFileId!;
      if (how === "deleted") model.deleteFile(old);
      else model.trash(old);
      a.notepad.type(id, "precious words");
      await a.sync.syncNow();
      expect(a.sync.getStatus().tabs[id]).toEqual({
        kind: "warning",
        message,
        action: "recreate-file",
      });
      await a.sync.recreateFile(id);
      const fresh = a.notepad.tab(id).driveFileId!;
      expect(fresh).not.toBe(old);
      expect(model.text(fresh)).toBe("precious words");
      expect(a.sync.getStatus().tabs[id].kind).toBe("synced");
    });
  }

  it("a read-only file and a full Drive each get their own words; the text stays", async () => {
    const model = new DriveModel();
    const a = await computer(model, "a");
    const id = a.notepad.addTab("Shared", "v1");
    await a.sync.enable("all", id);
    const fileId = a.notepad.tab(id).driveFileId!;
    model.files.get(fileId)!.canEdit = false;
    a.notepad.type(id, "v2");
    await a.sync.syncNow();
    expect(a.sync.getStatus().tabs[id]).toMatchObject({
      kind: "warning",
      message: SYNC_MESSAGES.readOnly,
    });
    model.files.get(fileId)!.canEdit = true;
    model.quotaBytes = 10;
    a.notepad.type(id, "a text longer than ten bytes");
    await a.sync.syncNow();
    expect(a.sync.getStatus()).toMatchObject({
      state: "warning",
      message: SYNC_MESSAGES.driveFull,
      action: "manage-storage",
    });
    expect(a.notepad.tab(id).text).toBe("a text longer than ten bytes");
    model.quotaBytes = Number.POSITIVE_INFINITY;
    await a.sync.syncNow();
    expect(model.text(fileId)).toBe("a text longer than ten bytes");
  });

  it("a removed folder is made again for new files, with a notice", async () => {
    const model = new DriveModel();
    const a = await computer(model, "a");
    const first = a.notepad.addTab("One", "1");
    await a.sync.enable("all", first);
    model.trash(folderOf(model).id);
    const second = a.notepad.addTab("Two", "2");
    await a.sync.syncNow();
    const folder = folderOf(model);
    expect(model.files.get(a.notepad.tab(second).driveFileId!)!.parents).toEqual([folder.id]);
    expect(a.notepad.notices).toContain(SYNC_MESSAGES.folderRecreated);
  });

  it("a conflict whose upload failed opens one Drive copy only, and retries the upload", async () => {
    const model = new DriveModel();
    const a = await computer(model, "a");
    const id = a.notepad.addTab("Plan", "start");
    await a.sync.enable("all", id);
    const fileId = a.notepad.tab(id).driveFileId!;
    model.editFile(fileId, "changed in Drive's editor");
    a.notepad.type(id, "changed here");
    model.faults = [{ kind: "upload", status: 503, reason: "backendError", times: 3 }];
    await a.sync.syncNow();
    expect(a.notepad.copies.length).toBe(1);
    expect(a.notepad.tab(a.notepad.copies[0]).text).toBe("changed in Drive's editor");
    expect(a.sync.getStatus().tabs[id]).toMatchObject({ kind: "warning", action: "retry" });
    await a.sync.syncNow();
    expect(a.notepad.copies.length).toBe(1);
    expect(model.text(fileId)).toBe("changed here");
    expect(a.sync.getStatus().tabs[id].kind).toBe("synced");
  });

  it("real-time sends an edit 3 s after typing rests; 30 s and focus find Drive's changes", async () => {
    const model = new DriveModel();
    const a = await computer(model, "a");
    const id = a.notepad.addTab("Live", "v1");
    await a.sync.enable("all", id);
    const fileId = a.notepad.tab(id).driveFileId!;
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    try {
      a.sync.setInterval("realtime");
      a.notepad.type(id, "v2");
      expect(a.sync.getStatus().tabs[id].kind).toBe("syncing");
      await vi.advanceTimersByTimeAsync(2_000);
      expect(model.text(fileId)).toBe("v1");
      await vi.advanceTimersByTimeAsync(1_500);
      expect(model.text(fileId)).toBe("v2");
      a.sync.setInterval("30s");
      model.editFile(fileId, "v3 from elsewhere");
      await vi.advanceTimersByTimeAsync(29_000);
      expect(a.notepad.tab(id).text).toBe("v2");
      await vi.advanceTimersByTimeAsync(1_500);
      expect(a.notepad.tab(id).text).toBe("v3 from elsewhere");
      a.sync.setInterval("manual");
      model.editFile(fileId, "v4 from elsewhere");
      await vi.advanceTimersByTimeAsync(600_000);
      expect(a.notepad.tab(id).text).toBe("v3 from elsewhere");
      a.wake(); // the page got focus
      await vi.advanceTimersByTimeAsync(0);
      expect(a.notepad.tab(id).text).toBe("v4 from elsewhere");
    } finally {
      a.sync.stop();
      vi.useRealTimers();
    }
  });

  it("a tab over 5 MB goes up in a resumable upload and comes back whole", async () => {
    const model = new DriveModel();
    const a = await computer(model, "a");
    const big = "a line of a big document\n".repeat(220_000);
    const id = a.notepad.addTab("Big", big);
    await a.sync.enable("all", id);
    expect(model.seen.some((s) => s.method === "PUT")).toBe(true);
    expect(model.text(a.notepad.tab(id).driveFileId!)).toBe(big);
    expect(a.sync.getStatus().tabs[id].kind).toBe("synced");
  });
});
