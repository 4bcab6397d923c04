// `npm run bench collab`, the relay's part: simulated clients against the live relay on
// 127.0.0.1 (default 1,000 clients in 100 rooms, 2 updates a second each), measuring the
// fan-out latency (sender to each other client in the room). Phases, each printed as a row:
// one relay process; the same with RELAY_FSYNC=off (acknowledged once in the page cache, as
// Hocuspocus without a persistence extension keeps nothing at all); one relay process and two
// relay processes sharing rooms through a real redis-server, both unpinned (below);
// Hocuspocus (plaintext Yjs, @hocuspocus/server) under the same load with y-protocols sync
// messages; one relay process at 5,000 clients in 500 rooms (COLLAB_BIG_CLIENTS,
// COLLAB_BIG_ROOMS) with its memory per client, the same with one client typing per room, and
// Hocuspocus at the first of those two; and the same load as the first phase on one relay
// measured without the attacks of collab-attacks.mjs, with them against a second relay (the
// control), and with them against it (collab-attack-phase.mjs). Each phase connects for a
// bounded time, warms up 3 s and measures COLLAB_SECONDS (20, at most 30). COLLAB_CLIENTS,
// COLLAB_ROOMS and COLLAB_RATE change the load; COLLAB_PHASES (say "redis,attack") runs only
// the phases named: one, fsync-off, redis, hocuspocus, big, attack. With both "one" and
// "hocuspocus", the two run in turn COLLAB_RATIO_PAIRS times (3): p95s of 2-4 ms moved by half
// between runs minutes apart on this machine, so one run of each could not say which is
// faster; the ratio is taken between the medians, and each pair's is printed too.
//
// On a machine with two CPUs or more the servers under test (relays, Redis, Hocuspocus) run on
// CPU 0 and the bench's clients on CPU 1 (collab-pin.mjs, `taskset`; COLLAB_PIN=off turns it
// off), so each row's server CPU % and its CPU time per 1,000 updates are the server's own; the
// attacks run in a process of their own on the bench's CPU (collab-attacks-process.mjs). The
// Redis pair is the exception: its one-process baseline and its two processes over Redis both
// run unpinned (servers and clients free on every CPU). Pinning three server processes to the
// one CPU a single relay had to itself measured Redis's cost at equal CPU, not what a second
// process gives, against a baseline that had its CPU alone. The "pinning" column says which mode
// each row ran in; a ratio is only taken between rows of one mode. Everything stays on
// 127.0.0.1 and every phase is bounded in clients and time.
import { existsSync } from "node:fs";
import path from "node:path";
import { ATTACK_BOUND_MIB, runUnderAttack } from "./collab-attack-phase.mjs";
import {
  hocuspocusRoom,
  loadWire,
  relayRoom,
  startHocuspocus,
  startRedis,
  startRelay,
} from "./collab-load.mjs";
import {
  CLIENTS,
  MiB,
  RATE,
  ROOMS,
  SECONDS,
  fixed,
  mib,
  runLoad,
  tableRow,
} from "./collab-measure.mjs";
import { pinSelf, unpinSelf } from "./collab-pin.mjs";
import { medianBy, printTable } from "./lib.mjs";

const BIG_CLIENTS = Number(process.env.COLLAB_BIG_CLIENTS ?? 5000);
const BIG_ROOMS = Number(process.env.COLLAB_BIG_ROOMS ?? 500);
const BIG_CONNECT_MS = 90_000;
const PHASES = (process.env.COLLAB_PHASES ?? "one,fsync-off,redis,hocuspocus,big,attack")
  .split(",")
  .map((name) => name.trim());
const runs = (phase) => PHASES.includes(phase);
const PINNED = "servers CPU 0, clients CPU 1";
const UNPINNED = "none: all on every CPU";
const verdict = (ok) => (ok ? "met" : "NOT met");
const RATIO_PAIRS = Math.max(1, Math.floor(Number(process.env.COLLAB_RATIO_PAIRS ?? 3)));

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

