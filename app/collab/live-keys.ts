/**
 * The keys of a live session, all derived from the link's fragment (which browsers never send
 * to a server). An edit link holds one random 32-byte secret; HKDF-SHA-256 turns it into an
 * encryption key and an Ed25519 signing seed, the seed gives the verifying key, and the room id
 * the relay may see is a hash of the verifying key. A view-only link holds the encryption key
 * and the verifying key only: it reads and shows presence, and cannot sign a change.
 * Pure: no DOM, no network.
 */
import { ed25519 } from "@noble/curves/ed25519.js";
import { hkdf } from "@noble/hashes/hkdf.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { base64UrlDecode, base64UrlEncode } from "../text/base64url";
import { LIVE_EDITOR_PAGES, type LiveEditorKind } from "./live-pages";
import { LIVE_DOMAIN, concatBytes, roomIdForVerifyKey } from "@plainpad/wire";

export const LIVE_SECRET_BYTES = 32;
const KEY_BYTES = 32;

/** The keys one link gives. */
export interface LiveKeys {
  roomId: string;
  encryptionKey: Uint8Array;
  verifyKey: Uint8Array;
  /** The Ed25519 seed; present only for an edit link. */
  signingSeed: Uint8Array | null;
}

export type { LiveEditorKind } from "./live-pages";

const textEncoder = new TextEncoder();

function derive(secret: Uint8Array, purpose: string): Uint8Array {
  return hkdf(
    sha256,
    secret,
    textEncoder.encode(LIVE_DOMAIN),
    textEncoder.encode(purpose),
    KEY_BYTES,
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

/**
 * The fragment of a link (after "#"): `live=e.<secret>` for editing, `live=v.<encryption key +
 * verifying key>` for viewing, each with a 4-character check so a damaged link is told apart
 * from a wrong key.
 */
export function liveFragment(secretOrKeys: Uint8Array | LiveKeys): string {
  if (secretOrKeys instanceof Uint8Array) return `live=e.${withCheck(secretOrKeys)}`;
  return `live=v.${withCheck(concatBytes(secretOrKeys.encryptionKey, secretOrKeys.verifyKey))}`;
}

function checkOf(bytes: Uint8Array): string {
  return base64UrlEncode(sha256(bytes).slice(0, 3));
}

function withCheck(bytes: Uint8Array): string {
  return `${base64UrlEncode(bytes)}${checkOf(bytes)}`;
}

/** What reading a link's fragment gave. */
export type LiveLinkReading =
  | { kind: "none" }
  | { kind: "damaged"; message: string }
  | { kind: "ok"; keys: LiveKeys; secret: Uint8Array | null };

export const DAMAGED_LINK_MESSAGE =
  "This live link is damaged or incomplete. Ask for the link again and copy all of it.";

/** Reads `#live=…` from a location hash (with or without the "#"). */
export function readLiveFragment(hash: string): LiveLinkReading {
  const fragment = hash.startsWith("#") ? hash.slice(1) : hash;
  const param = fragment.split("&").find((part) => part.startsWith("live="));
  if (!param) return { kind: "none" };
  const value = decodeURIComponentSafe(param.slice("live=".length));
  const match = /^([ev])\.([A-Za-z0-9_-]+)$/.exec(value);
  if (!match) return { kind: "damaged", message: DAMAGED_LINK_MESSAGE };
  const [, mode, body] = match;
  const expectedBytes = mode === "e" ? LIVE_SECRET_BYTES : KEY_BYTES * 2;
  const encodedLength = Math.ceil((expectedBytes * 4) / 3);
  if (body.length !== encodedLength + 4) return { kind: "damaged", message: DAMAGED_LINK_MESSAGE };
  const bytes = base64UrlDecode(body.slice(0, encodedLength));
  if (!bytes || bytes.length !== expectedBytes || checkOf(bytes) !== body.slice(encodedLength)) {
    return { kind: "damaged", message: DAMAGED_LINK_MESSAGE };
  }
  if (mode === "e") return { kind: "ok", keys: keysFromSecret(bytes), secret: bytes };
  const verifyKey = bytes.slice(KEY_BYTES);
  return {
    kind: "ok",
    secret: null,
    keys: {
      roomId: roomIdForVerifyKey(verifyKey),
      encryptionKey: bytes.slice(0, KEY_BYTES),
      verifyKey,
      signingSeed: null,
    },
  };
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** A whole link: the page of the editor it opens in, with the secret part only in the fragment. */
export function liveLink(origin: string, editor: LiveEditorKind, fragment: string): string {
  return `${origin}${LIVE_EDITOR_PAGES[editor]}#${fragment}`;
}
