/**
 * The keys of a live room, all derived from the edit link's secret (which browsers never send
 * to a server): HKDF-SHA-256 turns the random 32-byte secret into an encryption key and an
 * Ed25519 signing seed, the seed gives the verifying key, and the room id the relay may see is
 * a hash of the verifying key. View-only keys hold the encryption key and the verifying key
 * only: they read and show presence, and cannot sign a change. How a link carries them is the
 * page's business (app/collab/live-keys.ts). Pure: no DOM, no network.
 */
import { ed25519 } from "@noble/curves/ed25519.js";
import { hkdf } from "@noble/hashes/hkdf.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { LIVE_DOMAIN, roomIdForVerifyKey } from "./wire";

export const LIVE_SECRET_BYTES = 32;
/** Bytes of the encryption key, the signing seed and the verifying key. */
export const LIVE_KEY_BYTES = 32;

/** The keys one link gives. */
export interface LiveKeys {
  roomId: string;
  encryptionKey: Uint8Array;
  verifyKey: Uint8Array;
  /** The Ed25519 seed; present only for an edit link. */
  signingSeed: Uint8Array | null;
}

const textEncoder = new TextEncoder();

function derive(secret: Uint8Array, purpose: string): Uint8Array {
  return hkdf(
    sha256,
    secret,
    textEncoder.encode(LIVE_DOMAIN),
    textEncoder.encode(purpose),
    LIVE_KEY_BYTES,
  );
}

/** A new random edit secret. */
export function newLiveSecret(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(LIVE_SECRET_BYTES));
}

/** The keys of an edit link's secret. */
export function keysFromSecret(secret: Uint8Array): LiveKeys {
  if (secret.length !== LIVE_SECRET_BYTES) throw new RangeError("a live secret is 32 bytes");
  const signingSeed = derive(secret, "signing");
  const verifyKey = ed25519.getPublicKey(signingSeed);
  return {
    roomId: roomIdForVerifyKey(verifyKey),
    encryptionKey: derive(secret, "encryption"),
    verifyKey,
    signingSeed,
  };
}

/** The same room's keys without the power to sign (what a view-only link carries). */
export function viewOnlyKeys(keys: LiveKeys): LiveKeys {
  return { ...keys, signingSeed: null };
}

export function canEdit(keys: LiveKeys): boolean {
  return keys.signingSeed !== null;
}
