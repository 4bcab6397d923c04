// `npm run bench collab`, the relay's part: simulated clients against the live relay on
// 127.0.0.1 (default 1,000 clients in 100 rooms, 2 updates a second each), measuring the
// fan-out latency (sender to each other client in the room). Phases, each printed as a row:
// one relay process; the same with RELAY_FSYNC=off (acknowledged once in the page cache, as
// Hocuspocus without a persistence extension keeps nothing at all); two relay processes sharing
// rooms through a real redis-server;
// Hocuspocus (plaintext Yjs, @hocuspocus/server) under the same load with y-protocols sync
// messages; one relay process at 5,000 clients in 500 rooms (COLLAB_BIG_CLIENTS,
// COLLAB_BIG_ROOMS) with its memory per client, the same with one client typing per room, and
// Hocuspocus at the first of those two; and the same load as the first phase on one
// relay measured without, then with, the attacks of collab-attacks.mjs running against it
// (its memory sampled, a relay that dies reported as such). Each phase connects for a bounded
// time, warms up 3 s and measures COLLAB_SECONDS (20, at most 30). COLLAB_CLIENTS, COLLAB_ROOMS
// and COLLAB_RATE change the load. On a machine with two CPUs or more the servers under test
// (relays, Redis, Hocuspocus) run on CPU 0 and the bench's clients on CPU 1 (collab-pin.mjs,
// `taskset`; COLLAB_PIN=off turns it off), so each row's server CPU % and its CPU time per 1,000
// updates are the server's own; the attacks run in a process of their own on the bench's CPU
// (collab-attacks-process.mjs). Everything stays on 127.0.0.1 and every phase is bounded in
// clients and time.
import { existsSync } from "node:fs";
import path from "node:path";
import { ATTACK } from "./collab-attacks.mjs";
import { startAttacksProcess } from "./collab-attacks-process.mjs";
import {
  Samples,
  cpuSeconds,
  freePort,
  hocuspocusRoom,
  loadWire,
  relayRoom,
  rssBytes,
  startProcess,
  startRedis,
  startRelay,
} from "./collab-load.mjs";
import { pinProcess, pinSelf, pinnedCommand, unpinSelf } from "./collab-pin.mjs";
import { percentile, printTable } from "./lib.mjs";

const CLIENTS = Number(process.env.COLLAB_CLIENTS ?? 1000);
const ROOMS = Number(process.env.COLLAB_ROOMS ?? 100);
const BIG_CLIENTS = Number(process.env.COLLAB_BIG_CLIENTS ?? 5000);
const BIG_ROOMS = Number(process.env.COLLAB_BIG_ROOMS ?? 500);
const RATE = Number(process.env.COLLAB_RATE ?? 2);
const SECONDS = Math.min(30, Number(process.env.COLLAB_SECONDS ?? 20));
const CONNECT_MS = 25_000;
const BIG_CONNECT_MS = 90_000;
const MiB = 1024 * 1024;
// The relay's memory bound under the attacks, above its memory just before them: what its own
// limits allow (unfinished pieces 96 MiB in all; per slow reader 4 MiB queued and 1 MiB unsent)
// with room for the heap's growth. COLLAB_ATTACK_BOUND_MB changes it.
const ATTACK_BOUND_MIB = Number(
  process.env.COLLAB_ATTACK_BOUND_MB ?? 96 + ATTACK.slowReaders * 5 + 64,
);
// The attacks' setup (their rooms, captured entries, paused readers) before they count.
const ATTACK_SETUP_S = 30;
// Past this the bench stops the attacks and the relay, so a relay that keeps everything cannot
// take the machine's memory: the row then says so.
const ATTACK_KILL_MIB = Number(process.env.COLLAB_ATTACK_KILL_MB ?? 1536);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const mib = (bytes) => (Number.isFinite(bytes) ? (bytes / MiB).toFixed(0) : "n/a");
const fixed = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : "n/a");

/**
 * Connects `rooms` rooms of makeRoom(index, samples), 25 at a time for at most `connectMs`
 * (the rooms connected by then carry the load; a room that fails to connect is counted), and
 * starts the first `sendersPerRoom` clients of each room (all by default) sending RATE updates
 * a second; the others only receive.
 */
