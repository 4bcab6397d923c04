// Load clients and processes of the relay bench (collab-relay.bench.mjs): the relay's own
// protocol (signed random bytes, as the relay cannot tell them from sealed text) and
// Hocuspocus's (y-protocols sync messages carrying real Yjs updates). Every receiver takes the
// sender's timestamp out of what it gets: the fan-out latency, sender to every other client.
// Everything stays on 127.0.0.1.
import { spawn } from "node:child_process";
import { generateKeyPairSync, randomBytes, sign } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { build } from "esbuild";
import { WebSocket } from "ws";
import * as Y from "yjs";
import * as encoding from "lib0/encoding";
import { SERVER_CPU, pinnedCommand } from "./collab-pin.mjs";

/** Bundles a TypeScript module of the project (`entry`) for this Node script, beside the packages. */
async function loadTypeScript(entry, name) {
  const outfile = path.resolve(process.env.BUILD_DIR ?? "build", "bench", `${name}.mjs`);
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    packages: "external",
    logLevel: "warning",
  });
  return import(outfile);
}

/** The wire package (packages/wire), bundled for this Node script. */
export function loadWire() {
  return loadTypeScript("packages/wire/src/index.ts", "wire");
}

/** A port free on 127.0.0.1 now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {import("node:net").AddressInfo} */ (probe.address());
      probe.close(() => resolve(port));
    });
  });
}

/** Starts a child process and resolves once its output includes `ready` (15 s at most). */
export function startProcess(command, args, env, ready) {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  // How the process ended, once it has: a bench phase reports a relay that died instead of failing.
  let exit = null;
  child.once("exit", (code, signal) => (exit = { code, signal }));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${command} did not start:\n${output}`)),
      15_000,
    );
    const onData = (chunk) => {
      output = (output + chunk.toString()).slice(-20_000);
      if (output.includes(ready)) {
        clearTimeout(timer);
        resolve({
          pid: child.pid,
          /** Null while it runs; then its exit code and signal. */
          exited: () => exit,
          /** The end of its output (what it said before dying, say). */
          tail: () => output.slice(-2000),
          stop: () =>
            new Promise((done) => {
              if (child.exitCode !== null) return done();
              child.once("exit", () => done());
              child.kill("SIGTERM");
            }),
        });
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited with ${code}:\n${output}`));
    });
  });
}

