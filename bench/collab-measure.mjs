// The relay bench's load and measuring (collab-relay.bench.mjs, collab-attack-phase.mjs): rooms
// of clients connected in batches and sending at a fixed rate, one measured window of fan-out
// latencies and the CPU time of the server processes and of each CPU of the machine (softirq
// included, which no process is charged for), and a row of the bench's table from it.
import { readFile } from "node:fs/promises";
import { Samples, cpuSeconds, rssBytes } from "./collab-load.mjs";
import { percentile } from "./lib.mjs";

export const CLIENTS = Number(process.env.COLLAB_CLIENTS ?? 1000);
export const ROOMS = Number(process.env.COLLAB_ROOMS ?? 100);
export const RATE = Number(process.env.COLLAB_RATE ?? 2);
export const SECONDS = Math.min(30, Number(process.env.COLLAB_SECONDS ?? 20));
export const CONNECT_MS = 25_000;
export const MiB = 1024 * 1024;

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const mib = (bytes) => (Number.isFinite(bytes) ? (bytes / MiB).toFixed(0) : "n/a");
export const fixed = (value, digits = 1) =>
  Number.isFinite(value) ? value.toFixed(digits) : "n/a";

/**
 * Connects `rooms` rooms of makeRoom(index, samples), 25 at a time for at most `connectMs`
 * (the rooms connected by then carry the load; a room that fails to connect is counted), and
 * starts the first `sendersPerRoom` clients of each room (all by default) sending RATE updates
 * a second; the others only receive.
 */
export async function startLoad(makeRoom, rooms, connectMs, sendersPerRoom = Infinity) {
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
  // Each sender keeps its own place in the period: its n-th update is due at start + n × every,
  // and every timer is set for that moment. A setInterval would re-arm each timer from the time
  // its batch of callbacks ran, so timers that ran late together stayed together: after 20 s
  // of 1,000 clients, sends bunched into a few bursts of hundreds per 10 ms (issue 49,
  // 2026-11-28), and the fan-out latency measured the bursts, growing with the rooms' age.
  const timers = new Set();
  let stopped = false;
  const every = 1000 / RATE;
  const schedule = (room, client, dueAt) => {
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        if (stopped) return;
        room.send(client);
        // A sender that fell more than a period behind skips ahead instead of catching up.
        let next = dueAt + every;
        const now = performance.now();
        if (next < now - every) next += Math.ceil((now - next) / every) * every;
        schedule(room, client, next);
      },
      Math.max(0, dueAt - performance.now()),
    );
    timers.add(timer);
  };
  const start = performance.now();
  for (const room of connected) {
    for (const client of room.clients.slice(0, sendersPerRoom)) {
      schedule(room, client, start + Math.random() * every);
    }
  }
  const clients = connected.reduce((sum, room) => sum + room.clients.length, 0);
  return {
    samples,
    clients,
    failed,
    rooms: rooms - failed,
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      for (const room of connected) {
        for (const client of room.clients) (client.socket ?? client).terminate();
      }
    },
  };
}

/** Ticks of each CPU of the machine (/proc/stat): busy (all but idle and iowait), softirq, steal. */
async function cpuTicks() {
  try {
    const stat = await readFile("/proc/stat", "utf8");
    const cpus = [];
    for (const line of stat.split("\n")) {
      const match = /^cpu(\d+) (.*)$/.exec(line);
      if (!match) continue;
      const [user, nice, system, idle, iowait, irq, softirq, steal] = match[2]
        .split(" ")
        .map(Number);
      cpus[Number(match[1])] = {
        busy: user + nice + system + irq + softirq + steal,
        softirq,
        steal,
        all: user + nice + system + idle + iowait + irq + softirq + steal,
      };
    }
    return cpus;
  } catch {
    return [];
  }
}

/** "cpu0 93% (softirq 4%, steal 0%), cpu1 …" between two cpuTicks() readings. */
function cpuLoad(before, after) {
  return after
    .map((end, cpu) => {
      const start = before[cpu];
      if (!start) return "";
      const all = Math.max(1, end.all - start.all);
      const busy = (100 * (end.busy - start.busy)) / all;
      const softirq = (100 * (end.softirq - start.softirq)) / all;
      // Steal: time a virtual machine's CPU waited for its host (the host's other guests).
      const steal = (100 * (end.steal - start.steal)) / all;
      return `cpu${cpu} ${busy.toFixed(0)}% (softirq ${softirq.toFixed(0)}%, steal ${steal.toFixed(0)}%)`;
    })
    .filter(Boolean)
    .join(", ");
}

