// The relay bench's "under attack" phase (collab-relay.bench.mjs): one relay, measured in three
// windows, each with honest rooms of its own connected fresh for it (see freshWindow): while the
// attacks of collab-attacks.mjs run against a SECOND relay process on the same CPU (the control:
// the same attack traffic through the same machine, client process and loopback, but not through
// the relay that serves the honest rooms); without attacks; and while they run against the honest
// rooms' own relay, its memory sampled every 250 ms. Control and own-relay rises apart say whether
// a rise is the relay's doing or the machine's. COLLAB_ATTACK_CONTROL=off skips the control
// window; COLLAB_ATTACK_PROFILE=dir writes a V8 CPU profile of the honest relay (node --cpu-prof)
// and each window's span on the profile's clock, for bench/collab-profile-window.mjs.
import path from "node:path";
import { ATTACK } from "./collab-attacks.mjs";
import { startAttacksProcess } from "./collab-attacks-process.mjs";
import { relayRoom, rssBytes, startRelay } from "./collab-load.mjs";
import {
  CLIENTS,
  CONNECT_MS,
  MiB,
  ROOMS,
  SECONDS,
  measureWindow,
  mib,
  sleep,
  startLoad,
} from "./collab-measure.mjs";

// The relay's memory bound under the attacks, above its memory just before them: what its own
// limits allow (unfinished pieces 96 MiB in all; per slow reader 4 MiB queued and 1 MiB unsent)
// with room for the heap's growth. COLLAB_ATTACK_BOUND_MB changes it.
export const ATTACK_BOUND_MIB = Number(
  process.env.COLLAB_ATTACK_BOUND_MB ?? 96 + ATTACK.slowReaders * 5 + 64,
);
// The attacks' setup (their rooms, captured entries, paused readers) before they count.
const ATTACK_SETUP_S = 30;
// Past this the bench stops the attacks and the relay, so a relay that keeps everything cannot
// take the machine's memory: the row then says so.
const ATTACK_KILL_MIB = Number(process.env.COLLAB_ATTACK_KILL_MB ?? 1536);
const CONTROL = process.env.COLLAB_ATTACK_CONTROL !== "off";
const PROFILE_DIR = process.env.COLLAB_ATTACK_PROFILE;

/** Starts the attacks against `url` and resolves once every one of them is under way. */
async function attacksUnderWay(url) {
  // Setting up may take a while on a relay that is falling behind: bounded by ATTACK_SETUP_S.
  const attacks = startAttacksProcess(url, ATTACK_SETUP_S + SECONDS + 5);
  await Promise.race([attacks.running, sleep(ATTACK_SETUP_S * 1000)]);
  await sleep(2000);
  return attacks;
}

/**
 * Honest rooms of their own for one window: connected fresh, then `before()` (the attacks set up,
 * or a wait as long), 2 s more, and the window measured; the rooms are closed after. The old
 * phase measured one load's first window against windows 40-80 s later, and their latency rose
 * with the load's age, attacks or not (four calm windows in a row: p50 0.7, 13, 24 and 38 ms):
 * the load's timers had bunched its sends into bursts (collab-measure.mjs's startLoad now keeps
 * each sender's own time). Fresh rooms per window keep the windows alike whatever else ages,
 * and the attacks start while the rooms type.
 * @template T
 * @param {any} wire
 * @param {{ url: string, pid: number }} relay
 * @param {number} roomSize
 * @param {() => Promise<T>} before
 * @param {(prepared: T) => Record<string, number>} [otherPids]
 */
async function freshWindow(wire, relay, roomSize, before, otherPids = () => ({})) {
  const load = await startLoad(
    (i, s) => relayRoom(wire, [relay.url], roomSize, i, s),
    ROOMS,
    CONNECT_MS,
  );
  try {
    const started = Date.now();
    const prepared = await before();
    const setupMs = Date.now() - started;
    await sleep(2000);
    const window = await measureWindow(load, [relay.pid], otherPids(prepared));
    return { load, window, prepared, setupMs };
  } finally {
    load.stop();
    // The relay lets the closed rooms go before the next window.
    await sleep(2000);
  }
}

/**
 * The control window: the attacks against a second relay process (pinned as the honest one)
 * while fresh honest rooms run on the first. Null when turned off.
 */
async function controlWindow(wire, relay, roomSize) {
  if (!CONTROL) return null;
  const control = await startRelay();
  try {
    const measured = await freshWindow(
      wire,
      relay,
      roomSize,
      () => attacksUnderWay(control.url),
      (attacks) => ({ "control relay": control.pid, attacks: attacks.pid }),
    );
    const outcomes = await measured.prepared.stop();
    return { window: measured.window, outcomes, setupMs: measured.setupMs };
  } finally {
    await control.stop();
  }
}

/**
 * Runs the phase; resolves with each window, the relay's memory before the attacks and its
 * peak, whether it survived, and what each attack met.
 */
export async function runUnderAttack(wire) {
  const profileArgs = PROFILE_DIR
    ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(PROFILE_DIR)}`]
    : [];
  const relay = await startRelay({}, profileArgs);
  const roomSize = Math.max(2, Math.round(CLIENTS / ROOMS));
  try {
    const control = await controlWindow(wire, relay, roomSize);
    // Without attacks, the rooms wait as long before the window as the attacks took to set up.
    const setupWait = control?.setupMs ?? 5000;
    const { load, window: calm } = await freshWindow(wire, relay, roomSize, () => sleep(setupWait));
    // The relay's memory after honest rooms ran and closed, before the attacks.
    const rssBefore = await rssBytes(relay.pid);
    let peak = rssBefore;
    let killed = false;
    let attacks = null;
    const sampler = setInterval(async () => {
      const rss = await rssBytes(relay.pid);
      if (Number.isFinite(rss)) peak = Math.max(peak, rss);
      if (!killed && rss > ATTACK_KILL_MIB * MiB) {
        killed = true;
        void attacks?.stop();
        void relay.stop();
      }
    }, 250);
    const { window: attacked, prepared: running } = await freshWindow(
      wire,
      relay,
      roomSize,
      async () => (attacks = await attacksUnderWay(relay.url)),
      (started) => ({ attacks: started.pid }),
    );
    const outcomes = await running.stop();
    clearInterval(sampler);
    const exited = relay.exited();
    const alive = exited
      ? killed
        ? `stopped by the bench at ${mib(peak)} MiB`
        : `relay died (exit ${exited.code ?? exited.signal})`
      : "relay alive";
    return {
      calm,
      control,
      attacked,
      load,
      rssBefore,
      peak,
      alive,
      outcomes,
      tail: exited ? relay.tail() : "",
      profileDir: PROFILE_DIR ? path.resolve(PROFILE_DIR) : null,
    };
  } finally {
    await relay.stop();
  }
}
