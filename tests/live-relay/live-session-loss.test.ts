/**
 * A relay that loses data must not lose anyone's text: its data folder deleted, Redis flushed,
 * or the last writes gone in a power loss. Returning clients learn it from the room's epoch (or
 * a head below what they had), take the room from the start and send back all they hold, so a
 * new joiner afterwards gets the whole text. Real sessions, the real hub, real stores.
 */
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createDiskRoomStore } from "../../server/relay/disk-store";
import { openRedisBackend } from "../../server/relay/redis-backend";
import { createRelayHub } from "../../server/relay/relay-hub";
import type { RoomStore } from "../../server/relay/room-store";
import type { RoomFanout } from "../../server/relay/room-fanout";
import { startTestRedis, type TestRedis } from "../../server/relay/test-redis";
import { keysFromSecret } from "~/collab/live-keys";
import type { LiveSession, LiveSessionOptions } from "~/collab/live-session";
import { TestNetwork, TestSessions } from "./live-test-network";
import { memoryStateStore } from "~/collab/live-test-support";

const keys = keysFromSecret(new Uint8Array(32).fill(49));
const dirs: string[] = [];
let network: TestNetwork;
let closeRelay: () => Promise<void> = async () => {};
const people = new TestSessions({ network: () => network, keys, subnet: "10.0.2", roundMs: 500 });
const join = (userName: string, options: Partial<LiveSessionOptions> = {}) =>
  people.join({ userName, ...options });
const settle = (rounds?: number) => people.settle(rounds);
const keptState = () => memoryStateStore().store;

/** Starts a relay hub on a store (and fan-out) and points the network at it. */
function runRelay(store: RoomStore, fanout?: RoomFanout, close?: () => Promise<void>): void {
  const hub = createRelayHub({ store, fanout, idleSweepMs: 0 });
  if (network) network.hub = hub;
  else network = new TestNetwork(hub);
  closeRelay = async () => {
    await hub.close();
    await (close ?? (() => store.close()))();
  };
}

async function freshDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "plainpad-loss-"));
  dirs.push(dir);
  return dir;
}

/** A disk store as the relay opens it, without the free-space floor (tests share a disk). */
const diskStore = (dir: string) =>
  createDiskRoomStore(dir, { durable: false, quotas: { minFreeBytes: 0 } });

/** Types one line at the end and lets it reach the relay. */
async function typeLine(session: LiveSession, line: string): Promise<void> {
  session.text.insert(session.text.length, line);
  await settle(3);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
});
afterEach(async () => {
  await people.leaveAll();
  await closeRelay();
  vi.useRealTimers();
});
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/**
 * Ada starts a room and Bo edits in it; then the relay loses everything (`lose`), while Ada
 * stays (she reconnects) and Bo comes back later from the state his browser kept. A new joiner
 * afterwards must see every line.
 */
async function loseTheRoom(lose: () => Promise<void>): Promise<void> {
  const ada = join("Ada", { create: true, initialText: "Notes\n" });
  await settle(3);
  const kept = keptState();
  const bo = join("Bo", { stateStore: kept });
  await settle(3);
  await typeLine(bo, "Bo's line\n");
  await typeLine(ada, "Ada's line\n");
  bo.leave();
  await settle(2);

  await closeRelay();
  await lose();
  await settle(10); // Ada reconnects to the relay that lost the room
  expect(ada.getStatus().state).toBe("live");
  await typeLine(ada, "Ada again\n");
  await typeLine(ada, "And again\n");

  const boAgain = join("Bo", { stateStore: kept });
  await settle(5);
  await boAgain.whenSynced();
  const whole = "Notes\nBo's line\nAda's line\nAda again\nAnd again\n";
  expect(ada.text.toString()).toBe(whole);
  expect(boAgain.text.toString()).toBe(whole);
  const newcomer = join("Cy");
  await settle(3);
  await newcomer.whenSynced();
  expect(newcomer.text.toString()).toBe(whole);
}

describe("a relay that loses its data", () => {
  it("re-creates a room whose data folder was deleted from the clients that return", async () => {
    const dir = await freshDir();
    runRelay(diskStore(dir));
    await loseTheRoom(async () => {
      await rm(dir, { recursive: true, force: true });
      runRelay(diskStore(dir));
    });
  });

  it("keeps text whose entries a power loss took, even once the head grew past them", async () => {
    const dir = await freshDir();
    const before = await freshDir();
    runRelay(diskStore(dir));
    const keptByAda = keptState();
    const keptByBo = keptState();
    const ada = join("Ada", { create: true, initialText: "one\n", stateStore: keptByAda });
    await settle(3);
    const bo = join("Bo", { stateStore: keptByBo });
    await settle(3);
    // What the disk held when the power went: the room and its first entry.
    await cp(dir, before, { recursive: true });
    await typeLine(bo, "two\n");
    ada.leave();
    await settle(2);
    await typeLine(bo, "three, only Bo saw it acknowledged\n");
    bo.leave();
    await settle(2);

    await closeRelay();
    await rm(dir, { recursive: true, force: true });
    await cp(before, dir, { recursive: true });
    runRelay(diskStore(dir));
    // Ada comes back first and writes enough that the room's head passes what Bo had.
    const adaAgain = join("Ada", { stateStore: keptByAda });
    await settle(5);
    for (const line of ["four\n", "five\n", "six\n"]) await typeLine(adaAgain, line);
    const boAgain = join("Bo", { stateStore: keptByBo });
    await settle(5);
    const newcomer = join("Cy");
    await settle(3);
    await newcomer.whenSynced();
    // "three" and Ada's later lines were typed apart at the same place: Yjs orders such
    // inserts by client, so the order may go either way, but every line is there for all.
    const text = newcomer.text.toString();
    const lines = ["one", "two", "three, only Bo saw it acknowledged", "four", "five", "six"];
    expect(text.split("\n").filter(Boolean).sort()).toEqual([...lines].sort());
    expect(boAgain.text.toString()).toBe(text);
    expect(adaAgain.text.toString()).toBe(text);
  });

  describe("in Redis", () => {
    let redis: TestRedis;
    let admin: Redis;
    beforeAll(async () => {
      redis = await startTestRedis();
      admin = new Redis(redis.url);
    });
    afterAll(async () => {
      admin.disconnect();
      await redis.stop();
    });

    async function redisRelay(): Promise<void> {
      const backend = await openRedisBackend(redis.url, 30);
      runRelay(backend.store, backend.fanout, () => backend.close());
    }

    it("re-creates a room lost to FLUSHALL from the clients that return", async () => {
      await redisRelay();
      await loseTheRoom(async () => {
        await admin.flushall();
        await redisRelay();
      });
    });
  });
});
