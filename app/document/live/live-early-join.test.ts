// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";

// The live code as the early join sees it: joinLive makes a session that counts its starts.
const made: {
  editor: string;
  fragment: string;
  start: ReturnType<typeof vi.fn>;
  leave: ReturnType<typeof vi.fn>;
}[] = [];
const loads = vi.fn();
vi.mock("./live-address", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./live-address")>();
  return {
    ...actual,
    loadLiveRuntime: () => {
      loads();
      return Promise.resolve({
        joinLive: (editor: string, fragment: string) => {
          const session = { start: vi.fn(), leave: vi.fn() };
          made.push({ editor, fragment, ...session });
          return { kind: "ok", handle: { session } };
        },
      });
    },
  };
});

const { startEarlyJoin, startPageEarlyJoin, takeEarlyJoin } = await import("./live-early-join");
const { forgetLiveLink, rememberLiveLink } = await import("~/storage/live-links");

const LINK = "live=e.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

afterEach(async () => {
  window.location.hash = "";
  made.length = 0;
  loads.mockClear();
  // Nothing left over for the next test.
  await takeEarlyJoin(LINK);
  await takeEarlyJoin("live=e.other");
});

describe("startEarlyJoin", () => {
  it("connects a link's session while the editor is still starting, and hands it to the editor's join once", async () => {
    window.location.hash = `#${LINK}`;
    startEarlyJoin("editor", () => false);
    // The editor is not ready yet: the session is made and started all the same.
    await vi.waitFor(() => expect(made).toHaveLength(1));
    expect(made[0].fragment).toBe(LINK);
    expect(made[0].start).toHaveBeenCalledTimes(1);

    const taken = await takeEarlyJoin(LINK);
    expect(taken).toMatchObject({ kind: "ok" });
    expect(takeEarlyJoin(LINK)).toBeNull();
  });

  it("only loads the code for a session this page was already in (the editor rejoins it with what it kept)", async () => {
    window.location.hash = `#${LINK}`;
    startEarlyJoin("editor", (fragment) => fragment === LINK);
    expect(loads).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    expect(made).toHaveLength(0);
    expect(takeEarlyJoin(LINK)).toBeNull();
  });

  it("begins on each editor's page, for its own editor, and on no other page", async () => {
    window.location.hash = `#${LINK}`;
    startPageEarlyJoin("/");
    startPageEarlyJoin("/free-online-notepad/");
    expect(loads).not.toHaveBeenCalled();

    startPageEarlyJoin("/online-notepad/");
    await vi.waitFor(() => expect(made).toHaveLength(1));
    expect(made[0].editor).toBe("notepad");
    expect(await takeEarlyJoin(LINK)).toMatchObject({ kind: "ok" });

    window.location.hash = "#live=e.other";
    startPageEarlyJoin("/editor");
    await vi.waitFor(() => expect(made).toHaveLength(2));
    expect(made[1].editor).toBe("editor");
  });

  it("leaves to the notepad a link one of its tabs is already in (the tab rejoins it)", async () => {
    window.location.hash = `#${LINK}`;
    rememberLiveLink("notepad:tab-2", { fragment: LINK, roomId: "room", startedHere: false });
    try {
      startPageEarlyJoin("/online-notepad/");
      expect(loads).toHaveBeenCalledTimes(1);
      await Promise.resolve();
      expect(made).toHaveLength(0);
      expect(takeEarlyJoin(LINK)).toBeNull();
    } finally {
      forgetLiveLink("notepad:tab-2");
    }
  });

  it("does nothing without a live link in the address", () => {
    startEarlyJoin("editor", () => false);
    expect(loads).not.toHaveBeenCalled();
    expect(takeEarlyJoin(LINK)).toBeNull();
  });

  it("hands nothing to the join of another link, and leaves a session replaced by a newer link's", async () => {
    window.location.hash = `#${LINK}`;
    startEarlyJoin("editor", () => false);
    await vi.waitFor(() => expect(made).toHaveLength(1));
    expect(takeEarlyJoin("live=e.other")).toBeNull();

    window.location.hash = "#live=e.other";
    startEarlyJoin("editor", () => false);
    await vi.waitFor(() => expect(made).toHaveLength(2));
    expect(made[0].leave).toHaveBeenCalledTimes(1);
    expect(await takeEarlyJoin("live=e.other")).toMatchObject({ kind: "ok" });
  });
});
