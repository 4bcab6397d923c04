// The supervisor: its wait between restarts, and the real bundled server (server/start.ts) as a
// process on 127.0.0.1 whose serving worker is killed mid-session: a new worker serves the
// site and the room again by itself, with what was acknowledged before; SIGTERM stops both.
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MessageType } from "@plainpad/wire";
import { LOCK_FILE } from "./relay/data-dir-lock";
import { joinMessage, newKeys, until, updateMessage } from "./relay/test-client";
import { SocketClient, startRelayProcess, type RelayProcess } from "./relay/test-relay-process";
import { DEFAULT_RESTART_POLICY, restartDelay } from "./supervisor";
import { getRequest, rawRequest } from "./test-http";
import { bundleStartServer, type ServerBundle } from "./test-server-bundle";

describe("restartDelay", () => {
  const policy = DEFAULT_RESTART_POLICY;

  it("waits the first delay, doubles it after each quick exit, up to the most", () => {
    let delay = restartDelay(0, 10, policy);
    expect(delay).toBe(policy.firstDelayMs);
    const delays = [delay];
    for (let i = 0; i < 20; i++) delays.push((delay = restartDelay(delay, 10, policy)));
    expect(delays[1]).toBe(policy.firstDelayMs * 2);
    expect(delays[2]).toBe(policy.firstDelayMs * 4);
    expect(Math.max(...delays)).toBe(policy.maxDelayMs);
  });

  it("starts over after a worker that ran long enough", () => {
    expect(restartDelay(policy.maxDelayMs, policy.healthyAfterMs, policy)).toBe(
      policy.firstDelayMs,
    );
  });
});

let bundle: ServerBundle;
const dataDirs: string[] = [];
const running: RelayProcess[] = [];

beforeAll(async () => {
  bundle = await bundleStartServer("supervisor");
}, 60_000);

afterAll(async () => {
  await Promise.all(running.map((server) => server.stop()));
  await bundle?.cleanup();
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
}, 30_000);

/** The worker process ids the supervisor logged, in order. */
function workerPids(output: string): number[] {
  return [...output.matchAll(/"event":"worker-started","pid":(\d+)/g)].map((match) =>
    Number(match[1]),
  );
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("the supervised server", () => {
  it("starts a new worker when the serving one is killed; the room and the site come back", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "plainpad-supervisor-"));
    dataDirs.push(dataDir);
    const server = await startRelayProcess(bundle.main, {
      BUILD_DIR: bundle.site.buildDir,
      RELAY_DATA_DIR: dataDir,
    });
    running.push(server);
    const [first] = workerPids(server.output());
    expect(first).toBeGreaterThan(0);

    const keys = newKeys();
    const writer = new SocketClient(server.url);
    await writer.opened;
    writer.send(joinMessage(keys));
    await until(() => writer.ofType(MessageType.Synced).length > 0, 10_000, "SYNCED");
    writer.send(updateMessage(keys, "before the crash"));
    await until(() => writer.ofType(MessageType.Ack).length > 0, 10_000, "ACK");

    // What an out-of-memory kill or a crash does to the serving process.
    process.kill(first!, "SIGKILL");
    await until(() => writer.closed !== null, 10_000, "the writer's socket to drop");
    await until(() => workerPids(server.output()).length >= 2, 20_000, "a new worker");
    await until(() => server.output().split("served at").length > 2, 20_000, "serving again");

    const home = await rawRequest(server.port, getRequest("/"));
    expect(home?.status).toBe(200);
    const reader = new SocketClient(server.url);
    await reader.opened;
    reader.send(joinMessage(keys, 0, false));
    await until(() => reader.ofType(MessageType.Synced).length > 0, 10_000, "SYNCED again");
    expect(reader.entryTexts(keys)).toEqual(["before the crash"]);
    await reader.closeAndWait();

    const [, second] = workerPids(server.output());
    // The killed worker's lock on the data folder went to the new one (data-dir-lock.ts).
    const lock = JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), "utf8")) as { pid: number };
    expect(lock.pid).toBe(second);
    expect(await server.stop()).toBe(0);
    expect(isRunning(second!)).toBe(false);
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  }, 90_000);

  it("does not restart a worker that cannot start as configured", async () => {
    const server = startRelayProcess(bundle.main, { BUILD_DIR: path.join(tmpdir(), "no-build") });
    await expect(server).rejects.toThrow(/exited with 78/);
  }, 30_000);
});
