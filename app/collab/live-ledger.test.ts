/**
 * A relay that lies is noticed (issue 49 §5): live sessions against a relay double that drops an
 * acknowledged update, rolls back to an old backup, or forks two people apart. What it can do
 * is re-sent by those who have it; what stays missing is said in the page.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MISSING_AFTER_MS } from "./live-ledger";
import {
  LiveSession,
  MISSING_HERE_MESSAGE,
  MISSING_THERE_MESSAGE,
  type LiveSessionOptions,
} from "./live-session";
import { RelayDouble } from "./live-test-relay";
import { testKeys } from "./live-test-support";

const keys = testKeys(31);
let relay: RelayDouble;
const sessions: LiveSession[] = [];

function join(name: string, options: Partial<LiveSessionOptions> = {}): LiveSession {
  const session = new LiveSession({
    keys,
    relayUrl: "ws://relay.test/relay",
    create: false,
    userName: name,
    openSocket: relay.opener(name),
    tuning: { random: () => 0.5 },
    ...options,
  });
  sessions.push(session);
  session.start();
  relay.pump();
  return session;
}

/** Lets `ms` of time pass, with the relay passing messages on as they come. */
function pass(ms: number): void {
  for (let elapsed = 0; elapsed < ms; elapsed += 100) {
    vi.advanceTimersByTime(100);
    relay.pump();
  }
}

/** The words each session shows. */
function messages(...people: LiveSession[]): (string | null)[] {
  return people.map((session) => session.getStatus().message);
}

beforeEach(() => {
  vi.useFakeTimers();
  relay = new RelayDouble();
});
afterEach(() => {
  while (sessions.length) sessions.pop()?.leave();
  vi.useRealTimers();
});

describe("a relay that lies", () => {
  it("raises no alarm while the relay is honest", () => {
    const ada = join("Ada", { create: true, initialText: "hello" });
    const bo = join("Bo");
    for (const [at, letter] of [..." world"].entries()) {
      ada.text.insert(5 + at, letter);
      pass(300);
    }
    bo.text.insert(0, "> ");
    pass(3 * MISSING_AFTER_MS);
    expect(bo.text.toString()).toBe("> hello world");
    expect(ada.text.toString()).toBe("> hello world");
    expect(messages(ada, bo)).toEqual([null, null]);
  });

  it("re-sends an update the relay acknowledged and dropped", () => {
    const ada = join("Ada", { create: true, initialText: "hello" });
    const bo = join("Bo");
    pass(1000);
    relay.keep = () => false; // acknowledged, never kept nor passed on
    ada.text.insert(5, " world");
    pass(1000);
    relay.keep = () => true;
    ada.text.insert(11, "!");
    pass(1000);
    expect(bo.text.toString()).toBe("hello"); // "!" hangs on the lost " world"
    pass(MISSING_AFTER_MS);
    expect(bo.text.toString()).toBe("hello world!");
    const late = join("Cy");
    pass(1000);
    expect(late.text.toString()).toBe("hello world!"); // the repair is in the log too
    expect(messages(ada, bo, late)).toEqual([null, null, null]);
  });

  it("re-sends a deletion the relay dropped (deletions move no clock)", () => {
    const ada = join("Ada", { create: true, initialText: "keep drop" });
    const bo = join("Bo");
    pass(1000);
    relay.keep = () => false;
    ada.text.delete(4, 5);
    pass(1000);
    relay.keep = () => true;
    expect(bo.text.toString()).toBe("keep drop");
    pass(MISSING_AFTER_MS);
    expect(bo.text.toString()).toBe("keep");
    expect(messages(ada, bo)).toEqual([null, null]);
  });

  it("says so on both sides when the relay keeps losing one person's changes", () => {
    const ada = join("Ada", { create: true, initialText: "hello" });
    const bo = join("Bo");
    pass(1000);
    relay.sees = (from, to) => !(from === "Ada" && to === "Bo"); // repairs are lost too
    ada.text.insert(5, " world");
    pass(MISSING_AFTER_MS + 30_000);
    expect(bo.text.toString()).toBe("hello");
    expect(messages(ada, bo)).toEqual([MISSING_THERE_MESSAGE, MISSING_HERE_MESSAGE]);
    // The relay behaves again: the next repair goes through and the words go.
    relay.sees = () => true;
    pass(70_000);
    expect(bo.text.toString()).toBe("hello world");
    expect(messages(ada, bo)).toEqual([null, null]);
  });

  it("repairs a newcomer served an old snapshot and log (a rollback)", () => {
    const ada = join("Ada", { create: true, initialText: "one", tuning: { maxDelayMs: 10 } });
    pass(1000);
    const old = relay.backup();
    ada.text.insert(3, " two");
    pass(1000);
    ada.text.insert(7, " three");
    pass(1000);
    relay.rollBack(old);
    const cy = join("Cy");
    pass(1000);
    expect(cy.text.toString()).toBe("one"); // what the relay served
    pass(MISSING_AFTER_MS);
    expect(cy.text.toString()).toBe("one two three");
    expect(messages(ada, cy)).toEqual([null, null]);
  });

  it("notices a fork: two people shown different logs both say so", () => {
    const ada = join("Ada", { create: true, initialText: "base" });
    const bo = join("Bo");
    pass(1000);
    relay.sees = (from, to) => from === to; // each sees only their own writes
    ada.text.insert(4, " ada");
    bo.text.insert(0, "bo ");
    pass(MISSING_AFTER_MS + 30_000);
    expect(ada.text.toString()).toBe("base ada");
    expect(bo.text.toString()).toBe("bo base");
    // Each lacks what the other has, and neither's repairs get through.
    expect(messages(ada, bo)).toEqual([MISSING_HERE_MESSAGE, MISSING_HERE_MESSAGE]);
  });

  it("a view-only person is told too when something stays missing", async () => {
    const { viewOnlyKeys } = await import("./live-keys");
    const ada = join("Ada", { create: true, initialText: "hello" });
    const viewer = join("Viewer", { keys: viewOnlyKeys(keys) });
    pass(1000);
    relay.sees = (from, to) => !(from === "Ada" && to === "Viewer");
    ada.text.insert(5, " world");
    pass(MISSING_AFTER_MS + 30_000);
    expect(viewer.getStatus().message).toBe(MISSING_HERE_MESSAGE);
    relay.sees = () => true;
    pass(70_000);
    expect(viewer.text.toString()).toBe("hello world");
    expect(messages(ada, viewer)).toEqual([null, null]);
  });
});
