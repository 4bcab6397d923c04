/**
 * mulberry32: a small seeded random generator. The randomized tests (the relay's wire and HTTP
 * fuzz, the packed log's model run, live collaboration and Drive sync runs) take their choices
 * from it, so a seed that fails repeats the same run.
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
