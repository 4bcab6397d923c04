import { describe, expect, it } from "vitest";
import { endedMessage, END_UNPROVEN_MESSAGE } from "~/collab/live-ending";
import * as statusWords from "~/collab/live-status";
import type { LiveState, LiveStatus } from "~/collab/live-status";
import { LIVE_TOO_LARGE_MESSAGE } from "~/collab/live-size";
import { CLOSE_REASONS, CloseCode } from "@plainpad/wire";
import { LIVE_LOAD_FAILED } from "~/document/live/live-address";
import { asSentence, liveStateWords, liveStatusLine, liveStatusSentence } from "./use-live-status";

const STATES: LiveState[] = ["connecting", "live", "reconnecting", "offline", "ended"];

/** Every reason a session's status can carry (null: none). */
const MESSAGES: (string | null)[] = [
  null,
  ...Object.values(CLOSE_REASONS),
  ...Object.values(statusWords).filter((value): value is string => typeof value === "string"),
  statusWords.refusedChangeMessage(3 * 1024 * 1024),
  ...Object.values(CloseCode).flatMap((code) => [
    endedMessage(code, false),
    endedMessage(code, true),
  ]),
  endedMessage(4999, false),
  END_UNPROVEN_MESSAGE,
  LIVE_TOO_LARGE_MESSAGE,
  LIVE_LOAD_FAILED,
];

/** Every status the status bar and the dialog can be given. */
function everyStatus(): { status: LiveStatus; joining: boolean }[] {
  const all: { status: LiveStatus; joining: boolean }[] = [];
  for (const state of STATES)
    for (const message of MESSAGES)
      for (const joining of [false, true])
        for (const synced of [false, true])
          for (const canEdit of [false, true])
            all.push({ status: { state, message, peers: [], canEdit, synced }, joining });
  return all;
}

/** Two marks of punctuation in a row ("….", "..", "…:", ".:"), or a space before one. */
const DOUBLED = /[.…!?:;,][.…!?:;,]|\s[.…!?:;,]/;

describe("live status words", () => {
  it("every reason is one sentence or more, ending in one mark", () => {
    for (const message of MESSAGES) {
      if (message === null) continue;
      expect(message, message).toMatch(/[.!?]$/);
      expect(message, message).not.toMatch(DOUBLED);
    }
  });

  it("the status bar never doubles punctuation, whatever the state and reason", () => {
    const seen = new Set<string>();
    for (const { status, joining } of everyStatus()) {
      const line = liveStatusLine(status, joining);
      expect(line, line).not.toMatch(DOUBLED);
      if (status.message) expect(line.endsWith(status.message)).toBe(true);
      seen.add(line);
    }
    expect(seen).toContain("Reconnecting…");
    expect(seen).toContain(`Reconnecting: ${CLOSE_REASONS[CloseCode.RelayBusy]}`);
    expect(seen).toContain(`Ended: ${CLOSE_REASONS[CloseCode.RoomEnded]}`);
  });

  it("the dialog's sentence for each state ends in exactly one mark", () => {
    for (const { status, joining } of everyStatus()) {
      const sentence = liveStatusSentence(status, joining);
      // The dialog follows it with a space and its next sentence.
      const shown = `${sentence} Send a link to the people you want to write with.`;
      expect(shown, shown).not.toMatch(DOUBLED);
      expect(sentence).toMatch(/[.…]$/);
      expect(sentence.startsWith(liveStateWords(status, joining))).toBe(true);
    }
    const connecting: LiveStatus = {
      state: "connecting",
      message: null,
      peers: [],
      canEdit: true,
      synced: false,
    };
    expect(liveStatusSentence(connecting, false)).toBe("Connecting…");
    expect(liveStatusSentence({ ...connecting, state: "live", synced: true }, false)).toBe("Live.");
  });

  it("asSentence adds a full stop only where none ends the words", () => {
    expect(asSentence("Live")).toBe("Live.");
    expect(asSentence("Connecting…")).toBe("Connecting…");
    expect(asSentence("Ended.")).toBe("Ended.");
    expect(asSentence("Really?")).toBe("Really?");
  });
});