/**
 * A relay phase: a relay started with `env` (on `cpu`) under the load, stopped after.
 * @param {any} wire
 * @param {any} setup
 * @param {Record<string, string>} env
 * @param {{ cpu?: number, roomSize?: number, [option: string]: any }} [options]
 */
async function relayPhase(wire, setup, env, { cpu, roomSize, ...loadOptions } = {}) {
  const size = roomSize ?? Math.max(2, Math.round(CLIENTS / ROOMS));
  const relay = await startRelay(env, [], cpu);
  try {
    return await runLoad(setup, (i, s) => relayRoom(wire, [relay.url], size, i, s), [relay.pid], {
      pinning: cpu === null ? UNPINNED : PINNED,
      ...loadOptions,
    });
  } finally {
    await relay.stop();
  }
}

/**
 * The Redis pair, both unpinned (the bench's clients too): one relay process, then two relay
 * processes sharing every room through a real redis-server (each room's clients on both).
 */
async function redisPair(wire) {
  const roomSize = Math.max(2, Math.round(CLIENTS / ROOMS));
  unpinSelf();
  try {
    const one = await relayPhase(
      wire,
      "relay, 1 process (the Redis pair's baseline)",
      {},
      {
        cpu: null,
      },
    );
    const redis = await startRedis();
    try {
      const relays = [
        await startRelay({ REDIS_URL: redis.url }, [], null),
        await startRelay({ REDIS_URL: redis.url }, [], null),
      ];
      try {
        const urls = relays.map((relay) => relay.url);
        const two = await runLoad(
          "relay, 2 processes + Redis",
          (i, s) => relayRoom(wire, urls, roomSize, i, s),
          [...relays.map((relay) => relay.pid), redis.pid],
          { pinning: UNPINNED },
        );
        return { one, two };
      } finally {
        await Promise.all(relays.map((relay) => relay.stop()));
      }
    } finally {
      await redis.stop();
    }
  } finally {
    pinSelf();
  }
}

/** Hocuspocus under `rooms` rooms of `roomSize`, on the servers' CPU. */
async function hocuspocusPhase(setup, roomSize, options = {}) {
  const server = await startHocuspocus();
  try {
    return await runLoad(
      setup,
      (i, s) => hocuspocusRoom(server.url, roomSize, i, s),
      [server.pid],
      { pinning: PINNED, ...options },
    );
  } finally {
    await server.stop();
  }
}

