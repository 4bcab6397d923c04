import { describe, expect, it } from "vitest";
import { SeqTracker } from "./seq-tracker";

describe("SeqTracker", () => {
  it("stays below a gap until it is filled", () => {
    const seq = new SeqTracker();
    seq.mark(1);
    seq.mark(3);
    seq.mark(4);
    expect(seq.contiguous).toBe(1); // 2 is missing: a reconnect must ask for it again
    seq.mark(2);
    expect(seq.contiguous).toBe(4);
  });

  it("jumps over what a snapshot covers and keeps entries beyond it", () => {
    const seq = new SeqTracker();
    seq.mark(12);
    seq.coverUpTo(10);
    expect(seq.contiguous).toBe(10);
    seq.mark(11);
    expect(seq.contiguous).toBe(12);
    seq.coverUpTo(5); // an older snapshot changes nothing
    seq.mark(12); // a duplicate changes nothing
    expect(seq.contiguous).toBe(12);
  });
});
