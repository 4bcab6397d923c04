// The rooms-per-address limit against real relay processes on 127.0.0.1 (the bundled server,
// one process each): a client that writes its own X-Forwarded-For entries in front of the
// proxy's cannot spread over made-up addresses, an IPv6 /64 counts as one address, and
// processes sharing a real redis-server share one count.
import { describe, expect, it } from "vitest";
import { CloseCode, LIVE_LIMITS, MessageType } from "@plainpad/wire";
import { joinMessage, newKeys, until } from "./test-client";
import { openClient, type RelayProcess, relayProcessesForFile } from "./test-relay-process";

const CAP = LIVE_LIMITS.roomsPerAddressPerHour;

const relays = relayProcessesForFile({ redis: true });

async function relay(env: Record<string, string>): Promise<RelayProcess> {
  return relays.start({
    RELAY_DATA_DIR: await relays.dataDir("plainpad-address-"),
    // These tests count rooms per hour; JOINs per second are another limit (relay-limits.test.ts).
    RELAY_JOINS_PER_ADDRESS_PER_SECOND: "1000",
    ...env,
  });
}

/**
 * Creates a new room through `url` as a proxy would forward it (with this X-Forwarded-For);
 * resolves "created", or "refused" when the relay closed with TooManyRooms.
 */
async function createRoom(url: string, forwardedFor: string): Promise<"created" | "refused"> {
  const log = await openClient(url, { "X-Forwarded-For": forwardedFor });
  log.send(joinMessage(newKeys()));
  await until(
    () => log.ofType(MessageType.Welcome).length > 0 || log.closed !== null,
    10_000,
    "WELCOME or close",
  );
  const welcome = log.ofType(MessageType.Welcome)[0];
  // One at a time: the test is about the hourly count, not about open connections.
  log.socket.close();
  await until(() => log.closed !== null, 10_000, "close");
  if (welcome?.created) return "created";
  expect(log.closed?.code).toBe(CloseCode.TooManyRooms);
  return "refused";
}

async function createRooms(urls: string[], forwardedFor: (i: number) => string, count: number) {
  const outcomes: string[] = [];
  for (let i = 0; i < count; i++) {
    outcomes.push(await createRoom(urls[i % urls.length]!, forwardedFor(i)));
  }
  return outcomes.filter((outcome) => outcome === "created").length;
}

describe("rooms per address", () => {
  it(`TRUST_PROXY=1: ${CAP + 10} rooms behind forged X-Forwarded-For heads hit the cap of ${CAP}`, async () => {
    const one = await relay({ TRUST_PROXY: "1" });
    // The client wrote the first entries; the proxy appended the address it saw.
    const created = await createRooms([one.url], (i) => `198.51.100.${i}, 203.0.113.7`, CAP + 10);
    expect(created).toBe(CAP);
  }, 120_000);

  it("TRUST_PROXY=2 takes the entry the outer of two proxies wrote", async () => {
    const one = await relay({ TRUST_PROXY: "2" });
    const created = await createRooms(
      [one.url],
      (i) => `198.51.100.${i}, 203.0.113.9, 10.0.0.${i}`,
      CAP + 5,
    );
    expect(created).toBe(CAP);
  }, 120_000);

  it("counts the addresses of one IPv6 /64 as one", async () => {
    const one = await relay({ TRUST_PROXY: "1" });
    const created = await createRooms(
      [one.url],
      (i) => `2001:db8:7:7:${(i + 1).toString(16)}::1`,
      CAP + 5,
    );
    expect(created).toBe(CAP);
  }, 120_000);

  it("two processes sharing one Redis share one count", async () => {
    const env = { TRUST_PROXY: "1", REDIS_URL: relays.redis.url };
    const [one, two] = await Promise.all([relay(env), relay(env)]);
    const created = await createRooms([one.url, two.url], () => "203.0.113.8", CAP + 10);
    expect(created).toBe(CAP);
  }, 120_000);
});