async function startLoad(makeRoom, rooms, connectMs, sendersPerRoom = Infinity) {
  const samples = new Samples();
  const connected = [];
  let failed = 0;
  const connectUntil = Date.now() + connectMs;
  for (let first = 0; first < rooms && Date.now() < connectUntil; first += 25) {
    const batch = [];
    for (let i = first; i < Math.min(rooms, first + 25); i++) batch.push(makeRoom(i, samples));
    for (const result of await Promise.allSettled(batch)) {
      if (result.status === "fulfilled") connected.push(result.value);
      else failed++;
    }
  }
  const timers = [];
  const every = 1000 / RATE;
  for (const room of connected) {
    for (const client of room.clients.slice(0, sendersPerRoom)) {
      timers.push(
        setTimeout(() => {
          timers.push(setInterval(() => room.send(client), every));
        }, Math.random() * every),
      );
    }
  }
  const clients = connected.reduce((sum, room) => sum + room.clients.length, 0);
  return {
    samples,
    clients,
    failed,
    stop() {
      for (const timer of timers) clearInterval(timer);
      for (const room of connected) {
        for (const client of room.clients) (client.socket ?? client).terminate();
      }
    },
  };
}

/** Measures SECONDS of a running load: fan-out latencies and the CPU of the processes `pids`. */
async function measureWindow(load, pids) {
  const { samples } = load;
  samples.latencies = [];
  samples.sent = 0;
  samples.closes = new Map();
  const serverBefore = await Promise.all(pids.map(cpuSeconds));
  const benchBefore = process.cpuUsage();
  samples.measuring = true;
  await sleep(SECONDS * 1000);
  samples.measuring = false;
  const serverAfter = await Promise.all(pids.map(cpuSeconds));
  const bench = process.cpuUsage(benchBefore);
  const serverCpu = serverAfter.reduce((sum, after, i) => sum + after - serverBefore[i], 0);
  const roomSize = load.clients / Math.max(1, load.rooms);
  // Every update goes to every other client of its room, sender or not.
  const expected = samples.sent * (roomSize - 1);
  return {
    p50: percentile(samples.latencies, 50),
    p95: percentile(samples.latencies, 95),
    p99: percentile(samples.latencies, 99),
    updatesPerSecond: Math.round(samples.sent / SECONDS),
    delivered: `${fixed((100 * samples.latencies.length) / Math.max(1, expected))}%`,
    closes: [...samples.closes].map(([code, n]) => `${code} x${n}`).join(", ") || "none",
    serverCpu: fixed((100 * serverCpu) / SECONDS, 0),
    // The steadier measure on a shared machine: the server's CPU time per 1,000 updates sent.
    serverMsPer1000: fixed((1e6 * serverCpu) / Math.max(1, samples.sent), 0),
    benchCpu: fixed((100 * (bench.user + bench.system)) / 1e6 / SECONDS, 0),
  };
}

/** Sums the resident memory of processes (NaN when one is gone). */
async function totalRss(pids) {
  const values = await Promise.all(pids.map(rssBytes));
  return values.reduce((sum, value) => sum + value, 0);
}

/** One table row of a measured window. */
function tableRow(setup, load, window, rssDelta) {
  return {
    setup,
    clients: load.clients,
    "updates/s": window.updatesPerSecond,
    "fan-out p50 ms": fixed(window.p50),
    "p95 ms": fixed(window.p95),
    "p99 ms": fixed(window.p99),
    delivered: window.delivered,
    "server CPU %": window.serverCpu,
    "server CPU ms/1,000 updates": window.serverMsPer1000,
    "bench CPU %": window.benchCpu,
    "server RSS +MiB": mib(rssDelta),
    "KiB/client": Number.isFinite(rssDelta) ? fixed(rssDelta / 1024 / load.clients) : "n/a",
  };
}

/** Runs one load phase of `rooms` rooms (makeRoom(index, samples)) and measures SECONDS. */
async function runLoad(
  setup,
  makeRoom,
  pids,
  { rooms = ROOMS, connectMs = CONNECT_MS, sendersPerRoom = Infinity } = {},
) {
  const rssBefore = await totalRss(pids);
  const load = await startLoad(makeRoom, rooms, connectMs, sendersPerRoom);
  load.rooms = rooms - load.failed;
  try {
    await sleep(3000);
    const window = await measureWindow(load, pids);
    const rssDelta = (await totalRss(pids)) - rssBefore;
    const label = load.failed > 0 ? `${setup} (${load.failed} rooms failed to connect)` : setup;
    return { row: tableRow(label, load, window, rssDelta), p95: window.p95, load, rssDelta };
  } finally {
    load.stop();
  }
}

/**
 * The "under attack" phase: one relay with the first phase's load, measured without attacks,
 * then with every attack of collab-attacks.mjs running against the same relay, its memory
 * sampled every 250 ms. A relay that dies, or passes ATTACK_KILL_MIB and is stopped, is
 * reported as such.
 */
