// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { readLiveFragment } from "~/collab/live-keys";
import { joinLive, LiveRefusal, roomOfFragment, startLive } from "./live-control";

afterEach(() => {
  localStorage.clear();
  window.history.replaceState(null, "", "/");
});

describe("starting and joining live sessions", () => {
  it("refuses a document over 10 MB before anything is made or sent", () => {
    const big = "x".repeat(10 * 1024 * 1024 + 1);
    expect(() => startLive("notepad", big, "Ada")).toThrow(LiveRefusal);
    try {
      startLive("notepad", big, "Ada");
    } catch (error) {
      expect((error as Error).message).toMatch(/too large to edit live.*Nothing was sent/);
    }
  });

  it("gives an edit link and a view-only link of one room, the secret only after #", () => {
    const live = startLive("editor", "hello", "Ada");
    expect(live.editLink).toMatch(/^http:\/\/localhost(:\d+)?\/editor\/#live=e\./);
    expect(live.viewLink).toMatch(/^http:\/\/localhost(:\d+)?\/editor\/#live=v\./);
    const edit = readLiveFragment(new URL(live.editLink!).hash);
    const view = readLiveFragment(new URL(live.viewLink).hash);
    expect(edit.kind === "ok" && edit.keys.roomId).toBe(live.roomId);
    expect(view.kind === "ok" && view.keys.roomId).toBe(live.roomId);
    expect(view.kind === "ok" && view.keys.signingSeed).toBeNull();
    expect(live.remembered).toEqual({
      fragment: new URL(live.editLink!).hash.slice(1),
      roomId: live.roomId,
      startedHere: true,
    });
    expect(live.session.getStatus().canEdit).toBe(true);
  });

  it("joins a view-only link without an edit link to hand on", () => {
    const started = startLive("notepad", "text", "Ada");
    const fragment = new URL(started.viewLink).hash.slice(1);
    const joined = joinLive("notepad", fragment, "Bob");
    expect(joined.kind).toBe("ok");
    if (joined.kind !== "ok") return;
    expect(joined.handle.editLink).toBeNull();
    expect(joined.handle.roomId).toBe(started.roomId);
    expect(joined.handle.session.getStatus().canEdit).toBe(false);
    expect(roomOfFragment(fragment)).toBe(started.roomId);
  });

  it("says a damaged link is damaged", () => {
    const joined = joinLive("editor", "live=e.AAAAbroken", "");
    expect(joined).toEqual({
      kind: "damaged",
      message: expect.stringMatching(/damaged or incomplete/) as unknown as string,
    });
    expect(roomOfFragment("live=e.AAAAbroken")).toBeNull();
  });
});
