// The relay bench's attacks (collab-attacks.mjs) in a process of their own, started by
// startAttacksProcess: the attackers' work (hundreds of MiB of pieces and presence made, masked
// and sent) then never runs on the event loop of the honest clients whose latency the bench
// measures. It runs on the bench's CPU (collab-pin.mjs; COLLAB_ATTACK_CPU=n runs it on CPU n) at
// a lower priority than the measuring clients, so what the "under attack" row shows is the
// relay's doing. Messages: the parent sends { url, seconds } and later "stop"; this process
// answers "running" once every attack has begun, and then { outcomes }.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { startAttacks } from "./collab-attacks.mjs";
import { loadWire } from "./collab-load.mjs";
import { BENCH_CPU, canPin } from "./collab-pin.mjs";

const self = fileURLToPath(import.meta.url);

/**
 * Starts the attacks against `url` in a child process; `running` resolves once each has begun,
 * stop() resolves with their reports ({ text, lastSentAt }, as startAttacks gives them).
 */
export function startAttacksProcess(url, seconds) {
  const args = [process.execPath, self];
  // nice 10: the measuring clients on the same CPU go first; taskset: never the relay's CPU.
  // COLLAB_ATTACK_CPU moves them (say to the servers' CPU 0: away from the measuring clients).
  const cpu = process.env.COLLAB_ATTACK_CPU ?? String(BENCH_CPU);
  const command = canPin() ? ["nice", "-n", "10", "taskset", "-c", cpu, ...args] : args;
  const child = spawn(command[0], command.slice(1), {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  let onRunning;
  let onOutcomes;
  const running = new Promise((resolve) => (onRunning = resolve));
  const outcomes = new Promise((resolve) => (onOutcomes = resolve));
  child.on("message", (/** @type {any} */ message) => {
    if (message === "running") onRunning();
    else if (message?.outcomes) onOutcomes(message.outcomes);
  });
  child.once("exit", (code) => {
    onRunning();
    onOutcomes([{ text: `the attacks' process exited (${code}) before reporting`, lastSentAt: 0 }]);
  });
  child.send({ url, seconds });
  return {
    running,
    /** The attacks' process (nice and taskset exec it: the same pid). */
    pid: child.pid,
    async stop() {
      if (child.connected) child.send("stop");
      const result = await outcomes;
      if (child.exitCode === null) child.kill();
      return result;
    },
  };
}

if (process.argv[1] === self && process.send) {
  const wire = await loadWire();
  let attacks;
  process.on("message", async (/** @type {any} */ message) => {
    if (message === "stop") {
      const outcomes = await attacks.stop();
      process.send({ outcomes }, () => process.exit(0));
      return;
    }
    attacks = startAttacks(wire, message.url, message.seconds);
    await attacks.running;
    process.send("running");
  });
}