async function runUnderAttack(wire) {
  const relay = await startRelay();
  const roomSize = Math.max(2, Math.round(CLIENTS / ROOMS));
  try {
    const load = await startLoad(
      (i, s) => relayRoom(wire, [relay.url], roomSize, i, s),
      ROOMS,
      CONNECT_MS,
    );
    load.rooms = ROOMS - load.failed;
    try {
      await sleep(3000);
      const calm = await measureWindow(load, [relay.pid]);
      const rssBefore = await rssBytes(relay.pid);
      // Setting up may take a while on a relay that is falling behind: bounded by ATTACK_SETUP_S.
      const attacks = startAttacksProcess(relay.url, ATTACK_SETUP_S + SECONDS + 5);
      let peak = rssBefore;
      let killed = false;
      const sampler = setInterval(async () => {
        const rss = await rssBytes(relay.pid);
        if (Number.isFinite(rss)) peak = Math.max(peak, rss);
        if (!killed && rss > ATTACK_KILL_MIB * MiB) {
          killed = true;
          void attacks.stop();
          void relay.stop();
        }
      }, 250);
      // Every attack under way (its first bytes in) before the window.
      await Promise.race([attacks.running, sleep(ATTACK_SETUP_S * 1000)]);
      await sleep(2000);
      const attacked = await measureWindow(load, [relay.pid]);
      const outcomes = await attacks.stop();
      clearInterval(sampler);
      const exited = relay.exited();
      const alive = exited
        ? killed
          ? `stopped by the bench at ${mib(peak)} MiB`
          : `relay died (exit ${exited.code ?? exited.signal})`
        : "relay alive";
      return {
        calm,
        attacked,
        load,
        rssBefore,
        peak,
        alive,
        outcomes,
        tail: exited ? relay.tail() : "",
      };
    } finally {
      load.stop();
    }
  } finally {
    await relay.stop();
  }
}

/** The relay load bench (run by bench/run.mjs; ignores the browser). */
export default async function collabRelayBench() {
  console.log(pinSelf());
  try {
    await relayPhases();
  } finally {
    // The benches after this one in the same run measure pages, not servers: every CPU again.
    unpinSelf();
  }
}

