import { describe, expect, it } from "vitest";
import { forEachLimited } from "./sync-runner";

describe("forEachLimited", () => {
  it("runs every item, never more than the limit at once", async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await forEachLimited([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, n % 3));
      running--;
      done.push(n);
    });
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });

  it("stops starting items after a failure and throws it", async () => {
    const started: number[] = [];
    await expect(
      forEachLimited([1, 2, 3, 4, 5, 6], 2, async (n) => {
        started.push(n);
        if (n === 2) throw new Error("offline");
        await Promise.resolve();
      }),
    ).rejects.toThrow("offline");
    expect(started.length).toBeLessThan(6);
  });
});