/** CPU seconds a process has used (Linux /proc), or NaN. */
export async function cpuSeconds(pid) {
  try {
    const { readFile } = await import("node:fs/promises");
    const fields = (await readFile(`/proc/${pid}/stat`, "utf8")).split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** Resident memory of a process in bytes (Linux /proc VmRSS), or NaN once it is gone. */
export async function rssBytes(pid) {
  try {
    const { readFile } = await import("node:fs/promises");
    const match = /VmRSS:\s+(\d+) kB/.exec(await readFile(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : NaN;
  } catch {
    return NaN;
  }
}

/**
 * A relay process (the bundled server) on a free port, pinned to `cpu` (the servers' CPU by
 * default; null: not pinned) when it can be (collab-pin.mjs); TRUST_PROXY lets the bench spread
 * rooms over addresses. `nodeArgs` go to node before the script (say --cpu-prof).
 */
export async function startRelay(env = {}, nodeArgs = [], cpu = SERVER_CPU) {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), "plainpad-bench-relay-"));
  const main = path.resolve(process.env.BUILD_DIR ?? "build", "server", "main.mjs");
  const started = await startProcess(
    ...pinnedCommand(process.execPath, [...nodeArgs, main], cpu),
    {
      PORT: String(port),
      HOST: "127.0.0.1",
      RELAY_DATA_DIR: dataDir,
      TRUST_PROXY: "1",
      // The bench reads the CPU time of the process it started: the server itself, no supervisor.
      SUPERVISOR: "off",
      ...env,
    },
    "served at",
  );
  return {
    ...started,
    url: `ws://127.0.0.1:${port}/relay`,
    async stop() {
      await started.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Hocuspocus (bench/collab-hocuspocus-server.mjs) alone in a process on the servers' CPU;
 * `nodeArgs` go to node before the script (say --cpu-prof).
 */
export async function startHocuspocus(nodeArgs = []) {
  const port = await freePort();
  const started = await startProcess(
    ...pinnedCommand(process.execPath, [
      ...nodeArgs,
      "bench/collab-hocuspocus-server.mjs",
      String(port),
    ]),
    {},
    "hocuspocus listening",
  );
  return { ...started, url: `ws://127.0.0.1:${port}` };
}

/** A throwaway redis-server (no persistence) on a free port: the relay tests' own starter. */
export async function startRedis() {
  const { startTestRedis } = await loadTypeScript("server/relay/test-redis.ts", "test-redis");
  return startTestRedis();
}

/** Collects latency samples while `measuring` is on. */
export class Samples {
  constructor() {
    this.latencies = [];
    this.sent = 0;
    this.measuring = false;
    /** Close codes of clients the relay closed while measuring (never the bench's own). */
    this.closes = new Map();
  }
  closed(code) {
    if (this.measuring) this.closes.set(code, (this.closes.get(code) ?? 0) + 1);
  }
  record(sentAt) {
    if (this.measuring) this.latencies.push(performance.now() - sentAt);
  }
}

function opened(socket) {
  return new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
}

/** A room's keys as an edit link holds them: the Ed25519 pair and the room id named by it. */
export function relayRoomKeys(wire) {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  const verifyKey = new Uint8Array(Buffer.from(publicKey.export({ format: "jwk" }).x, "base64url"));
  return { verifyKey, privateKey, roomId: wire.roomIdForVerifyKey(verifyKey) };
}

/** A signed UPDATE of `sealed` for the room (random message id), as an edit link sends it. */
export function signedUpdate(wire, room, sealed) {
  const messageId = new Uint8Array(randomBytes(16));
  const binding = wire.updateBinding(room.roomId, messageId);
  const signature = sign(null, wire.signedBytes(binding, sealed), room.privateKey);
  return wire.encodeMessage({ type: wire.MessageType.Update, messageId, sealed, signature });
}

const JOIN_MS = 15_000;

/**
 * One relay client (from `address`, through X-Forwarded-For): opens, JOINs the room and
 * resolves once SYNCED. With `prove` (an edit link) it answers WELCOME's challenge when the
 * relay's wire format has one (PROVE, wire version 2), so it may write; without, it is a
 * view-only holder. `onMessage` sees every decoded message. Rejects when the relay closes or
 * does not answer within JOIN_MS. `closed` resolves with the close code whenever it closes.
 */
/**
 * @param {any} wire
 * @param {string} url
 * @param {{ roomId: string, verifyKey: Uint8Array, privateKey: import("node:crypto").KeyObject }} room
 * @param {{ address: string, create?: boolean, prove?: boolean,
 *   onMessage?: (message: any) => void, onFrameAfterSync?: (data: import("ws").RawData) => void }} options
 */
export async function relayClient(
  wire,
  url,
  room,
  { address, create = false, prove = false, onMessage, onFrameAfterSync },
) {
  const socket = new WebSocket(url, { headers: { "X-Forwarded-For": address } });
  // A relay that dies or refuses ends this client, never the bench.
  socket.on("error", () => {});
  const closed = new Promise((resolve) => socket.once("close", (code) => resolve(code)));
  await opened(socket);
  let synced;
  let timer;
  const ready = new Promise((resolve, reject) => {
    synced = resolve;
    timer = setTimeout(() => reject(new Error("no SYNCED in time")), JOIN_MS);
    void closed.then((code) => reject(new Error(`closed ${code} while joining`)));
  });
  let isSynced = false;
  socket.on("message", (data) => {
    // Once synced, a load client reads its frames raw: no decoding in the bench's own process.
    if (isSynced && onFrameAfterSync) return onFrameAfterSync(data);
    let message;
    try {
      message = wire.decodeMessage(new Uint8Array(/** @type {Buffer} */ (data)));
    } catch {
      return;
    }
    if (
      message.type === wire.MessageType.Welcome &&
      prove &&
      message.challenge &&
      wire.proveBinding
    ) {
      const signature = sign(
        null,
        wire.proveBinding(room.roomId, message.challenge),
        room.privateKey,
      );
      socket.send(wire.encodeMessage({ type: wire.MessageType.Prove, signature }));
    } else if (message.type === wire.MessageType.Synced) {
      isSynced = true;
      synced();
    }
    onMessage?.(message);
  });
  socket.send(
    wire.encodeMessage({
      type: wire.MessageType.Join,
      version: wire.WIRE_VERSION,
      roomId: room.roomId,
      verifyKey: room.verifyKey,
      sinceSeq: 0,
      create,
      epoch: 0,
    }),
  );
  try {
    await ready;
  } catch (error) {
    socket.terminate();
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return { socket, closed };
}

/** Bytes of a load update's sealed part: an 8-byte timestamp, then random bytes. */
const LOAD_SEALED_BYTES = 128;

/**
 * A signed UPDATE frame for the room and a cheap way to make the next one: each send copies it
 * and writes a new message id and the send time into the copy. The relay cannot tell these from
 * signed updates: it takes writes from a connection that proved the edit key without checking
 * each one's signature again (decision 024, "What a write costs the relay"), and it checks only
 * that the message id is new. So the load generator, which shares a small machine with the
 * relay, pays no Ed25519 signing per update.
 */
function updateTemplate(wire, room) {
  const sealed = new Uint8Array(LOAD_SEALED_BYTES);
  sealed.set(randomBytes(LOAD_SEALED_BYTES));
  const frame = signedUpdate(wire, room, sealed);
  // The message id is the first field after the type: its length (16), then its bytes.
  const idOffset = 2;
  const timeOffset = frame.length - LOAD_SEALED_BYTES;
  let counter = 0n;
  return () => {
    const next = new Uint8Array(frame);
    const view = new DataView(next.buffer);
    view.setBigUint64(idOffset, counter++);
    view.setFloat64(timeOffset, performance.now());
    return next;
  };
}

/**
 * One room of relay clients (edit links): the first creates the room, the rest join; each
 * sends an update (8-byte timestamp + random bytes) every 1/rate seconds; every ENTRY is a
 * sample, its timestamp read straight from the frame's last bytes (the sealed part ends it).
 */
export async function relayRoom(wire, urls, size, index, samples) {
  const room = relayRoomKeys(wire);
  const address = `10.${(index >> 8) & 255}.${index & 255}.1`;
  const entryType = wire.MessageType.Entry;
  const onFrameAfterSync = (data) => {
    // Load updates are small, so every ENTRY is one frame ending with the sealed bytes.
    if (data[0] !== entryType || data.length < LOAD_SEALED_BYTES) return;
    samples.record(data.readDoubleBE(data.length - LOAD_SEALED_BYTES));
  };
  const join = async (i) => {
    const client = await relayClient(wire, urls[i % urls.length], room, {
      address,
      create: i === 0,
      prove: true,
      onFrameAfterSync,
    });
    void client.closed.then((code) => samples.closed(code));
    return client.socket;
  };
  // The first creates the room; the others join it together.
  const creator = await join(0);
  const others = await Promise.all(Array.from({ length: size - 1 }, (_, i) => join(i + 1)));
  const clients = [creator, ...others];
  const nextUpdate = updateTemplate(wire, room);
  const send = (socket) => {
    socket.send(nextUpdate());
    if (samples.measuring) samples.sent++;
  };
  return { clients, send };
}

/**
 * One room of Hocuspocus clients (one document per room, named by the room): auth, sync step
 * 1, then Yjs updates inserting "@@<timestamp>#<client>;" into a Y.Text; receivers find the
 * marker in the update bytes they are sent.
 */
export async function hocuspocusRoom(url, size, index, samples) {
  const name = `room-${index}`;
  const join = async (i) => {
    const socket = new WebSocket(url);
    await opened(socket);
    const doc = new Y.Doc();
    const own = `#${index}.${i};`;
    socket.on("message", (data) => {
      const text = Buffer.from(/** @type {Buffer} */ (data)).toString("latin1");
      for (const match of text.matchAll(/@@(\d+\.\d+)(#\d+\.\d+;)/g)) {
        if (match[2] !== own) samples.record(Number(match[1]));
      }
    });
    const frame = (write) => {
      const e = encoding.createEncoder();
      encoding.writeVarString(e, name);
      write(e);
      return encoding.toUint8Array(e);
    };
    socket.send(
      frame((e) => {
        encoding.writeVarUint(e, 2); // Auth
        encoding.writeVarUint(e, 0); // Token
        encoding.writeVarString(e, "");
      }),
    );
    socket.send(
      frame((e) => {
        encoding.writeVarUint(e, 0); // Sync
        encoding.writeVarUint(e, 0); // step 1
        encoding.writeVarUint8Array(e, Y.encodeStateVector(doc));
      }),
    );
    doc.on("update", (update) => {
      socket.send(
        frame((e) => {
          encoding.writeVarUint(e, 0); // Sync
          encoding.writeVarUint(e, 2); // update
          encoding.writeVarUint8Array(e, update);
        }),
      );
    });
    return { socket, doc, own };
  };
  const clients = await Promise.all(Array.from({ length: size }, (_, i) => join(i)));
  const send = (client) => {
    const text = client.doc.getText("text");
    text.insert(text.length, `@@${performance.now().toFixed(3)}${client.own}`);
    if (samples.measuring) samples.sent++;
  };
  return { clients, send };
}
