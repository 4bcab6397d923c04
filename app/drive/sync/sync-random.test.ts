import { describe, expect, it } from "vitest";
import {
  RANDOM_SYNC_CLASSES,
  runRandomSync,
  type RandomSyncClass,
} from "../../../tests/support/sync-random";
import { RATE_LIMIT_BASE_MS } from "./sync-timer";

/**
 * The randomized Drive-sync test (issue 50 §3; tests/support/sync-random.ts): computers, a
 * second window, random edits, renames, closes, reopens, sync off and on, runs at random
 * moments and faults at random, against the one fake Drive and the real engine. At the end of
 * each seed no typed word is lost and every tab marked Synced equals its Drive file.
 *
 * CI runs a few seeds of each class that holds. On two computers every class holds alone
 * (seeds 1-3,000) and all together (seeds 1-6,000), the second window, the bin and rateLimit
 * among them (2026-11-28; 797, a tab closed while its file's create was under way, holds
 * since the closed tab keeps the file: reopen.test.ts; 1344 was a conflict mark naming only
 * the newest text it replaced). "rateLimit" runs on the computers' instant clock
 * (tests/support/instant-clock.ts): its back-offs are waited in the clock's time, not in real
 * time. Three computers hold with each class alone (seeds 1-1,000) and every class together
 * (seeds 1-3,000; 256 and 657 since the seed-1344 fix; 304, a conflict's mark written after
 * its upload, and 440, a later conflict's mark hiding the earlier one: fixed, see
 * sync-random-found.test.ts). The one way left for a word to leave every screen but one (a
 * computer that read nothing while three conflicts in a row were met on its file) is in
 * decision 027. The losses the seeds found are walked one by one in sync-random-finds.test.ts,
 * sync-random-found.test.ts and the engine's own tests.
 * Run others by hand: SYNC_RANDOM_CLASSES=together,lost SYNC_RANDOM_SEEDS=200 npx vitest run
 * app/drive/sync/sync-random.test.ts, with SYNC_RANDOM_COMPUTERS=3 for three computers and
 * SYNC_RANDOM_TRACE=1 to print the log as it happens (the bench runs thousands: npm run bench
 * notepad-sync).
 */
/** Every class holds now (issue 50): each alone, all together, and on three computers. */
const HOLDING: readonly RandomSyncClass[] = RANDOM_SYNC_CLASSES;

const SEEDS = Number(process.env.SYNC_RANDOM_SEEDS ?? 8);
const FIRST_SEED = Number(process.env.SYNC_RANDOM_FIRST_SEED ?? 1);
const CHOSEN = process.env.SYNC_RANDOM_CLASSES?.split(",").filter(Boolean) as
  RandomSyncClass[] | undefined;
/** SYNC_RANDOM_TRACE=1 prints each seed's log as it happens (to read a seed that hangs). */
const TRACE = process.env.SYNC_RANDOM_TRACE
  ? (line: string) => void process.stdout.write(`${line}\n`)
  : undefined;
/** Computers in the CHOSEN run (SYNC_RANDOM_COMPUTERS=3 for three; default two). */
const COMPUTERS = process.env.SYNC_RANDOM_COMPUTERS === "3" ? 3 : 2;

async function expectSeedsHold(
  classes: readonly RandomSyncClass[],
  computers: 2 | 3 = 2,
): Promise<void> {
  const three = computers === 3 ? " SYNC_RANDOM_COMPUTERS=3" : "";
  for (let seed = FIRST_SEED; seed < FIRST_SEED + SEEDS; seed++) {
    const result = await runRandomSync({ seed, classes, computers, trace: TRACE });
    // The seed and what happened, so a failure can be replayed and read.
    expect(
      result.problems,
      `seed ${seed} with [${classes.join(",")}] failed; replay:${three} SYNC_RANDOM_FIRST_SEED=${seed} SYNC_RANDOM_SEEDS=1 SYNC_RANDOM_CLASSES=${classes.join(",")}\n${result.log.join("\n")}`,
    ).toEqual([]);
    expect(result.requests).toBeGreaterThan(0);
  }
}

describe("Drive sync, randomized: no word lost, every Synced tab equals Drive", () => {
  if (CHOSEN) {
    for (const c of CHOSEN) if (!RANDOM_SYNC_CLASSES.includes(c)) throw new Error(`no class ${c}`);
    it(
      `holds over ${SEEDS} seeds with [${CHOSEN.join(",")}] on ${COMPUTERS} computers`,
      () => expectSeedsHold(CHOSEN, COMPUTERS),
      600_000,
    );
    return;
  }
  it("two computers typing into their own tabs, syncing at random", () => expectSeedsHold([]));
  for (const c of HOLDING) it(`… with ${c}`, () => expectSeedsHold([c]));
  it("… with every class that holds, together", () => expectSeedsHold(HOLDING));
  it("three computers, with every class that holds there, together", () =>
    expectSeedsHold(HOLDING, 3));

  it("rate limits are waited out on the clock, in no real time", async () => {
    const results = await Promise.all(
      [1, 2, 3, 4].map((seed) => runRandomSync({ seed, classes: ["rateLimit"] })),
    );
    expect(results.flatMap((r) => r.problems)).toEqual([]);
    // A run Google rate-limited makes the next wait at least RATE_LIMIT_BASE_MS.
    expect(Math.max(...results.map((r) => r.clockMs))).toBeGreaterThanOrEqual(RATE_LIMIT_BASE_MS);
  });

  it("finds a loss when there is one: the checker is not blind", async () => {
    // A word erased everywhere before the check, as a losing engine would (the engine's own
    // losses of "together" are fixed): the checker must report it, naming the word.
    const results = await Promise.all(
      [1, 2, 3, 4].map((seed) => runRandomSync({ seed, classes: ["together"], loseOneWord: true })),
    );
    const problems = results.flatMap((r) => r.problems);
    expect(problems.some((p) => /^lost: w\d+x\d+ typed on [ab]/.test(p))).toBe(true);
  });
});
