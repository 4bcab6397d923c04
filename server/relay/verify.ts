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

/** True when signature is a valid Ed25519 signature of data under key. */
export function verifySignature(key: KeyObject, data: Uint8Array, signature: Uint8Array): boolean {
  try {
    return verify(null, data, key, signature);
  } catch {
    return false;
  }
}
