// `npm run bench collab`, the relay's part: simulated clients against the live relay on
// 127.0.0.1 (default 1,000 clients in 100 rooms, 2 updates a second each), measuring the
// fan-out latency (sender to each other client in the room): one relay process, then two
// relay processes sharing rooms through a real redis-server, then Hocuspocus (plaintext Yjs,
// @hocuspocus/server) under the same load with y-protocols sync messages. Each phase connects
// for at most 25 s, warms up 3 s and measures COLLAB_SECONDS (20, at most 30): under 60 s. COLLAB_CLIENTS, COLLAB_ROOMS and
// COLLAB_RATE change the load. The bench's own process runs every client, so on a small
// machine its CPU is part of what is measured (its use is printed).
import { existsSync } from "node:fs";
import path from "node:path";
import {
  Samples,
  cpuSeconds,
  freePort,
  hocuspocusRoom,
  loadWire,
  relayRoom,
  startProcess,
  startRedis,
  startRelay,
} from "./collab-load.mjs";
import { percentile, printTable } from "./lib.mjs";

const CLIENTS = Number(process.env.COLLAB_CLIENTS ?? 1000);
const ROOMS = Number(process.env.COLLAB_ROOMS ?? 100);
const RATE = Number(process.env.COLLAB_RATE ?? 2);
const SECONDS = Math.min(30, Number(process.env.COLLAB_SECONDS ?? 20));
const CONNECT_MS = 25_000;
const ROOM_SIZE = Math.max(2, Math.round(CLIENTS / ROOMS));

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs one load phase: rooms made by makeRoom(index, samples), then SECONDS measured. */
async function runLoad(setup, makeRoom, pids) {
  const samples = new Samples();
  const rooms = [];
  // Connecting is bounded too: the rooms connected within CONNECT_MS carry the load.
  const connectUntil = Date.now() + CONNECT_MS;
  for (let first = 0; first < ROOMS && Date.now() < connectUntil; first += 25) {
    const batch = [];
    for (let i = first; i < Math.min(ROOMS, first + 25); i++) batch.push(makeRoom(i, samples));
    rooms.push(...(await Promise.all(batch)));
  }
  const timers = [];
  const every = 1000 / RATE;
  for (const room of rooms) {
    for (const client of room.clients) {
      timers.push(
        setTimeout(() => {
          timers.push(setInterval(() => room.send(client), every));
        }, Math.random() * every),
      );
    }
  }
  await sleep(3000);
  const serverBefore = await Promise.all(pids.map(cpuSeconds));
  const benchBefore = process.cpuUsage();
  samples.measuring = true;
  await sleep(SECONDS * 1000);
  samples.measuring = false;
  const serverAfter = await Promise.all(pids.map(cpuSeconds));
  const bench = process.cpuUsage(benchBefore);
  for (const timer of timers) clearInterval(timer);
  for (const room of rooms) {
    for (const client of room.clients) (client.socket ?? client).terminate();
  }
  const expected = samples.sent * (ROOM_SIZE - 1);
  const serverCpu = serverAfter.reduce((sum, after, i) => sum + after - serverBefore[i], 0);
  const p95 = percentile(samples.latencies, 95);
  return {
    row: {
      setup,
      clients: rooms.length * ROOM_SIZE,
      "updates/s": Math.round(samples.sent / SECONDS),
      "fan-out p50 ms": percentile(samples.latencies, 50).toFixed(1),
      "p95 ms": p95.toFixed(1),
      "p99 ms": percentile(samples.latencies, 99).toFixed(1),
      delivered: `${((100 * samples.latencies.length) / Math.max(1, expected)).toFixed(1)}%`,
      "server CPU %": ((100 * serverCpu) / SECONDS).toFixed(0),
      "bench CPU %": ((100 * (bench.user + bench.system)) / 1e6 / SECONDS).toFixed(0),
    },
    p95,
  };
}

/** The relay load bench (run by bench/run.mjs; ignores the browser). */
export default async function collabRelayBench() {
  const main = path.resolve(process.env.BUILD_DIR ?? "build", "server", "main.mjs");
  if (!existsSync(main)) throw new Error(`No server bundle at ${main}: run "npm run build".`);
  const wire = await loadWire();
  const rows = [];

  const one = await startRelay();
  try {
    rows.push(
      await runLoad(
        "relay, 1 process (disk store)",
        (i, s) => relayRoom(wire, [one.url], ROOM_SIZE, i, s),
        [one.pid],
      ),
    );
  } finally {
    await one.stop();
  }

  const redis = await startRedis();
  try {
    const relays = [
      await startRelay({ REDIS_URL: redis.url }),
      await startRelay({ REDIS_URL: redis.url }),
    ];
    try {
      const urls = relays.map((relay) => relay.url);
      rows.push(
        await runLoad(
          "relay, 2 processes + Redis",
          (i, s) => relayRoom(wire, urls, ROOM_SIZE, i, s),
          [...relays.map((relay) => relay.pid), redis.pid],
        ),
      );
    } finally {
      await Promise.all(relays.map((relay) => relay.stop()));
    }
  } finally {
    await redis.stop();
  }

  const port = await freePort();
  const hocuspocus = await startProcess(
    process.execPath,
    ["bench/collab-hocuspocus-server.mjs", String(port)],
    {},
    "listening",
  );
  try {
    rows.push(
      await runLoad(
        "Hocuspocus 3.4.4 (plaintext, 1 process)",
        (i, s) => hocuspocusRoom(`ws://127.0.0.1:${port}`, ROOM_SIZE, i, s),
        [hocuspocus.pid],
      ),
    );
  } finally {
    await hocuspocus.stop();
  }

  printTable(
    `Relay fan-out: ${ROOMS} rooms of ${ROOM_SIZE}, ${RATE} updates/s each, ${SECONDS} s`,
    rows.map((result) => result.row),
  );
  const ratio = rows[2].p95 / rows[0].p95;
  console.log(
    `\nHocuspocus p95 / relay p95 (one process each): ${ratio.toFixed(2)} ` +
      `(above 1: the relay is faster). Target: relay p95 <= 100 ms.`,
  );
}
