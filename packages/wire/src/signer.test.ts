import { ed25519 } from "@noble/curves/ed25519.js";
import { describe, expect, it } from "vitest";
import { signEd25519 } from "./signer";

/** Deterministic bytes for a test case (no randomness: the same cases every run). */
function bytes(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed * 2654435761 + 1;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

describe("signEd25519", () => {
  it("gives ed25519.sign's bytes for many keys and messages, reused keys included", () => {
    const lengths = [0, 1, 31, 32, 64, 100, 1000, 70_000];
    for (let key = 0; key < 12; key++) {
      const seed = bytes(32, key + 1);
      for (const length of lengths) {
        const message = bytes(length, key * 100 + length);
        const signature = signEd25519(message, seed);
        expect(signature).toEqual(ed25519.sign(message, seed));
        expect(ed25519.verify(signature, message, ed25519.getPublicKey(seed))).toBe(true);
      }
    }
  });

  it("signs with the new key when keys alternate, or a seed's bytes change in place", () => {
    const one = bytes(32, 501);
    const two = bytes(32, 502);
    const message = bytes(50, 7);
    expect(signEd25519(message, one)).toEqual(ed25519.sign(message, one));
    expect(signEd25519(message, two)).toEqual(ed25519.sign(message, two));
    expect(signEd25519(message, one)).toEqual(ed25519.sign(message, one));
    const changing = Uint8Array.from(one);
    expect(signEd25519(message, changing)).toEqual(ed25519.sign(message, one));
    changing.set(two);
    expect(signEd25519(message, changing)).toEqual(ed25519.sign(message, two));
  });
});
