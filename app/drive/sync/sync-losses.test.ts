/**
 * Issue 50 §1: the ways a synced tab lost text, each walked against the fake Drive. Every test
 * ends by reading the Drive file (and the tabs) back: the words typed anywhere are there.
 */
import { describe, expect, it } from "vitest";
import { computer, DriveModel, type HookedRequest, type TestComputer } from "./sync-test-support";

const isCreateUpload = (r: HookedRequest) =>
  r.method === "POST" && r.url.includes("/upload/drive/v3/files");

/** Calls `action` once, at the first request that matches. */
function once(match: (r: HookedRequest) => boolean, action: () => void | Promise<void>) {
  let done = false;
  return async (request: HookedRequest) => {
    if (done || !match(request)) return;
    done = true;
    await action();
  };
}

function fileOf(pc: TestComputer, tabId: string): string {
  const id = pc.notepad.tab(tabId).driveFileId;
  if (!id) throw new Error("tab has no Drive file");
  return id;
}

describe("issue 50 §1: no silent loss", () => {
  it("1. a line typed while the tab's new file is created reaches Drive on the next run", async () => {
    const model = new DriveModel();
    const a = await computer(model, "a");
    const id = a.notepad.addTab("Notes", "first");
    a.network.before = once(isCreateUpload, () => a.notepad.type(id, "first\nsecond"));
    await a.sync.enable("all", id);
    a.network.before = undefined;
    await a.sync.syncNow();
    expect(model.text(fileOf(a, id))).toBe("first\nsecond");
    expect(a.notepad.tab(id).text).toBe("first\nsecond");
  });
});
