/**
 * The primary process of `npm start` / `npm run serve` (node:cluster): it runs the server in
 * one worker process and starts a new one whenever the worker exits (a bug, out of memory),
 * waiting longer after each quick exit so a server that cannot start does not spin; pages
 * reconnect by themselves and resend what the relay has not acknowledged. SIGTERM / SIGINT
 * go to the worker, which closes its sockets (pages reconnect elsewhere or later), and the
 * primary exits once it has. A worker that exits with CONFIG_EXIT_CODE (no build, bad
 * settings) is not restarted: the same start would fail the same way.
 */
import cluster, { type Worker } from "node:cluster";

/** The exit code of a worker that cannot start as configured (sysexits' EX_CONFIG). */
export const CONFIG_EXIT_CODE = 78;

/** How long to wait before starting the next worker. */
export interface RestartPolicy {
  /** After the first quick exit. */
  firstDelayMs: number;
  /** The most it grows to (it doubles after each quick exit). */
  maxDelayMs: number;
  /** A worker that ran this long had no quick exit: the wait starts over from firstDelayMs. */
  healthyAfterMs: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  firstDelayMs: 100,
  maxDelayMs: 30_000,
  healthyAfterMs: 60_000,
};

/**
 * The wait before the next start, given the last wait (0 for none yet) and how long the
 * worker that just exited ran.
 */
export function restartDelay(lastDelayMs: number, ranForMs: number, policy: RestartPolicy): number {
  if (lastDelayMs === 0 || ranForMs >= policy.healthyAfterMs) return policy.firstDelayMs;
  return Math.min(policy.maxDelayMs, lastDelayMs * 2);
}

/** Options of superviseServer. */
export interface SupervisorOptions {
  /** The module each worker runs (the bundled server). */
  exec: string;
  log(event: string, fields?: Record<string, string | number>): void;
  policy?: RestartPolicy;
  /** A worker still running this long after the stop signal is killed. */
  stopGraceMs?: number;
}

/** Runs the server in a worker and keeps one running until SIGTERM / SIGINT. */
export function superviseServer(options: SupervisorOptions): void {
  const policy = options.policy ?? DEFAULT_RESTART_POLICY;
  const { log } = options;
  // One worker, which accepts its own connections: the primary only restarts it.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  cluster.setupPrimary({ exec: options.exec });

  let worker: Worker | null = null;
  let startedAt = 0;
  let lastDelayMs = 0;
  let pendingStart: NodeJS.Timeout | null = null;
  let stopping = false;

  const start = () => {
    pendingStart = null;
    startedAt = Date.now();
    worker = cluster.fork();
    const pid = worker.process.pid ?? 0;
    log("worker-started", { pid });
    worker.once("exit", (code, signal) => {
      worker = null;
      const ranForMs = Date.now() - startedAt;
      log("worker-exited", { pid, code: code ?? "none", signal: signal ?? "none" });
      if (stopping) process.exit(0);
      if (code === CONFIG_EXIT_CODE) {
        log("not-restarting", { reason: "the server cannot start as configured" });
        process.exit(code);
      }
      lastDelayMs = restartDelay(lastDelayMs, ranForMs, policy);
      log("worker-restarting", { inMs: lastDelayMs });
      pendingStart = setTimeout(start, lastDelayMs);
    });
  };

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log("stopping", { signal });
    if (pendingStart) clearTimeout(pendingStart);
    const running = worker;
    if (!running) process.exit(0);
    running.process.kill(signal);
    setTimeout(() => running.process.kill("SIGKILL"), options.stopGraceMs ?? 10_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));

  start();
}
