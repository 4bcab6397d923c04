// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { STORAGE_KEYS } from "./keys";
import { LIVE_ROOM_KEEP_MS } from "./live-rooms";
import {
  forgetLiveLink,
  readLiveLink,
  readLiveLinks,
  readLiveName,
  rememberLiveLink,
  writeLiveName,
} from "./live-links";

const ONE = { fragment: "live=e.abc", roomId: "room-1", startedHere: true };
const TWO = { fragment: "live=v.def", roomId: "room-2", startedHere: false };

describe("live links remembered with documents", () => {
  beforeEach(() => localStorage.clear());

  it("remembers, lists and forgets the session of each document", () => {
    rememberLiveLink("editor", ONE);
    rememberLiveLink("notepad:7", TWO);
    expect(readLiveLink("editor")).toEqual(ONE);
    expect(readLiveLinks("notepad:")).toEqual([["notepad:7", TWO]]);
    forgetLiveLink("editor");
    expect(readLiveLink("editor")).toBeNull();
    forgetLiveLink("notepad:7");
    // Nothing left: the key itself is gone.
    expect(localStorage.getItem(STORAGE_KEYS.liveLinks)).toBeNull();
  });

  it("ignores unreadable data instead of failing", () => {
    localStorage.setItem(STORAGE_KEYS.liveLinks, "{not json");
    expect(readLiveLink("editor")).toBeNull();
    localStorage.setItem(
      STORAGE_KEYS.liveLinks,
      JSON.stringify({ editor: { fragment: 3 }, "notepad:1": TWO }),
    );
    expect(readLiveLink("editor")).toBeNull();
    expect(readLiveLink("notepad:1")).toEqual(TWO);
  });

  it("drops a link not used for as long as the relay keeps an idle room", () => {
    const day = 24 * 60 * 60 * 1000;
    const longAgo = Date.now() - LIVE_ROOM_KEEP_MS - day;
    rememberLiveLink("editor", ONE, longAgo);
    rememberLiveLink("notepad:7", TWO, Date.now() - day);
    expect(readLiveLink("editor")).toBeNull();
    expect(readLiveLink("notepad:7")).toEqual(TWO);
    // The expired secret is gone from storage too, not only hidden.
    expect(localStorage.getItem(STORAGE_KEYS.liveLinks)).not.toContain(ONE.fragment);
  });

  it("starts a link's expiry again when it is used", () => {
    const day = 24 * 60 * 60 * 1000;
    rememberLiveLink("editor", ONE, Date.now() - LIVE_ROOM_KEEP_MS + day);
    rememberLiveLink("editor", ONE); // rejoined today
    expect(readLiveLink("editor")).toEqual(ONE);
  });

  it("keeps links stored before expiry existed, counting from now", () => {
    localStorage.setItem(STORAGE_KEYS.liveLinks, JSON.stringify({ editor: ONE }));
    expect(readLiveLink("editor")).toEqual(ONE);
  });

  it("remembers the name given", () => {
    expect(readLiveName()).toBe("");
    writeLiveName("Ada");
    expect(readLiveName()).toBe("Ada");
    writeLiveName("");
    expect(readLiveName()).toBe("");
  });
});
