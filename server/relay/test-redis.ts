/**
 * Test helper: a throwaway redis-server on a free 127.0.0.1 port, with no persistence, in a
 * temp folder; stop() ends it and removes the folder. Fails with clear words when Debian's
 * redis-server is not installed (.ci/run installs it). The relay bench (bench/collab-load.mjs)
 * bundles and uses this one too.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/** A running test Redis. */
export interface TestRedis {
  url: string;
  port: number;
  /** The redis-server's process id (the bench reads its CPU time). */
  pid: number | undefined;
  stop(): Promise<void>;
}

/** A port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const REDIS_SERVER = process.env.REDIS_SERVER ?? "/usr/bin/redis-server";

/** Starts redis-server; resolves once it accepts connections (within 10 s). */
export async function startTestRedis(): Promise<TestRedis> {
  if (!existsSync(REDIS_SERVER)) {
    throw new Error(
      `redis-server is not installed at ${REDIS_SERVER}: the relay's Redis tests need it ` +
        "(apt-get install redis-server; .ci/run installs it).",
    );
  }
  const dir = await mkdtemp(path.join(tmpdir(), "plainpad-redis-"));
  const port = await freePort();
  const child: ChildProcess = spawn(
    REDIS_SERVER,
    [
      "--port",
      String(port),
      "--bind",
      "127.0.0.1",
      "--save",
      "",
      "--appendonly",
      "no",
      "--dir",
      dir,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`redis-server did not start:\n${output}`)),
      10_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Ready to accept connections")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code}:\n${output}`));
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
