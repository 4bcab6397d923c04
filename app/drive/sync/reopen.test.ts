import { describe, expect, it } from "vitest";
import { computer, DriveModel, type HookedRequest } from "./sync-test-support";

/**
 * Reopen closed tab (Ctrl+Shift+T) on a synced tab (issue 50): the notepad keeps the text the
 * tab and its Drive file last agreed on with the closed tab (the engine's `syncedText`) and
 * gives it back when the tab comes back (`tabMatchesDriveFile`), as app/notepad/tab-operations.ts
 * does; tests/e2e/drive-sync-reopen.spec.ts walks the same in the page.
 */
describe("notepad sync: a reopened closed tab", () => {
  it("merges Drive's changes made while it was closed with its own: nothing reverted, no copy", async () => {
    const model = new DriveModel();
    const a = await computer(model, "a");
    a.notepad.addTab("Other", "");
    const plans = a.notepad.addTab("Plans", "one\ntwo\nthree");
    await a.sync.enable("all", plans);
    const fileId = a.notepad.tab(plans).driveFileId!;
    expect(model.text(fileId)).toBe("one\ntwo\nthree");
    // Typed, not synced yet (Manual only), and closed: the notepad keeps text and base.
    a.notepad.type(plans, "one (here)\ntwo\nthree");
    const kept = { text: a.notepad.tab(plans).text, base: a.sync.syncedText(plans) };
    expect(kept.base).toBe("one\ntwo\nthree");
    a.notepad.close(plans);
    expect(a.sync.syncedText(plans)).toBeNull();
    // Another computer (or Drive's own editor) changes another line meanwhile.
    model.editFile(fileId, "one\ntwo\nthree (there)");
    await a.sync.syncNow();

    const again = a.notepad.addTab("Plans", kept.text, { driveFileId: fileId });
    a.sync.tabMatchesDriveFile(again, fileId, kept.base!);
    await a.sync.syncNow();
    const both = "one (here)\ntwo\nthree (there)";
    expect(a.notepad.tab(again).text).toBe(both);
    expect(model.text(fileId)).toBe(both);
    expect(a.notepad.copies).toEqual([]);
    expect(a.sync.getStatus().tabs[again]?.kind).toBe("synced");
  });

  it("has no base for a tab that was never synced, or whose file is another", async () => {
    const model = new DriveModel();
    const a = await computer(model, "a");
    const plain = a.notepad.addTab("Plain", "text");
    expect(a.sync.syncedText(plain)).toBeNull();
    await a.sync.enable("all", plain);
    expect(a.sync.syncedText(plain)).toBe("text");
    // The tab now holds another file (opened over it): the old base is not its base.
    a.notepad.tab(plain).driveFileId = model.addFile("Else.txt", "else").id;
    expect(a.sync.syncedText(plain)).toBeNull();
  });
});

/** A create of a new file's bytes (not the folder's, whose POST is not an upload). */
const isCreate = (r: HookedRequest) => r.method === "POST" && r.url.includes("/upload/");

/** Calls `action` once, at the first request that matches. */
function once(match: (r: HookedRequest) => boolean, action: () => void) {
  let done = false;
  return (request: HookedRequest) => {
    if (done || !match(request)) return;
    done = true;
    action();
  };
}

/** Files in Drive (bin included) named `name`. */
const filesNamed = (model: DriveModel, name: string) =>
  [...model.files.values()].filter((f) => f.name === name);

/**
 * Seed 797 of the randomized test (every class, two computers): a tab closed while the create
 * of its new Drive file was under way. The create lands after the close; the closed tab must
 * keep that file and the text it holds (its base), or a word typed into the file meanwhile
 * reaches no tab and Reopen makes a second file.
 */
describe("notepad sync: a tab closed while its file is being created", () => {
  async function closedDuringCreate(lostAnswer: boolean) {
    const model = new DriveModel();
    const a = await computer(model, "a");
    a.notepad.addTab("Other", "");
    const notes = a.notepad.addTab("Notes", "one\ntwo");
    const close = () => a.notepad.close(notes);
    if (lostAnswer) {
      // Drive makes the file; its answer never comes (the tab was closed meanwhile).
      a.network.after = once(isCreate, () => {
        close();
        throw new Error("connection reset");
      });
    } else a.network.before = once(isCreate, close);
    await a.sync.enable("active", notes);
    a.network.before = a.network.after = undefined;
    return { model, a, notes };
  }

  it("keeps the file with the closed tab: reopened, it resumes it and takes Drive's word", async () => {
    const { model, a, notes } = await closedDuringCreate(false);
    const [file] = filesNamed(model, "Notes.txt");
    expect(model.text(file.id)).toBe("one\ntwo");
    expect(a.notepad.closedTabs).toMatchObject([
      { id: notes, driveFileId: file.id, base: "one\ntwo" },
    ]);
    // Drive's editor types a word into the file while the tab is closed.
    model.editFile(file.id, "one\ntwo\nthree");
    const again = a.notepad.reopenClosed()!;
    a.sync.includeTab(again);
    await a.sync.syncNow();
    expect(a.notepad.tab(again).text).toBe("one\ntwo\nthree");
    expect(a.notepad.tab(again).driveFileId).toBe(file.id);
    expect(filesNamed(model, "Notes.txt")).toHaveLength(1);
    expect(a.sync.getStatus().tabs[again]?.kind).toBe("synced");
  });

  it("keeps it when the create's answer was lost too: the next run finds the file by its id", async () => {
    const { model, a, notes } = await closedDuringCreate(true);
    const [file] = filesNamed(model, "Notes.txt");
    expect(a.notepad.closedTabs).toMatchObject([{ id: notes, driveFileId: null }]);
    await a.sync.syncNow();
    expect(a.notepad.closedTabs).toMatchObject([
      { id: notes, driveFileId: file.id, base: "one\ntwo" },
    ]);
    model.editFile(file.id, "zero\none\ntwo");
    const again = a.notepad.reopenClosed()!;
    a.sync.includeTab(again);
    await a.sync.syncNow();
    expect(a.notepad.tab(again).text).toBe("zero\none\ntwo");
    expect(filesNamed(model, "Notes.txt")).toHaveLength(1);
  });

  it("still reads the file back when it went to the bin meanwhile, and writes nothing there", async () => {
    const { model, a } = await closedDuringCreate(false);
    const [file] = filesNamed(model, "Notes.txt");
    model.editFile(file.id, "one\ntwo\nthree");
    model.trash(file.id);
    const again = a.notepad.reopenClosed()!;
    a.notepad.type(again, "one (here)\ntwo");
    a.sync.includeTab(again);
    await a.sync.syncNow();
    expect(a.notepad.tab(again).text).toBe("one (here)\ntwo\nthree");
    expect(model.text(file.id)).toBe("one\ntwo\nthree");
    expect(a.sync.getStatus().tabs[again]?.kind).toBe("warning");
    expect(filesNamed(model, "Notes.txt")).toHaveLength(1);
  });

  it("makes no file for a tab closed before its create was sent", async () => {
    const model = new DriveModel();
    const a = await computer(model, "a");
    a.notepad.addTab("Other", "");
    const notes = a.notepad.addTab("Notes", "one\ntwo");
    // Closed while the id for its file is asked for, before the create.
    a.network.before = once(
      (r) => r.url.includes("generateIds"),
      () => a.notepad.close(notes),
    );
    await a.sync.enable("active", notes);
    expect(filesNamed(model, "Notes.txt")).toEqual([]);
    expect(a.notepad.closedTabs).toMatchObject([{ id: notes, driveFileId: null, base: null }]);
  });
});
