/**
 * Sealing and signing for live sessions, in the page only (the relay never holds a key: the
 * lint keeps server/'s own modules off everything here but the wire format; its tests use it).
 * Every message is XChaCha20-Poly1305 with a fresh random 24-byte nonce (random nonces are safe
 * at that size), and the wire module's binding (domain, room, type, message id or snapshot
 * sequence) as associated data. Writes are signed with the room's Ed25519 key over the binding
 * and the sealed bytes; the relay and every client check the signature.
 */
import { xchacha20poly1305 } from "@noble/ciphers/chacha.js";
import { ed25519 } from "@noble/curves/ed25519.js";
import type { LiveKeys } from "./room-keys";
import { signEd25519 } from "./signer";
import { concatBytes, signedBytes } from "./wire";

const NONCE_BYTES = 24;

/** A message that failed authentication: a wrong key, a damaged or forged message. */
export class LiveAuthError extends Error {
  constructor(
    message = "A live message failed its check: the key is wrong or the message was changed.",
  ) {
    super(message);
    this.name = "LiveAuthError";
  }
}

/** Encrypts plaintext: nonce followed by ciphertext and tag. */
export function seal(keys: LiveKeys, binding: Uint8Array, plaintext: Uint8Array): Uint8Array {
  const nonce = crypto.getRandomValues(new Uint8Array(NONCE_BYTES));
  const ciphertext = xchacha20poly1305(keys.encryptionKey, nonce, binding).encrypt(plaintext);
  return concatBytes(nonce, ciphertext);
}

/** Decrypts what seal made with the same binding; throws LiveAuthError on any mismatch. */
export function open(keys: LiveKeys, binding: Uint8Array, sealed: Uint8Array): Uint8Array {
  if (sealed.length < NONCE_BYTES + 16) throw new LiveAuthError();
  try {
    return xchacha20poly1305(keys.encryptionKey, sealed.subarray(0, NONCE_BYTES), binding).decrypt(
      sealed.subarray(NONCE_BYTES),
    );
  } catch {
    throw new LiveAuthError();
  }
}

/** Signs a write (binding + sealed bytes); throws when the keys are view-only. */
export function signWrite(keys: LiveKeys, binding: Uint8Array, sealed: Uint8Array): Uint8Array {
  if (!keys.signingSeed) throw new Error("A view-only link cannot sign changes.");
  return signEd25519(signedBytes(binding, sealed), keys.signingSeed);
}

/** True when signature is the room's signature of binding + sealed bytes. */
export function verifyWrite(
  verifyKey: Uint8Array,
  binding: Uint8Array,
  sealed: Uint8Array,
  signature: Uint8Array,
): boolean {
  try {
    return ed25519.verify(signature, signedBytes(binding, sealed), verifyKey);
  } catch {
    return false;
  }
}

/** The plaintext of a write that is signed by the room and sealed for it, or null. */
export function openSignedWrite(
  keys: LiveKeys,
  binding: Uint8Array,
  sealed: Uint8Array,
  signature: Uint8Array,
): Uint8Array | null {
  if (!verifyWrite(keys.verifyKey, binding, sealed, signature)) return null;
  try {
    return open(keys, binding, sealed);
  } catch (error) {
    if (error instanceof LiveAuthError) return null;
    throw error;
  }
}