async function relayPhases() {
  const main = path.resolve(process.env.BUILD_DIR ?? "build", "server", "main.mjs");
  if (!existsSync(main)) throw new Error(`No server bundle at ${main}: run "npm run build".`);
  const wire = await loadWire();
  const roomSize = Math.max(2, Math.round(CLIENTS / ROOMS));
  const results = {};

  const one = await startRelay();
  try {
    results.one = await runLoad(
      "relay, 1 process (disk store)",
      (i, s) => relayRoom(wire, [one.url], roomSize, i, s),
      [one.pid],
    );
  } finally {
    await one.stop();
  }

  const pageCache = await startRelay({ RELAY_FSYNC: "off" });
  try {
    results.pageCache = await runLoad(
      "relay, 1 process, RELAY_FSYNC=off",
      (i, s) => relayRoom(wire, [pageCache.url], roomSize, i, s),
      [pageCache.pid],
    );
  } finally {
    await pageCache.stop();
  }

  const redis = await startRedis();
  pinProcess(redis.pid);
  try {
    const relays = [
      await startRelay({ REDIS_URL: redis.url }),
      await startRelay({ REDIS_URL: redis.url }),
    ];
    try {
      const urls = relays.map((relay) => relay.url);
      results.two = await runLoad(
        "relay, 2 processes + Redis",
        (i, s) => relayRoom(wire, urls, roomSize, i, s),
        [...relays.map((relay) => relay.pid), redis.pid],
      );
    } finally {
      await Promise.all(relays.map((relay) => relay.stop()));
    }
  } finally {
    await redis.stop();
  }

  const port = await freePort();
  const hocuspocus = await startProcess(
    ...pinnedCommand(process.execPath, ["bench/collab-hocuspocus-server.mjs", String(port)]),
    {},
    "listening",
  );
  try {
    results.hocuspocus = await runLoad(
      "Hocuspocus 3.4.4 (plaintext, 1 process)",
      (i, s) => hocuspocusRoom(`ws://127.0.0.1:${port}`, roomSize, i, s),
      [hocuspocus.pid],
    );
  } finally {
    await hocuspocus.stop();
  }

  const bigRoomSize = Math.max(2, Math.round(BIG_CLIENTS / BIG_ROOMS));
  const bigOptions = { rooms: BIG_ROOMS, connectMs: BIG_CONNECT_MS };
  const big = await startRelay();
  try {
    results.big = await runLoad(
      `relay, 1 process, ${BIG_ROOMS} rooms of ${bigRoomSize}`,
      (i, s) => relayRoom(wire, [big.url], bigRoomSize, i, s),
      [big.pid],
      bigOptions,
    );
  } finally {
    await big.stop();
  }
  // The same 5,000 with one person typing per room and the others reading (a meeting's
  // notes): the fan-out is the same per update, the updates a tenth.
  const bigOneTypist = await startRelay();
  try {
    results.bigOneTypist = await runLoad(
      `relay, 1 process, ${BIG_ROOMS} rooms of ${bigRoomSize}, one typing per room`,
      (i, s) => relayRoom(wire, [bigOneTypist.url], bigRoomSize, i, s),
      [bigOneTypist.pid],
      { ...bigOptions, sendersPerRoom: 1 },
    );
  } finally {
    await bigOneTypist.stop();
  }
  // Hocuspocus under the first 5,000 load: whether one process of a plaintext server holds it
  // on this machine at all, so the relay's row can be read against it.
  const bigPort = await freePort();
  const bigHocuspocus = await startProcess(
    ...pinnedCommand(process.execPath, ["bench/collab-hocuspocus-server.mjs", String(bigPort)]),
    {},
    "listening",
  );
  try {
    results.bigHocuspocus = await runLoad(
      `Hocuspocus, 1 process, ${BIG_ROOMS} rooms of ${bigRoomSize}`,
      (i, s) => hocuspocusRoom(`ws://127.0.0.1:${bigPort}`, bigRoomSize, i, s),
      [bigHocuspocus.pid],
      bigOptions,
    );
  } finally {
    await bigHocuspocus.stop();
  }

  const attack = await runUnderAttack(wire);

  printTable(
    `Relay fan-out: ${ROOMS} rooms of ${roomSize} (last: ${BIG_ROOMS} of ${bigRoomSize}), ${RATE} updates/s each, ${SECONDS} s`,
    [
      results.one,
      results.pageCache,
      results.two,
      results.hocuspocus,
      results.big,
      results.bigOneTypist,
      results.bigHocuspocus,
    ].map((result) => result.row),
  );
  const verdict = (ok) => (ok ? "met" : "NOT met");
  const hocuspocusRatio = results.hocuspocus.p95 / results.one.p95;
  const redisRatio = results.two.p95 / results.one.p95;
  const pageCacheRatio = results.hocuspocus.p95 / results.pageCache.p95;
  console.log(
    `\nHocuspocus p95 / relay p95 at ${results.one.load.clients} clients (one process each): ` +
      `${fixed(hocuspocusRatio, 2)} (above 1: the relay is faster); goal >= 1.0: ${verdict(hocuspocusRatio >= 1)}.`,
  );
  console.log(
    `Hocuspocus p95 / relay p95 with RELAY_FSYNC=off (neither waits for the disk): ` +
      `${fixed(pageCacheRatio, 2)}.`,
  );
  console.log(
    `Two relay processes over Redis p95 / one process p95: ${fixed(redisRatio, 2)}; ` +
      `goal <= 1.5: ${verdict(redisRatio <= 1.5)}.`,
  );
  console.log(
    `One process at ${results.big.load.clients} clients in ${results.big.load.rooms} rooms: p95 ` +
      `${fixed(results.big.p95)} ms (goal <= 100: ${verdict(results.big.p95 <= 100)}); memory per client ` +
      `${fixed(results.big.rssDelta / 1024 / results.big.load.clients)} KiB (RSS +${mib(results.big.rssDelta)} MiB); ` +
      `Hocuspocus under the same load: p95 ${fixed(results.bigHocuspocus.p95)} ms.`,
  );
  console.log(
    `The same with one person typing per room: p95 ${fixed(results.bigOneTypist.p95)} ms ` +
      `(goal <= 100: ${verdict(results.bigOneTypist.p95 <= 100)}).`,
  );

  const attackRatio = attack.attacked.p95 / attack.calm.p95;
  const growth = attack.peak - attack.rssBefore;
  printTable(
    `Under attack: one relay, ${attack.load.clients} honest clients in ${attack.load.rooms} rooms, ${SECONDS} s without, then ${SECONDS} s with the attacks`,
    [
      { ...tableRow("honest rooms, no attack", attack.load, attack.calm, NaN), relay: "" },
      {
        ...tableRow("honest rooms, under attack", attack.load, attack.attacked, NaN),
        relay: attack.alive,
      },
    ].map(({ "server RSS +MiB": _rss, "KiB/client": _perClient, ...row }) => row),
  );
  console.log(
    `\nUnder attack p95 / without: ${fixed(attackRatio, 2)} (goal <= 2: ${verdict(attackRatio <= 2)}); ` +
      `relay RSS ${mib(attack.rssBefore)} MiB before the attacks, peak ${mib(attack.peak)} MiB ` +
      `(+${mib(growth)} MiB; bound +${ATTACK_BOUND_MIB} MiB: ${verdict(growth <= ATTACK_BOUND_MIB * MiB && !attack.tail)}); ${attack.alive}.`,
  );
  console.log(
    `Honest clients the relay closed: ${attack.calm.closes} without the attacks, ${attack.attacked.closes} under them.`,
  );
  for (const outcome of attack.outcomes) console.log(`- ${outcome}`);
  if (attack.tail) console.log(`The relay's last output:\n${attack.tail.slice(-600)}`);
}
