import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BACKOFF_FIRST_MS, BACKOFF_MAX_MS, LiveConnection } from "./live-connection";
import { scriptedOpener } from "./live-test-support";
import { CloseCode, MessageType } from "@plainpad/wire";

function connection(random = () => 1) {
  const opener = scriptedOpener();
  const events: string[] = [];
  const live = new LiveConnection({
    url: "ws://relay.test/relay",
    openSocket: opener.openSocket,
    random,
    events: {
      opened: () => events.push("opened"),
      message: (message) => events.push(`message ${message.type}`),
      dropped: (code) => events.push(`dropped ${code}`),
      ended: (code) => events.push(`ended ${code}`),
      network: (online) => events.push(online ? "online" : "offline"),
    },
  });
  return { live, sockets: opener.sockets, events };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("LiveConnection", () => {
  it("retries with doubling delays up to 15 s, and quickly again after a sync", () => {
    const { live, sockets } = connection();
    live.start();
    const delays: number[] = [];
    for (let attempt = 0; attempt < 8; attempt++) {
      const before = sockets.length;
      sockets[before - 1].drop(1006);
      let waited = 0;
      while (sockets.length === before) {
        vi.advanceTimersByTime(100);
        waited += 100;
      }
      delays.push(waited);
    }
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 15000, 15000, 15000]);
    expect(Math.max(...delays)).toBe(BACKOFF_MAX_MS);
    live.healthy();
    sockets[sockets.length - 1].drop(1001);
    vi.advanceTimersByTime(BACKOFF_FIRST_MS);
    expect(sockets).toHaveLength(10);
    live.stop();
  });

  it("jitters the delay so clients dropped together do not return together", () => {
    const { live, sockets } = connection(() => 0);
    live.start();
    sockets[0].drop(1006);
    vi.advanceTimersByTime(BACKOFF_FIRST_MS / 2);
    expect(sockets).toHaveLength(2);
    live.stop();
  });

  it("stops on a final close code and never retries", () => {
    const { live, sockets, events } = connection();
    live.start();
    sockets[0].open();
    sockets[0].drop(CloseCode.NotAllowed);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(events).toEqual(["opened", `ended ${CloseCode.NotAllowed}`]);
  });

  it("joins pieces back into one message and reconnects after a malformed frame", () => {
    const { live, sockets, events } = connection();
    live.start();
    sockets[0].open();
    sockets[0].deliver({
      type: MessageType.Ended,
      cause: "expired",
      at: 0,
      signature: new Uint8Array(0),
    });
    sockets[0].handlers?.message(Uint8Array.of(200, 1, 2));
    expect(events).toEqual(["opened", `message ${MessageType.Ended}`, "dropped 4400"]);
    vi.advanceTimersByTime(BACKOFF_FIRST_MS);
    expect(sockets).toHaveLength(2);
    live.stop();
  });

  it("connects afresh after the machine slept (a socket may look open but be dead)", () => {
    const { live, sockets, events } = connection();
    live.start();
    sockets[0].open();
    // The lid closes for an hour: timers do not run, then the clock has jumped.
    vi.setSystemTime(Date.now() + 60 * 60 * 1000);
    vi.advanceTimersByTime(5000);
    expect(sockets).toHaveLength(2);
    expect(sockets[0].closed).not.toBeNull();
    expect(events).toContain("dropped 1006");
    live.stop();
  });
});
