/**
 * Test helper: runs the real server (server/main.ts, bundled with esbuild) as child processes
 * on 127.0.0.1, over a tiny stand-in site, and talks to them over real WebSockets. A test file
 * of such processes calls relayProcessesForFile() once: it bundles before the file's tests and
 * stops and removes everything they started after them.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll } from "vitest";
import { WebSocket } from "ws";
import { MessageType, RELAY_PATH, encodeFrames, type WireMessage } from "@plainpad/wire";
import { wireAlias } from "../../packages/wire/alias.mjs";
import { MessageLog, until } from "./test-client";
import { freePort, startTestRedis, type TestRedis } from "./test-redis";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/** Bundles the server where its packages resolve (a git-ignored build-* folder of the repo). */
export async function bundleServer(): Promise<{
  main: string;
  site: string;
  cleanup(): Promise<void>;
}> {
  const dir = path.join(repo, `build-relay-test-${process.pid}`);
  const main = path.join(dir, "server", "main.mjs");
  await build({
    entryPoints: [path.join(repo, "server", "main.ts")],
    outfile: main,
    bundle: true,
    platform: "node",
    format: "esm",
    packages: "external",
    alias: wireAlias,
    logLevel: "warning",
  });
  // The site part needs a build to serve; these tests are about the relay beside it.
  const site = await mkdtemp(path.join(tmpdir(), "plainpad-site-"));
  await mkdir(path.join(site, "client"), { recursive: true });
  await writeFile(path.join(site, "client", "_headers"), "");
  await writeFile(
    path.join(site, "client", "index.html"),
    "<html><head></head><body>site</body></html>",
  );
  return {
    main,
    site,
    async cleanup() {
      await rm(dir, { recursive: true, force: true });
      await rm(site, { recursive: true, force: true });
    },
  };
}

/** A running relay process. */
export interface RelayProcess {
  url: string;
  port: number;
  /** Its process id (tests read its memory from /proc). */
  pid: number;
  output(): string;
  /** SIGTERM, and wait for it to exit. */
  stop(): Promise<number | null>;
}

/** Starts `node main` with env; resolves when it serves (within 15 s). */
export async function startRelayProcess(
  main: string,
  env: Record<string, string>,
  port?: number,
): Promise<RelayProcess> {
  const chosen = port ?? (await freePort());
  const child: ChildProcess = spawn(process.execPath, [main], {
    env: { ...process.env, HOST: "127.0.0.1", PORT: String(chosen), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes("served at")) {
        clearInterval(timer);
        resolve();
      }
    }, 10);
    child.once("exit", (code) => {
      clearInterval(timer);
      reject(new Error(`relay exited with ${code}:\n${output}`));
    });
    setTimeout(() => {
      clearInterval(timer);
      reject(new Error(`relay did not start:\n${output}`));
    }, 15_000);
  });
  return {
    url: `ws://127.0.0.1:${chosen}${RELAY_PATH}`,
    port: chosen,
    pid: child.pid ?? 0,
    output: () => output,
    stop() {
      // Killed by a signal, its exitCode stays null: signalCode says it is gone too.
      if (child.exitCode !== null || child.signalCode !== null) {
        return Promise.resolve(child.exitCode);
      }
      return new Promise((resolve) => {
        child.once("exit", (code) => resolve(code));
        child.kill("SIGTERM");
      });
    },
  };
}

/** Resident memory of a process now, in bytes (Linux /proc). */
export async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}

/** A client on a real WebSocket. */
export class SocketClient extends MessageLog {
  readonly socket: WebSocket;
  readonly opened: Promise<void>;

  /** `headers`: sent with the upgrade, as a proxy would (X-Forwarded-For). */
  constructor(url: string, headers?: Record<string, string>) {
    super();
    this.socket = new WebSocket(url, { headers });
    this.socket.binaryType = "nodebuffer";
    this.opened = new Promise((resolve, reject) => {
      this.socket.once("open", () => resolve());
      this.socket.once("error", reject);
    });
    this.socket.on("message", (data: Buffer) => this.accept(new Uint8Array(data)));
    this.socket.on("close", (code, reason) => {
      this.closed = { code, reason: reason.toString() };
    });
  }

  send(message: WireMessage): void {
    this.sending(message);
    for (const frame of encodeFrames(message)) this.socket.send(frame);
  }

  sendRaw(frame: Uint8Array | string): void {
    this.socket.send(frame);
  }

  async closeAndWait(): Promise<void> {
    if (this.closed) return;
    this.socket.close();
    await until(() => this.closed !== null, 5000, "socket close");
  }
}

/** A client on a real WebSocket to `url`, once open (`headers`: as SocketClient's). */
export async function openClient(
  url: string,
  headers?: Record<string, string>,
): Promise<SocketClient> {
  const socket = new SocketClient(url, headers);
  await socket.opened;
  return socket;
}

/** Waits until `socket` has had `count` SYNCEDs (its JOINs answered with the whole room). */
export async function untilSynced(socket: SocketClient, count = 1, ms = 10_000): Promise<void> {
  await until(() => socket.ofType(MessageType.Synced).length >= count, ms, "SYNCED");
}

/** A client to `url` that sent `join` (a JOIN) and has the whole room (its SYNCED). */
export async function joinedClient(url: string, join: WireMessage, ms = 10_000) {
  const socket = await openClient(url);
  socket.send(join);
  await untilSynced(socket, 1, ms);
  return socket;
}

/** What a test file of relay processes starts them with (relayProcessesForFile). */
export interface RelayProcesses {
  /** The bundled server and its stand-in site (after the file's beforeAll). */
  readonly bundle: Awaited<ReturnType<typeof bundleServer>>;
  /** The file's redis-server (only with `redis: true`). */
  readonly redis: TestRedis;
  /** A new empty folder (for RELAY_DATA_DIR), removed after the file's tests. */
  dataDir(prefix?: string): Promise<string>;
  /** Starts a relay process serving the stand-in site with `env` (on `port` when given). */
  start(env?: Record<string, string>, port?: number): Promise<RelayProcess>;
}

/**
 * Sets up a test file of relay processes (call at its top): bundles the server (and, with
 * `redis`, starts a redis-server) before the file's tests, and after them stops every process
 * started through it and removes its folders.
 */
export function relayProcessesForFile(options: { redis?: boolean } = {}): RelayProcesses {
  let bundle: Awaited<ReturnType<typeof bundleServer>> | undefined;
  let redis: TestRedis | undefined;
  const processes: RelayProcess[] = [];
  const folders: string[] = [];
  beforeAll(async () => {
    [bundle, redis] = await Promise.all([
      bundleServer(),
      options.redis ? startTestRedis() : undefined,
    ]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(processes.map((process) => process.stop()));
    await redis?.stop();
    await bundle?.cleanup();
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  }, 30_000);
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is there only once the tests run`);
    return value;
  };
  return {
    get bundle() {
      return ready(bundle, "the bundled server");
    },
    get redis() {
      return ready(redis, "redis (relayProcessesForFile({ redis: true }))");
    },
    async dataDir(prefix = "plainpad-relay-data-") {
      const folder = await mkdtemp(path.join(tmpdir(), prefix));
      folders.push(folder);
      return folder;
    },
    async start(env = {}, port) {
      const { main, site } = ready(bundle, "the bundled server");
      const started = await startRelayProcess(main, { BUILD_DIR: site, ...env }, port);
      processes.push(started);
      return started;
    },
  };
}
