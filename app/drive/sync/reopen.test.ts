import { describe, expect, it } from "vitest";
import { computer, DriveModel } from "./sync-test-support";

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
