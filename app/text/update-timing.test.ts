import { describe, expect, it } from "vitest";
import { nextUpdateDelay } from "./update-timing";

describe("nextUpdateDelay", () => {
  it("updates a short document 40 ms after its first change, typing or not", () => {
    expect(nextUpdateDelay(5_000, 0)).toBe(40);
    expect(nextUpdateDelay(99_999, 30)).toBe(10);
    expect(nextUpdateDelay(99_999, 500)).toBe(0);
  });

  it("waits for a pause in a long document, longer the longer it is", () => {
    expect(nextUpdateDelay(500_000, 0)).toBe(150);
    expect(nextUpdateDelay(1_048_576, 0)).toBe(400);
    // Each keystroke starts the pause again while the wait is short.
    expect(nextUpdateDelay(1_048_576, 900)).toBe(400);
  });

  it("updates anyway once the first change has waited long enough while the user types", () => {
    expect(nextUpdateDelay(500_000, 900)).toBe(100);
    expect(nextUpdateDelay(500_000, 1_000)).toBe(0);
    expect(nextUpdateDelay(1_048_576, 1_800)).toBe(200);
    expect(nextUpdateDelay(1_048_576, 2_500)).toBe(0);
  });
});
