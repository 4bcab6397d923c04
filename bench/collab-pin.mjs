// CPU pinning for the relay bench on a small machine: the server under test (a relay, Redis or
// Hocuspocus) runs on one CPU and the bench's own clients on the other, so the server's CPU %
// and latencies are its own and not a share of a core the load generator also wants. Uses
// `taskset` (util-linux); without it, or on a machine with one CPU, nothing is pinned and the
// bench says so. COLLAB_PIN=off turns it off.
import { execFileSync } from "node:child_process";
import { availableParallelism, cpus } from "node:os";

/** The CPU the server under test runs on, and the one the bench's clients run on. */
export const SERVER_CPU = 0;
export const BENCH_CPU = 1;

let available;
/** True when `taskset` is there, there are two CPUs or more, and pinning is not turned off. */
export function canPin() {
  if (available === undefined) {
    available = false;
    if (process.env.COLLAB_PIN !== "off" && availableParallelism() >= 2) {
      try {
        execFileSync("taskset", ["-p", String(process.pid)], { stdio: "ignore" });
        available = true;
      } catch {
        available = false;
      }
    }
  }
  return available;
}

/**
 * The command and arguments that run `command args` on `cpu`, the server's by default (as is
 * without taskset, or with `cpu` null: free to run on every CPU).
 */
export function pinnedCommand(command, args, cpu = SERVER_CPU) {
  return canPin() && cpu !== null
    ? ["taskset", ["-c", String(cpu), command, ...args]]
    : [command, args];
}

/** Pins this process (every thread of it) to the bench's CPU; returns a line saying what was done. */
export function pinSelf(cpu = BENCH_CPU) {
  if (!canPin()) {
    return "Note: not pinned (no taskset, one CPU, or COLLAB_PIN=off): the bench's clients share the server's CPUs.";
  }
  execFileSync("taskset", ["-a", "-cp", String(cpu), String(process.pid)], { stdio: "ignore" });
  return `Pinned: servers on CPU ${SERVER_CPU}, the bench's clients on CPU ${cpu} (taskset).`;
}

/** Lets this process run on every CPU again (the benches that follow in the same run). */
export function unpinSelf() {
  if (!canPin()) return;
  // Not availableParallelism(): it reads this process's own (pinned) mask.
  const all = `0-${cpus().length - 1}`;
  execFileSync("taskset", ["-a", "-cp", all, String(process.pid)], { stdio: "ignore" });
}

/** Pins a running process (every thread of it) to the servers' CPU, when pinning is possible. */
export function pinProcess(pid, cpu = SERVER_CPU) {
  if (canPin())
    execFileSync("taskset", ["-a", "-cp", String(cpu), String(pid)], { stdio: "ignore" });
}
