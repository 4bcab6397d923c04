/**
 * Ed25519 signature checks on the relay with node:crypto (the relay verifies writes; it holds
 * no key that could sign or decrypt anything).
 */
import { createPublicKey, verify, type KeyObject } from "node:crypto";

/** The node:crypto public key of a room's raw 32-byte Ed25519 verifying key. */
export function verifyKeyObject(raw: Uint8Array): KeyObject {
  return createPublicKey({
    key: { kty: "OKP", crv: "Ed25519", x: Buffer.from(raw).toString("base64url") },
    format: "jwk",
  });
}

/**
 * Resolves true when signature is a valid Ed25519 signature of data under key. Runs on libuv's
 * thread pool (the callback form of crypto.verify): a verification costs 60-250 µs, the
 * relay's largest cost per write, and off the main thread it no longer delays the fan-out of
 * every room, and uses the machine's other cores.
 */
export function verifySignature(
  key: KeyObject,
  data: Uint8Array,
  signature: Uint8Array,
): Promise<boolean> {
  return new Promise((resolve) => {
    try {
      verify(null, data, key, signature, (error, valid) => resolve(!error && valid));
    } catch {
      resolve(false);
    }
  });
}
