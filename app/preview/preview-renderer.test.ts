import { describe, expect, it } from "vitest";
import { nextRenderDelay } from "./preview-renderer";

describe("nextRenderDelay", () => {
  it("renders a short document 40 ms after its first change, typing or not", () => {
    expect(nextRenderDelay(5_000, 0)).toBe(40);
    expect(nextRenderDelay(99_999, 30)).toBe(10);
    expect(nextRenderDelay(99_999, 500)).toBe(0);
  });

  it("waits for a pause in a long document, longer the longer it is", () => {
    expect(nextRenderDelay(500_000, 0)).toBe(150);
    expect(nextRenderDelay(1_048_576, 0)).toBe(400);
    // Each keystroke starts the pause again while the wait is short.
    expect(nextRenderDelay(1_048_576, 900)).toBe(400);
  });

  it("renders anyway once the first change has waited long enough while the user types", () => {
    expect(nextRenderDelay(500_000, 900)).toBe(100);
    expect(nextRenderDelay(500_000, 1_000)).toBe(0);
    expect(nextRenderDelay(1_048_576, 1_800)).toBe(200);
    expect(nextRenderDelay(1_048_576, 2_500)).toBe(0);
  });
});
