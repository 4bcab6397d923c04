// `node bench/collab-cpu.mjs`: the relay's own CPU time per 1,000 updates under the relay bench's
// load (collab-load.mjs), a far steadier measure than fan-out p95 on a shared machine. The relay
// runs pinned to one CPU and this process (every client) to the other (`taskset`, when there);
// COLLAB_CPU_PROFILE=dir writes a V8 CPU profile of the relay there (node --cpu-prof).
// COLLAB_CPU_SERVER=hocuspocus measures Hocuspocus (the anchor) under the same load instead.
// COLLAB_CLIENTS (1,000), COLLAB_ROOMS (100), COLLAB_RATE (2), COLLAB_SECONDS (20) set the load.
// Everything stays on 127.0.0.1, bounded in clients and time.
import { existsSync } from "node:fs";
import path from "node:path";
import {
  Samples,
  cpuSeconds,
  hocuspocusRoom,
  loadWire,
  relayRoom,
  startHocuspocus,
  startRelay,
} from "./collab-load.mjs";
import { pinSelf } from "./collab-pin.mjs";

const CLIENTS = Number(process.env.COLLAB_CLIENTS ?? 1000);
const ROOMS = Number(process.env.COLLAB_ROOMS ?? 100);
const RATE = Number(process.env.COLLAB_RATE ?? 2);
const SECONDS = Math.min(60, Number(process.env.COLLAB_SECONDS ?? 20));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const main = path.resolve(process.env.BUILD_DIR ?? "build", "server", "main.mjs");
if (!existsSync(main)) throw new Error(`No server bundle at ${main}: run "npm run build".`);
const wire = await loadWire();
const profileDir = process.env.COLLAB_CPU_PROFILE;
const profileArgs = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(profileDir)}`] : [];
const hocuspocus = process.env.COLLAB_CPU_SERVER === "hocuspocus";
const relay = hocuspocus ? await startHocuspocus(profileArgs) : await startRelay({}, profileArgs);
console.log(pinSelf());
const samples = new Samples();
const rooms = [];
try {
  const size = Math.max(2, Math.round(CLIENTS / ROOMS));
  for (let first = 0; first < ROOMS; first += 25) {
    const batch = [];
    for (let i = first; i < Math.min(ROOMS, first + 25); i++) {
      batch.push(
        hocuspocus
          ? hocuspocusRoom(relay.url, size, i, samples)
          : relayRoom(wire, [relay.url], size, i, samples),
      );
    }
    rooms.push(...(await Promise.all(batch)));
  }
  const timers = [];
  for (const room of rooms) {
    for (const client of room.clients) {
      const every = 1000 / RATE;
      timers.push(
        setTimeout(
          () => timers.push(setInterval(() => room.send(client), every)),
          Math.random() * every,
        ),
      );
    }
  }
  await sleep(3000);
  const before = await cpuSeconds(relay.pid);
  const benchBefore = process.cpuUsage();
  samples.measuring = true;
  await sleep(SECONDS * 1000);
  samples.measuring = false;
  const relayCpu = (await cpuSeconds(relay.pid)) - before;
  const bench = process.cpuUsage(benchBefore);
  for (const timer of timers) clearInterval(timer);
  const updates = samples.sent;
  const deliveries = samples.latencies.length;
  const sorted = samples.latencies.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      server: hocuspocus ? "hocuspocus" : "relay",
      clients: CLIENTS,
      rooms: ROOMS,
      seconds: SECONDS,
      updates,
      deliveries,
      relayCpuPercent: +((100 * relayCpu) / SECONDS).toFixed(1),
      benchCpuPercent: +((100 * (bench.user + bench.system)) / 1e6 / SECONDS).toFixed(1),
      relayCpuMsPer1000Updates: +((1e6 * relayCpu) / updates).toFixed(1),
      p50: +sorted[Math.floor(sorted.length * 0.5)]?.toFixed(2),
      p95: +sorted[Math.floor(sorted.length * 0.95)]?.toFixed(2),
    }),
  );
} finally {
  for (const room of rooms) {
    // A relay room's clients are sockets; a Hocuspocus room's hold theirs.
    for (const client of room.clients) ("socket" in client ? client.socket : client).terminate();
  }
  await relay.stop();
}
