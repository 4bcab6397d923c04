// The relay load half of `npm run bench collab` (issue 44): CLIENTS simulated clients in ROOMS
// rooms, each sending UPDATES_PER_SECOND updates, against (1) one relay process (the bundled
// server, rooms on disk), (2) Hocuspocus 3 (@hocuspocus/server, a plaintext Yjs relay) under the
// same load with Yjs sync messages, and (3) two relay processes sharing rooms through a real
// redis-server, each room's clients split between them. Fan-out latency is send to receive in
// this one process (one clock). Everything is on 127.0.0.1; each phase is bounded in time.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import WebSocket from "ws";
import { percentile } from "./lib.mjs";
import { hocuspocusClient, startHocuspocus } from "./collab-hocuspocus.mjs";

const ROOMS = Number(process.env.BENCH_COLLAB_ROOMS ?? 100);
const PER_ROOM = Number(process.env.BENCH_COLLAB_PER_ROOM ?? 10);
const UPDATES_PER_SECOND = 2;
const WARMUP_MS = 3000;
const MEASURE_MS = Number(process.env.BENCH_COLLAB_MEASURE_MS ?? 15_000);
const CONNECT_MS = 25_000;
// Sealed payload of a typical keystroke update (a Yjs update, a nonce and a tag).
const PAYLOAD_BYTES = 100;
const PKCS8_ED25519 = Buffer.from("302e020100300506032b657004220420", "hex");

/** A port on 127.0.0.1 nobody listens on, from `start` up. */
async function freePort(start) {
  for (let port = start; port < start + 200; port++) {
    const ok = await new Promise((resolve) => {
      const server = net.createServer();
      server.once("error", () => resolve(false));
      server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
    });
    if (ok) return port;
  }
  throw new Error(`no free port from ${start}`);
}

/** The page's wire format and keys (TypeScript in app/collab), bundled for Node. */
async function loadWire() {
  const result = await build({
    stdin: {
      contents: `export * from "./app/collab/wire.ts"; export { keysFromSecret, newLiveSecret } from "./app/collab/live-keys.ts";`,
      resolveDir: process.cwd(),
      loader: "ts",
    },
    bundle: true,
    platform: "node",
    format: "esm",
    write: false,
    logLevel: "warning",
  });
  const dir = await mkdtemp(path.join(tmpdir(), "plainpad-bench-wire-"));
  const file = path.join(dir, "wire.mjs");
  await writeFile(file, result.outputFiles[0].text);
  const wire = await import(pathToFileURL(file).href);
  await rm(dir, { recursive: true, force: true });
  return wire;
}

/** Spawns a process and resolves once a line of its output includes `ready`. */
function startProcess(args, env, ready, name) {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const started = new Promise((resolve, reject) => {
    child.stdout.on("data", (chunk) => {
      if (String(chunk).includes(ready)) resolve(undefined);
    });
    child.once("exit", (code) => reject(new Error(`${name} exited with ${code}`)));
  });
  return { child, started };
}

async function stopProcess(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  if (child.exitCode === null) child.kill("SIGKILL");
}

