/**
 * Ed25519 signing (RFC 8032, 5.1.6) with the key's expanded form worked out once per key.
 * @noble/curves' ed25519.sign derives it again on every call (a SHA-512 of the seed and a
 * base-point multiplication, about half of each signature's time), and a live session signs
 * every batch of typing: in a CPU profile of typing in a 1 MB live document, that derivation
 * was 0.21 of the 0.37 ms signing took per keystroke (issue 49). Ed25519 is deterministic, so
 * these are the very bytes ed25519.sign gives (signer.test.ts compares them).
 */
import { ed25519 } from "@noble/curves/ed25519.js";
import { bytesToNumberLE, concatBytes, equalBytes } from "@noble/curves/utils.js";
import { sha512 } from "@noble/hashes/sha2.js";

type ExpandedKey = ReturnType<typeof ed25519.utils.getExtendedPublicKey>;

const { BASE, Fn } = ed25519.Point;

/** The last seed signed with (a copy) and its expanded key: a page signs for one room at a time. */
let last: { seed: Uint8Array; key: ExpandedKey } | null = null;

function expandedKey(seed: Uint8Array): ExpandedKey {
  if (!last || !equalBytes(last.seed, seed)) {
    last = { seed: Uint8Array.from(seed), key: ed25519.utils.getExtendedPublicKey(seed) };
  }
  return last.key;
}

/** A SHA-512 digest as a scalar (little-endian, reduced modulo the group order). */
const scalarOf = (digest: Uint8Array): bigint => Fn.create(bytesToNumberLE(digest));

/** The Ed25519 signature of `message` by the 32-byte `seed` (the same as ed25519.sign's). */
export function signEd25519(message: Uint8Array, seed: Uint8Array): Uint8Array {
  const { prefix, scalar, pointBytes } = expandedKey(seed);
  const r = scalarOf(sha512(concatBytes(prefix, message)));
  const R = BASE.multiply(r).toBytes();
  const k = scalarOf(sha512(concatBytes(R, pointBytes, message)));
  return concatBytes(R, Fn.toBytes(Fn.create(r + k * scalar)));
}