async function relayPhases() {
  const main = path.resolve(process.env.BUILD_DIR ?? "build", "server", "main.mjs");
  if (!existsSync(main)) throw new Error(`No server bundle at ${main}: run "npm run build".`);
  const wire = await loadWire();
  const roomSize = Math.max(2, Math.round(CLIENTS / ROOMS));
  const results = {};

  const hocuspocusSetup = "Hocuspocus 3.4.4 (plaintext, 1 process)";
  if (runs("one") && runs("hocuspocus")) {
    // In turn, so a slow minute of the machine falls on both alike.
    const pairs = [];
    for (let pair = 1; pair <= RATIO_PAIRS; pair++) {
      const run = RATIO_PAIRS > 1 ? `, run ${pair}` : "";
      const relay = await relayPhase(wire, `relay, 1 process (disk store)${run}`, {});
      const hocuspocus = await hocuspocusPhase(`${hocuspocusSetup}${run}`, roomSize);
      pairs.push({ relay, hocuspocus });
    }
    results.pairs = pairs;
    results.one = medianBy(
      pairs.map((pair) => pair.relay),
      (run) => run.p95,
    );
    results.hocuspocus = medianBy(
      pairs.map((pair) => pair.hocuspocus),
      (run) => run.p95,
    );
  } else if (runs("one")) {
    results.one = await relayPhase(wire, "relay, 1 process (disk store)", {});
  }
  if (runs("fsync-off")) {
    results.pageCache = await relayPhase(wire, "relay, 1 process, RELAY_FSYNC=off", {
      RELAY_FSYNC: "off",
    });
  }
  if (runs("redis")) results.redis = await redisPair(wire);
  if (runs("hocuspocus") && !results.hocuspocus) {
    results.hocuspocus = await hocuspocusPhase(hocuspocusSetup, roomSize);
  }
  const bigRoomSize = Math.max(2, Math.round(BIG_CLIENTS / BIG_ROOMS));
  if (runs("big")) {
    const big = { rooms: BIG_ROOMS, connectMs: BIG_CONNECT_MS, roomSize: bigRoomSize };
    results.big = await relayPhase(
      wire,
      `relay, 1 process, ${BIG_ROOMS} rooms of ${bigRoomSize}`,
      {},
      big,
    );
    // The same 5,000 with one person typing per room and the others reading (a meeting's
    // notes): the fan-out is the same per update, the updates a tenth.
    results.bigOneTypist = await relayPhase(
      wire,
      `relay, 1 process, ${BIG_ROOMS} rooms of ${bigRoomSize}, one typing per room`,
      {},
      { ...big, sendersPerRoom: 1 },
    );
    // Hocuspocus under the first 5,000 load: whether one process of a plaintext server holds it
    // on this machine at all, so the relay's row can be read against it.
    results.bigHocuspocus = await hocuspocusPhase(
      `Hocuspocus, 1 process, ${BIG_ROOMS} rooms of ${bigRoomSize}`,
      bigRoomSize,
      { rooms: BIG_ROOMS, connectMs: BIG_CONNECT_MS },
    );
  }
  const attack = runs("attack") ? await runUnderAttack(wire) : null;

  const rows = [
    ...(results.pairs?.map((pair) => pair.relay) ?? [results.one]),
    results.pageCache,
    results.redis?.one,
    results.redis?.two,
    ...(results.pairs?.map((pair) => pair.hocuspocus) ?? [results.hocuspocus]),
    results.big,
    results.bigOneTypist,
    results.bigHocuspocus,
  ].filter(Boolean);
  if (rows.length > 0) {
    printTable(
      `Relay fan-out: ${ROOMS} rooms of ${roomSize} (big: ${BIG_ROOMS} of ${bigRoomSize}), ${RATE} updates/s each, ${SECONDS} s`,
      rows.map((result) => result.row),
    );
  }
  printRatios(results);
  if (attack) printAttack(attack);
}

function printRatios(results) {
  const { one, pageCache, redis, hocuspocus, big, bigOneTypist, bigHocuspocus, pairs } = results;
  if (one && hocuspocus) {
    const ratio = hocuspocus.p95 / one.p95;
    const medians = pairs?.length > 1 ? `median of ${pairs.length} runs each, in turn; ` : "";
    console.log(
      `\nHocuspocus p95 / relay p95 at ${one.load.clients} clients (one process each, both pinned; ${medians}` +
        `${fixed(hocuspocus.p95)} / ${fixed(one.p95)} ms): ${fixed(ratio, 2)} (above 1: the relay is faster); ` +
        `goal >= 1.0: ${verdict(ratio >= 1)}.`,
    );
    if (pairs?.length > 1) {
      const each = pairs.map((pair) => fixed(pair.hocuspocus.p95 / pair.relay.p95, 2));
      console.log(`Each pair's ratio, in order: ${each.join(", ")}.`);
    }
  }
  if (pageCache && hocuspocus) {
    console.log(
      `Hocuspocus p95 / relay p95 with RELAY_FSYNC=off (neither waits for the disk): ` +
        `${fixed(hocuspocus.p95 / pageCache.p95, 2)}.`,
    );
  }
  if (redis) {
    const ratio = redis.two.p95 / redis.one.p95;
    const cpu = Number(redis.two.window.serverMsPer1000) / Number(redis.one.window.serverMsPer1000);
    console.log(
      `Two relay processes over Redis p95 / one process p95, both unpinned: ${fixed(ratio, 2)}; ` +
        `goal <= 1.5: ${verdict(ratio <= 1.5)}. Server CPU per 1,000 updates, two + Redis / one: ` +
        `${fixed(cpu, 2)} (what Redis costs; unpinned, the two processes may use both CPUs).`,
    );
  }
  if (big && bigHocuspocus) {
    console.log(
      `One process at ${big.load.clients} clients in ${big.load.rooms} rooms: p95 ` +
        `${fixed(big.p95)} ms (goal <= 100: ${verdict(big.p95 <= 100)}); memory per client ` +
        `${fixed(big.rssDelta / 1024 / big.load.clients)} KiB (RSS +${mib(big.rssDelta)} MiB); ` +
        `Hocuspocus under the same load: p95 ${fixed(bigHocuspocus.p95)} ms.`,
    );
    console.log(
      `The same with one person typing per room: p95 ${fixed(bigOneTypist.p95)} ms ` +
        `(goal <= 100: ${verdict(bigOneTypist.p95 <= 100)}).`,
    );
  }
}

