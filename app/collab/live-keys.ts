/**
 * A live link's keys as the link carries them: the fragment (which browsers never send to a
 * server) holds the edit secret, or for a view-only link the encryption key and the verifying
 * key. The keys themselves and their derivation are the wire package's (room-keys.ts),
 * re-exported here for the page. Pure: no DOM, no network.
 */
import { sha256 } from "@noble/hashes/sha2.js";
import {
  LIVE_KEY_BYTES as KEY_BYTES,
  LIVE_SECRET_BYTES,
  keysFromSecret,
  type LiveKeys,
} from "@plainpad/wire/room-keys";
import { concatBytes, roomIdForVerifyKey } from "@plainpad/wire";
import { base64UrlDecode, base64UrlEncode } from "../text/base64url";
import { LIVE_EDITOR_PAGES, type LiveEditorKind } from "./live-pages";

export {
  LIVE_SECRET_BYTES,
  canEdit,
  keysFromSecret,
  newLiveSecret,
  viewOnlyKeys,
  type LiveKeys,
} from "@plainpad/wire/room-keys";
export type { LiveEditorKind } from "./live-pages";

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
