/**
 * A clock for the sync engine's Node tests that never waits: a timer set on it fires as soon
 * as the event loop has a turn, and the clock's time jumps to the moment the timer was due, so
 * a five-minute rate-limit back-off costs no real time yet every wait is still as long, in the
 * clock's time, as the engine asked (Retry-After included). Timers fire in the order they are
 * due. Meant for the "Manual only" interval: with a period the runs would follow each other
 * without end.
 */
import type { SyncTimers } from "~/drive/sync/sync-timer";

export interface InstantClock extends SyncTimers {
  /** The clock's time (ms). */
  now(): number;
  /** A wait of the request layer (http.ts): the time jumps `ms` ahead at once. */
  sleep(ms: number): Promise<void>;
  /** Every wait asked for, timers and sleeps, in ms, in order (what a test can check). */
  readonly waits: number[];
}

export function instantClock(start = Date.UTC(2026, 0, 1)): InstantClock {
  let time = start;
  let nextId = 1;
  let turnAsked = false;
  const due = new Map<number, { at: number; run: () => void }>();
  const fireNext = () => {
    turnAsked = false;
    let first: [number, { at: number; run: () => void }] | null = null;
    for (const entry of due) if (!first || entry[1].at < first[1].at) first = entry;
    if (!first) return;
    due.delete(first[0]);
    time = Math.max(time, first[1].at);
    askTurn();
    first[1].run();
  };
  const askTurn = () => {
    if (turnAsked || due.size === 0) return;
    turnAsked = true;
    setTimeout(fireNext, 0);
  };
  const waits: number[] = [];
  return {
    now: () => time,
    waits,
    setTimeout(run, ms) {
      const id = nextId++;
      waits.push(ms);
      due.set(id, { at: time + Math.max(0, ms), run });
      askTurn();
      return id;
    },
    clearTimeout(handle) {
      due.delete(handle as number);
    },
    async sleep(ms) {
      waits.push(ms);
      time += Math.max(0, ms);
    },
  };
}