/** CPU seconds a process used so far (Linux /proc). */
async function cpuSeconds(pid) {
  const { readFile } = await import("node:fs/promises");
  const fields = (await readFile(`/proc/${pid}/stat`, "utf8")).split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** A relay process (the bundled server) on a free port: rooms on disk, or in Redis. */
async function startRelay(port, extraEnv = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "plainpad-bench-load-"));
  const buildDir = process.env.BUILD_DIR ?? "build";
  const { child, started } = startProcess(
    [path.join(buildDir, "server", "main.mjs")],
    // TRUST_PROXY: each simulated client names its own address (X-Forwarded-For), as a
    // thousand people would have; from one address the rooms-per-hour cap would refuse them.
    { RELAY: "on", PORT: String(port), RELAY_DATA_DIR: dataDir, TRUST_PROXY: "1", ...extraEnv },
    "served at",
    "relay",
  );
  await started;
  child.stdout.resume();
  return {
    url: `ws://127.0.0.1:${port}/relay`,
    pid: child.pid,
    async stop() {
      await stopProcess(child);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** redis-server on a free port, no persistence. */
async function startRedis(port) {
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  await new Promise((resolve, reject) => {
    child.stdout.on("data", (chunk) => {
      if (String(chunk).includes("Ready to accept connections")) resolve(undefined);
    });
    child.once("exit", (code) => reject(new Error(`redis-server exited with ${code}`)));
  });
  child.stdout.resume();
  return { url: `redis://127.0.0.1:${port}`, stop: () => stopProcess(child) };
}

/** Clients of Plainpad's relay: JOIN, then signed UPDATEs of random bytes (time in front). */
function relayClientFactory(wire) {
  const rooms = new Map();
  const keysOf = (room) => {
    if (!rooms.has(room)) {
      const keys = wire.keysFromSecret(wire.newLiveSecret());
      const key = crypto.createPrivateKey({
        key: Buffer.concat([PKCS8_ED25519, Buffer.from(keys.signingSeed)]),
        format: "der",
        type: "pkcs8",
      });
      rooms.set(room, { keys, key });
    }
    return rooms.get(room);
  };
  return ({ url, room, index, onSent }) => {
    const { keys, key } = keysOf(room);
    const ws = new WebSocket(url, {
      headers: { "X-Forwarded-For": `10.${(room >> 8) & 255}.${room & 255}.${index + 1}` },
    });
    ws.binaryType = "nodebuffer";
    const ready = new Promise((resolve, reject) => {
      ws.once("open", () => {
        const join = {
          type: wire.MessageType.Join,
          version: wire.WIRE_VERSION,
          roomId: keys.roomId,
          verifyKey: keys.verifyKey,
          sinceSeq: 0,
          create: index === 0,
        };
        ws.send(wire.encodeMessage(join));
      });
      ws.once("error", reject);
      ws.once("close", (code, reason) => reject(new Error(`closed ${code} ${reason}`)));
      ws.on("message", (data) => {
        const message = wire.decodeMessage(new Uint8Array(data));
        if (message.type === wire.MessageType.Synced) resolve(undefined);
        else if (message.type === wire.MessageType.Entry) {
          const sealed = message.sealed;
          const view = new DataView(sealed.buffer, sealed.byteOffset, 8);
          onSent(view.getFloat64(0), performance.now());
        }
      });
    });
    return {
      ready,
      send() {
        const messageId = wire.randomId();
        const sealed = crypto.randomBytes(PAYLOAD_BYTES);
        sealed.writeDoubleBE(performance.now(), 0);
        const binding = wire.updateBinding(keys.roomId, messageId);
        const signature = crypto.sign(null, wire.signedBytes(binding, sealed), key);
        const update = { type: wire.MessageType.Update, messageId, sealed, signature };
        ws.send(wire.encodeMessage(update));
      },
      close: () => ws.terminate(),
      get open() {
        return ws.readyState === WebSocket.OPEN;
      },
    };
  };
}

/**
 * ROOMS × PER_ROOM clients of `makeClient`, the room's clients spread over `urls` in turn; each
 * sends UPDATES_PER_SECOND updates for WARMUP_MS + MEASURE_MS. Latencies of updates sent in the
 * measured window are kept.
 */
async function runLoad(makeClient, urls, pids) {
  const samples = [];
  // The measured window, by send time: every delivery of an update sent in it counts.
  let windowStart = Infinity;
  let windowEnd = Infinity;
  let measuring = false;
  let sent = 0;
  const clients = [];
  const connect = async (room, index) => {
    const client = makeClient({
      url: urls[index % urls.length],
      room,
      index,
      onSent: (sentAt, receivedAt) => {
        if (sentAt >= windowStart && sentAt < windowEnd) samples.push(receivedAt - sentAt);
      },
    });
    clients.push(client);
    await client.ready;
  };
  const deadline = new Promise((_, reject) =>
    setTimeout(() => reject(new Error(`clients not connected in ${CONNECT_MS} ms`)), CONNECT_MS),
  );
  const connectAll = async () => {
    // Each room's first client creates it; the others join, 100 at a time.
    await Promise.all(Array.from({ length: ROOMS }, (_, room) => connect(room, 0)));
    for (let index = 1; index < PER_ROOM; index++) {
      await Promise.all(Array.from({ length: ROOMS }, (_, room) => connect(room, index)));
    }
  };
  const timers = [];
  try {
    await Promise.race([connectAll(), deadline]);
    const interval = 1000 / UPDATES_PER_SECOND;
    for (const client of clients) {
      const start = setTimeout(() => {
        timers.push(
          setInterval(() => {
            if (!client.open) return;
            client.send();
            if (measuring) sent++;
          }, interval),
        );
      }, Math.random() * interval);
      timers.push(start);
    }
    await new Promise((resolve) => setTimeout(resolve, WARMUP_MS));
    const cpuBefore = await Promise.all(pids.map(cpuSeconds));
    windowStart = performance.now();
    measuring = true;
    await new Promise((resolve) => setTimeout(resolve, MEASURE_MS));
    measuring = false;
    windowEnd = performance.now();
    const cpuAfter = await Promise.all(pids.map(cpuSeconds));
    for (const timer of timers) clearInterval(timer);
    // Deliveries of the window's last updates are still on their way: a drain.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const cpu = cpuAfter.map((after, i) => ((after - cpuBefore[i]) / (MEASURE_MS / 1000)) * 100);
    return {
      clients: clients.length,
      sent,
      received: samples.length,
      expected: sent * (PER_ROOM - 1),
      p50: percentile(samples, 50),
      p95: percentile(samples, 95),
      max: samples.reduce((a, b) => Math.max(a, b), 0),
      cpu,
    };
  } finally {
    for (const timer of timers) clearInterval(timer);
    for (const client of clients) client.close();
  }
}

const fmt = (value) => (Number.isFinite(value) ? value.toFixed(1) : "n/a");

function loadRows(label, result, target) {
  const delivered = result.expected ? (result.received / result.expected) * 100 : NaN;
  return [
    {
      measure: `${label}: fan-out p50 / p95 / max ms (${result.clients} clients, ${ROOMS} rooms, ${UPDATES_PER_SECOND} updates/s each, ${MEASURE_MS / 1000} s)`,
      result: `${fmt(result.p50)} / ${fmt(result.p95)} / ${fmt(result.max)}`,
      target: target ? "p95 <= 100" : "",
      met: target ? (result.p95 <= 100 ? "yes" : "NO") : "",
    },
    {
      measure: `${label}: updates sent, deliveries received / expected, server CPU %`,
      result: `${result.sent}, ${result.received} / ${result.expected} (${fmt(delivered)} %), ${result.cpu.map((c) => c.toFixed(0)).join(" + ")}`,
      target: "",
      met: "",
    },
  ];
}

/** Runs the three load phases; resolves with rows for the bench table. */
export async function runRelayLoad() {
  const wire = await loadWire();
  const rows = [];
  const phase = async (label, run) => {
    try {
      return await run();
    } catch (error) {
      rows.push({
        measure: `${label}: failed`,
        result: String(error.message),
        target: "",
        met: "NO",
      });
      return null;
    }
  };

  const one = await phase("one relay", async () => {
    const relay = await startRelay(await freePort(4372));
    try {
      return await runLoad(relayClientFactory(wire), [relay.url], [relay.pid]);
    } finally {
      await relay.stop();
    }
  });
  if (one) rows.push(...loadRows("one relay process", one, true));

  const hocus = await phase("Hocuspocus", async () => {
    const server = await startHocuspocus(await freePort(4380), startProcess);
    try {
      return await runLoad(hocuspocusClient, [server.url], [server.pid]);
    } finally {
      await stopProcess(server.child);
    }
  });
  if (hocus) rows.push(...loadRows("Hocuspocus 3.4.4, same load (Yjs sync messages)", hocus));
  if (one && hocus) {
    rows.push({
      measure: "fan-out p95, Hocuspocus / one relay (above 1: the relay is faster)",
      result: (hocus.p95 / one.p95).toFixed(2),
      target: "",
      met: "",
    });
  }

  const two = await phase("two relays over Redis", async () => {
    const redis = await startRedis(await freePort(4390 + 10));
    const relays = [];
    try {
      relays.push(await startRelay(await freePort(4374), { REDIS_URL: redis.url }));
      relays.push(await startRelay(await freePort(4376), { REDIS_URL: redis.url }));
      return await runLoad(
        relayClientFactory(wire),
        relays.map((r) => r.url),
        relays.map((r) => r.pid),
      );
    } finally {
      for (const relay of relays) await relay.stop();
      await redis.stop();
    }
  });
  if (two) rows.push(...loadRows("two relays over Redis (each room on both)", two, true));
  return rows;
}
