import { describe, expect, it } from "vitest";
import { TurnBatch } from "./turn-batch";

const nextImmediate = () => new Promise((resolve) => setImmediate(resolve));

describe("TurnBatch", () => {
  it("runs what a turn added once the turn ends, in order, and the next turn's later", async () => {
    const errors: unknown[] = [];
    const batch = new TurnBatch((error) => errors.push(error));
    const ran: string[] = [];
    batch.add(() => ran.push("a"));
    batch.add(() => {
      ran.push("b");
      // Added while the batch runs: the next immediate runs it.
      batch.add(() => ran.push("later"));
    });
    expect(ran).toEqual([]);
    await nextImmediate();
    expect(ran).toEqual(["a", "b"]);
    await nextImmediate();
    expect(ran).toEqual(["a", "b", "later"]);
    expect(errors).toEqual([]);
  });

  it("runs the rest of the turn when one of them throws, and reports the error", async () => {
    const errors: unknown[] = [];
    const batch = new TurnBatch((error) => errors.push(error));
    const ran: string[] = [];
    const failure = new Error("socket gone");
    batch.add(() => ran.push("first"));
    batch.add(() => {
      throw failure;
    });
    batch.add(() => ran.push("third"));
    await nextImmediate();
    expect(ran).toEqual(["first", "third"]);
    expect(errors).toEqual([failure]);
  });
});