/** When an attack last sent, from the start of the window it was measured in. */
function lastSent(outcome, window) {
  if (!outcome.lastSentAt) return "; sent nothing";
  const seconds = (outcome.lastSentAt - window.startedAtMs) / 1000;
  return `; last sent ${fixed(seconds)} s into the ${SECONDS} s window`;
}

function printAttack(attack) {
  const { calm, control, attacked, load } = attack;
  const attackRatio = attacked.p95 / calm.p95;
  const growth = attack.peak - attack.rssBefore;
  const row = (setup, window, relay) => {
    const {
      "server RSS +MiB": _rss,
      "KiB/client": _perClient,
      ...cells
    } = tableRow(setup, load, window, NaN, PINNED);
    return {
      ...cells,
      "other processes' CPU": window.othersCpu || "",
      machine: window.machine,
      relay,
    };
  };
  printTable(
    `Under attack: one relay, ${load.clients} honest clients in ${load.rooms} rooms; ${SECONDS} s each without attacks, with the attacks against a second relay on the same CPU (control), and with them against this relay`,
    [
      row("honest rooms, no attack", calm, ""),
      ...(control
        ? [row("honest rooms, attacks on a second relay (control)", control.window, "")]
        : []),
      row("honest rooms, attacks on their relay", attacked, attack.alive),
    ],
  );
  console.log(
    `\nUnder attack p95 / without: ${fixed(attackRatio, 2)} (goal <= 2: ${verdict(attackRatio <= 2)}); ` +
      `relay RSS ${mib(attack.rssBefore)} MiB before the attacks, peak ${mib(attack.peak)} MiB ` +
      `(+${mib(growth)} MiB; bound +${ATTACK_BOUND_MIB} MiB: ${verdict(growth <= ATTACK_BOUND_MIB * MiB && !attack.tail)}); ${attack.alive}.`,
  );
  if (control) {
    console.log(
      `Control: attacks on a second relay, honest p95 / without: ${fixed(control.window.p95 / calm.p95, 2)} ` +
        `(near the attacked ratio: the rise is the machine's, not the relay's; near 1: the relay's).`,
    );
    for (const outcome of control.outcomes) {
      console.log(`- control, ${outcome.text}${lastSent(outcome, control.window)}`);
    }
  }
  console.log(
    `Honest clients the relay closed: ${calm.closes} without the attacks, ${attacked.closes} under them.`,
  );
  for (const outcome of attack.outcomes) {
    console.log(`- ${outcome.text}${lastSent(outcome, attacked)}`);
  }
  if (attack.profileDir) {
    const span = (window) => window.monotonicUs.join(" ");
    console.log(
      `CPU profile of the honest relay in ${attack.profileDir}; windows on its clock (µs): ` +
        `no attack ${span(calm)}${control ? `; control ${span(control.window)}` : ""}; attacked ${span(attacked)} ` +
        `(node bench/collab-profile-window.mjs <profile> <from> <to>).`,
    );
  }
  if (attack.tail) console.log(`The relay's last output:\n${attack.tail.slice(-600)}`);
}
