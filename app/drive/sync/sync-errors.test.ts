import { describe, expect, it, vi } from "vitest";
import { instantClock } from "../../../tests/support/instant-clock";
import { SYNC_MESSAGES } from "./sync-messages";
import { computer, DriveModel } from "./sync-test-support";

describe("notepad sync: Drive's refusals", () => {
  it("waits as long as a 429's Retry-After asks before Drive is asked again", async () => {
    const model = new DriveModel();
    const a = await computer(model, "a");
    const id = a.notepad.addTab("Notes", "v1");
    await a.sync.enable("all", id);
    const fileId = a.notepad.tab(id).driveFileId!;
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    try {
      model.faults = [{ kind: "any", status: 429, reason: "rateLimitExceeded", retryAfter: 120 }];
      a.notepad.type(id, "v2");
      await a.sync.syncNow();
      expect(a.sync.getStatus().message).toBe(SYNC_MESSAGES.rateLimited);
      const asked = model.seen.length;
      // Google's fault is over, but it asked for two minutes: nothing is sent before then.
      await vi.advanceTimersByTimeAsync(100_000);
      expect(model.seen.length).toBe(asked);
      expect(model.text(fileId)).toBe("v1");
      await vi.advanceTimersByTimeAsync(21_000);
      expect(model.text(fileId)).toBe("v2");
      expect(a.sync.getStatus().tabs[id].kind).toBe("synced");
    } finally {
      a.sync.stop();
      vi.useRealTimers();
    }
  });

  it("on a clock that jumps ahead (the randomized test's), Retry-After is still waited in full", async () => {
    const clock = instantClock();
    const model = new DriveModel();
    const a = await computer(model, "a", { clock });
    const id = a.notepad.addTab("Notes", "v1");
    await a.sync.enable("all", id);
    const fileId = a.notepad.tab(id).driveFileId!;
    const askedAt: number[] = [];
    model.beforeAnswer = () => void askedAt.push(clock.now());
    // Longer than the request layer waits: the sync's schedule keeps it.
    model.faults = [{ kind: "any", status: 429, reason: "rateLimitExceeded", retryAfter: 120 }];
    a.notepad.type(id, "v2");
    await a.sync.syncNow();
    expect(a.sync.getStatus().message).toBe(SYNC_MESSAGES.rateLimited);
    const limitedAt = clock.now();
    askedAt.length = 0;
    await a.sync.syncNow();
    expect(model.text(fileId)).toBe("v2");
    expect(askedAt.length).toBeGreaterThan(0);
    expect(Math.min(...askedAt)).toBeGreaterThanOrEqual(limitedAt + 120_000);
    // A short one is waited inside the request, which then goes through in the same run.
    model.faults = [{ kind: "upload", status: 429, reason: "rateLimitExceeded", retryAfter: 10 }];
    a.notepad.type(id, "v3");
    const before = clock.now();
    await a.sync.syncNow();
    expect(model.text(fileId)).toBe("v3");
    expect(clock.now() - before).toBeGreaterThanOrEqual(10_000);
    expect(a.sync.getStatus().tabs[id].kind).toBe("synced");
  });

  it("a file Drive has not authorised Plainpad to change is told apart from a read-only one, and forks", async () => {
    const model = new DriveModel();
    const a = await computer(model, "a");
    const id = a.notepad.addTab("From another app", "v1");
    await a.sync.enable("all", id);
    const old = a.notepad.tab(id).driveFileId!;
    model.faults = [{ kind: "upload", status: 403, reason: "appNotAuthorizedToFile" }];
    a.notepad.type(id, "v2 typed here");
    await a.sync.syncNow();
    expect(a.sync.getStatus().tabs[id]).toEqual({
      kind: "warning",
      message: SYNC_MESSAGES.notAuthorized,
      action: "recreate-file",
    });
    await a.sync.recreateFile(id);
    const fresh = a.notepad.tab(id).driveFileId!;
    expect(fresh).not.toBe(old);
    expect(model.text(fresh)).toBe("v2 typed here");
  });

  it("a daily limit waits for the whole notepad and offers no new file", async () => {
    const model = new DriveModel();
    const a = await computer(model, "a");
    const id = a.notepad.addTab("Notes", "v1");
    await a.sync.enable("all", id);
    model.faults = [{ kind: "upload", status: 403, reason: "dailyLimitExceeded" }];
    a.notepad.type(id, "v2");
    await a.sync.syncNow();
    const status = a.sync.getStatus();
    expect(status).toMatchObject({ state: "warning", message: SYNC_MESSAGES.dailyLimit });
    expect(status.action).toBeUndefined();
    expect(status.tabs[id]).not.toMatchObject({ action: "recreate-file" });
    expect(a.notepad.tab(id).text).toBe("v2");
  });

  it("a token without Drive's permission asks to reconnect, not to fork the tab", async () => {
    const model = new DriveModel();
    const a = await computer(model, "a");
    const id = a.notepad.addTab("Notes", "v1");
    await a.sync.enable("all", id);
    model.faults = [{ kind: "any", status: 403, reason: "insufficientPermissions" }];
    a.notepad.type(id, "v2");
    await a.sync.syncNow();
    expect(a.sync.getStatus()).toMatchObject({
      needsReconnect: true,
      message: SYNC_MESSAGES.noPermission,
    });
    expect(a.sync.getStatus().tabs[id]).not.toMatchObject({ action: "recreate-file" });
  });
});