/**
 * Measures SECONDS of a running load: fan-out latencies, the CPU of the processes `pids`
 * (summed) and of `otherPids` (each, by name), and each CPU's busy and softirq time.
 */
export async function measureWindow(load, pids, otherPids = {}) {
  const { samples } = load;
  samples.latencies = [];
  samples.sent = 0;
  samples.closes = new Map();
  const others = Object.entries(otherPids);
  const serverBefore = await Promise.all(pids.map(cpuSeconds));
  const othersBefore = await Promise.all(others.map(([, pid]) => cpuSeconds(pid)));
  const ticksBefore = await cpuTicks();
  const benchBefore = process.cpuUsage();
  // The monotonic clock V8's CPU profiles use: a profile can be cut to this window.
  const from = process.hrtime.bigint();
  const startedAtMs = Date.now();
  samples.measuring = true;
  await sleep(SECONDS * 1000);
  samples.measuring = false;
  const to = process.hrtime.bigint();
  const serverAfter = await Promise.all(pids.map(cpuSeconds));
  const othersAfter = await Promise.all(others.map(([, pid]) => cpuSeconds(pid)));
  const ticksAfter = await cpuTicks();
  const bench = process.cpuUsage(benchBefore);
  const serverCpu = serverAfter.reduce((sum, after, i) => sum + after - serverBefore[i], 0);
  const roomSize = load.clients / Math.max(1, load.rooms);
  // Every update goes to every other client of its room, sender or not.
  const expected = samples.sent * (roomSize - 1);
  const percent = (seconds) => fixed((100 * seconds) / SECONDS, 0);
  return {
    p50: percentile(samples.latencies, 50),
    p95: percentile(samples.latencies, 95),
    p99: percentile(samples.latencies, 99),
    updatesPerSecond: Math.round(samples.sent / SECONDS),
    delivered: `${fixed((100 * samples.latencies.length) / Math.max(1, expected))}%`,
    closes: [...samples.closes].map(([code, n]) => `${code} x${n}`).join(", ") || "none",
    serverCpu: percent(serverCpu),
    // The steadier measure on a shared machine: the server's CPU time per 1,000 updates sent.
    serverMsPer1000: fixed((1e6 * serverCpu) / Math.max(1, samples.sent), 0),
    benchCpu: fixed((100 * (bench.user + bench.system)) / 1e6 / SECONDS, 0),
    othersCpu: others
      .map(([name], i) => `${name} ${percent(othersAfter[i] - othersBefore[i])}%`)
      .join(", "),
    machine: cpuLoad(ticksBefore, ticksAfter),
    monotonicUs: [Number(from / 1000n), Number(to / 1000n)],
    startedAtMs,
  };
}

/** Sums the resident memory of processes (NaN when one is gone). */
export async function totalRss(pids) {
  const values = await Promise.all(pids.map(rssBytes));
  return values.reduce((sum, value) => sum + value, 0);
}

/** One table row of a measured window; `pinning` says where its servers ran. */
export function tableRow(setup, load, window, rssDelta, pinning) {
  return {
    setup,
    pinning,
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
export async function runLoad(
  setup,
  makeRoom,
  pids,
  { rooms = ROOMS, connectMs = CONNECT_MS, sendersPerRoom = Infinity, pinning = "" } = {},
) {
  const rssBefore = await totalRss(pids);
  const load = await startLoad(makeRoom, rooms, connectMs, sendersPerRoom);
  try {
    await sleep(3000);
    const window = await measureWindow(load, pids);
    const rssDelta = (await totalRss(pids)) - rssBefore;
    const label = load.failed > 0 ? `${setup} (${load.failed} rooms failed to connect)` : setup;
    const row = tableRow(label, load, window, rssDelta, pinning);
    return { row, p95: window.p95, load, rssDelta, window };
  } finally {
    load.stop();
  }
}
