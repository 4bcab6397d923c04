/**
 * The relay's memory as the attack tests (relay-memory.test.ts, relay-stalled-store.test.ts)
 * measure it: the resident memory of a real relay process, read from /proc while an attack runs.
 */
import { residentBytes, type RelayProcess } from "./test-relay-process";

const MiB = 1024 * 1024;
/** How much a relay's resident memory may grow during one attack. */
export const RELAY_MEMORY_BOUND = 128 * MiB;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The most `relay`'s resident memory grew above what it was before `attack`, while it ran
 * (sampled every 10 ms).
 */
export async function growthDuring(
  relay: RelayProcess,
  attack: () => Promise<void>,
): Promise<number> {
  await sleep(300);
  const before = await residentBytes(relay.pid);
  let peak = before;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await residentBytes(relay.pid));
      await sleep(10);
    }
  })();
  try {
    await attack();
  } finally {
    sampling = false;
    await sampler;
  }
  return peak - before;
}
