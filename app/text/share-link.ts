import { deflateSync } from "fflate";
import { base64UrlDecode, base64UrlEncode } from "./base64url";
import {
  CRC_BYTES,
  concatBytes,
  decodeLeb128,
  encodeLeb128,
  inflateBounded,
  withCrc32,
  withoutCrc32,
} from "./byte-codecs";

/**
 * Share links (issue 16): a document's name and text carried whole inside a link,
 * `https://<site>/s/#<payload>`, so sharing needs no server. The payload is in the fragment,
 * which browsers never send to any server. Pure: fflate, WebCrypto through
 * `globalThis.crypto.subtle` (in browsers and Node 20 alike), and the generic byte codecs of
 * base64url.ts and byte-codecs.ts; no DOM.
 *
 * Payload, before base64url (format 1; docs/decisions/009-share-links.md):
 *
 *     byte 0        format version (1)
 *     byte 1        flags: bit 0 = locked with a password; other bits 0
 *     unlocked:     deflate-raw(body)
 *     locked:       salt (16 bytes) | IV (12 bytes) | AES-GCM(deflate-raw(body)), tag last (16)
 *     last 4 bytes  CRC-32 of every byte before it, big-endian
 *     body          name length in UTF-8 bytes (LEB128) | name (UTF-8) | text (UTF-8)
 *
 * Every format, present and future, starts with its version byte and ends with the CRC-32, so
 * a reader can always tell a damaged link (the checksum fails) from a newer one (the checksum
 * holds, the version is unknown).
 */

/** The format this code writes. */
export const SHARE_FORMAT_VERSION = 1;

/** The page that opens share links. */
export const SHARE_PATH = "/s/";

/** Above this many characters a link may be cut by some apps: the dialog warns. */
export const LINK_WARN_LENGTH = 2_000;

/**
 * The longest link Plainpad makes, in characters (why: docs/decisions/009-share-links.md).
 * Longer documents are shared as a file or through Google Drive.
 */
export const LINK_MAX_LENGTH = 32_000;

/** PBKDF2-SHA-256 iterations of format 1 (OWASP's 2023 figure for PBKDF2-HMAC-SHA256). */
export const PBKDF2_ITERATIONS = 600_000;

/** The most text a link may unpack to (50 MB: far beyond any link a browser accepts). */
export const MAX_BODY_BYTES = 50 * 1024 * 1024;

const FLAG_LOCKED = 0b0000_0001;
const SALT_BYTES = 16;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = 2;
/** The smallest deflate-raw stream (an empty final block). */
const MIN_DEFLATE_BYTES = 2;

/** A shared document: its name and its text, exactly as they were. */
export interface SharedDocument {
  name: string;
  text: string;
}

/** Options of the WebCrypto part. Tests lower the iterations; the product never sets them. */
export interface ShareCryptoOptions {
  iterations?: number;
}

/** What a fragment turned out to hold. */
export type ShareLinkContent =
  /** No payload at all (the page was opened without a link). */
  | { kind: "empty" }
  /** Cut, mistyped or otherwise changed: nothing can be opened. */
  | { kind: "damaged" }
  /** Made by a newer Plainpad: the page must be updated (reloaded) to read it. */
  | { kind: "newer-version"; version: number }
  | { kind: "document"; document: SharedDocument }
  /** Locked with a password: `unlockSharedDocument` opens it. */
  | { kind: "locked"; payload: LockedPayload };

/** A locked payload whose envelope checked out, waiting for its password. */
export interface LockedPayload {
  readonly header: Uint8Array<ArrayBuffer>;
  readonly salt: Uint8Array<ArrayBuffer>;
  readonly iv: Uint8Array<ArrayBuffer>;
  readonly ciphertext: Uint8Array<ArrayBuffer>;
}

/** What a password did to a locked payload. */
export type UnlockResult =
  | { kind: "document"; document: SharedDocument }
  /** AES-GCM refused: a wrong password (or a link changed on purpose, checksum included). */
  | { kind: "wrong-password" }
  /** Decrypted, but what was inside is not a document. */
  | { kind: "damaged" };

// ------------------------------------------------------------------ making links

/**
 * The payload (base64url, no padding) of `document`, locked with `password` when one is given
 * (a non-empty string). The text is kept exactly: line endings, every Unicode plane.
 */
export async function encodeSharePayload(
  document: SharedDocument,
  password?: string,
  options: ShareCryptoOptions = {},
): Promise<string> {
  if (!password) return encodeOpenSharePayload(document);
  const header = new Uint8Array([SHARE_FORMAT_VERSION, FLAG_LOCKED]);
  const crypto = webCrypto();
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const key = await deriveKey(password, salt, options.iterations ?? PBKDF2_ITERATIONS);
  const ciphertext = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: "AES-GCM", iv, additionalData: header },
      key,
      deflateBody(document),
    ),
  );
  return base64UrlEncode(withCrc32(concatBytes(header, salt, iv, ciphertext)));
}

/** The payload of `document` without a password, made at once (no WebCrypto involved). */
export function encodeOpenSharePayload(document: SharedDocument): string {
  const header = new Uint8Array([SHARE_FORMAT_VERSION, 0]);
  return base64UrlEncode(withCrc32(concatBytes(header, deflateBody(document))));
}

/** The link of a payload on `origin` ("https://plainpad.app"). */
export function shareLinkUrl(origin: string, payload: string): string {
  return `${origin.replace(/\/+$/, "")}${SHARE_PATH}#${payload}`;
}

/** How a link's length stands against the limits. */
export type LinkLengthStatus = "ok" | "long" | "too-long";

/** "ok" up to LINK_WARN_LENGTH characters, "long" up to LINK_MAX_LENGTH, then "too-long". */
export function linkLengthStatus(length: number): LinkLengthStatus {
  if (length > LINK_MAX_LENGTH) return "too-long";
  if (length > LINK_WARN_LENGTH) return "long";
  return "ok";
}

/** Deflate's best possible ratio (258-byte matches coded in about two bits): about 1032:1. */
const DEFLATE_MAX_RATIO = 1032;

/**
 * True when a text of `length` characters cannot fit in a link of LINK_MAX_LENGTH whatever it
 * holds (a character is at least one UTF-8 byte), so it is refused without compressing it.
 */
export function textTooLongToShare(length: number): boolean {
  const maxPayloadBytes = Math.floor((LINK_MAX_LENGTH * 3) / 4);
  return length > maxPayloadBytes * DEFLATE_MAX_RATIO;
}

/** The most characters a QR code can hold as bytes (version 40, error correction L). */
export const QR_MAX_BYTES = 2_953;

/**
 * The longest link the share dialog shows as a QR code. Codes for longer links exist up to
 * QR_MAX_BYTES, but beyond about 2,000 characters they are too dense for most phone cameras to
 * read off a screen; such a link is also past LINK_WARN_LENGTH.
 */
export const QR_MAX_LINK_LENGTH = LINK_WARN_LENGTH;

// ------------------------------------------------------------------ reading links

/**
 * Reads a link's fragment (with or without its "#"; spaces and line breaks that mail and chat
 * apps insert are ignored). Never throws: anything that is not a whole, unchanged payload is
 * "damaged".
 */
export function readShareFragment(fragment: string): ShareLinkContent {
  const text = fragment.replace(/^#/, "").replace(/\s+/g, "");
  if (text === "") return { kind: "empty" };
  try {
    const bytes = base64UrlDecode(text);
    if (!bytes || bytes.length < HEADER_BYTES + CRC_BYTES) return { kind: "damaged" };
    const body = withoutCrc32(bytes);
    if (!body) return { kind: "damaged" };
    const version = body[0];
    const flags = body[1];
    // A checksum that holds says the link is whole: an unknown version or flag is a newer
    // format, not damage.
    if (version !== SHARE_FORMAT_VERSION || (flags & ~FLAG_LOCKED) !== 0) {
      return { kind: "newer-version", version };
    }
    const content = body.subarray(HEADER_BYTES);
    if (flags & FLAG_LOCKED) {
      if (content.length < SALT_BYTES + IV_BYTES + TAG_BYTES) return { kind: "damaged" };
      return {
        kind: "locked",
        payload: {
          header: body.slice(0, HEADER_BYTES),
          salt: content.slice(0, SALT_BYTES),
          iv: content.slice(SALT_BYTES, SALT_BYTES + IV_BYTES),
          ciphertext: content.slice(SALT_BYTES + IV_BYTES),
        },
      };
    }
    const document = inflateDocument(content);
    return document ? { kind: "document", document } : { kind: "damaged" };
  } catch {
    return { kind: "damaged" };
  }
}

/**
 * Opens a locked payload with `password`. Never throws for a bad password or payload; AES-GCM
 * authenticates the ciphertext, so a wrong password opens nothing.
 */
export async function unlockSharedDocument(
  payload: LockedPayload,
  password: string,
  options: ShareCryptoOptions = {},
): Promise<UnlockResult> {
  let deflated: Uint8Array;
  try {
    const key = await deriveKey(password, payload.salt, options.iterations ?? PBKDF2_ITERATIONS);
    deflated = new Uint8Array(
      await webCrypto().subtle.decrypt(
        { name: "AES-GCM", iv: payload.iv, additionalData: payload.header },
        key,
        payload.ciphertext,
      ),
    );
  } catch {
    return { kind: "wrong-password" };
  }
  try {
    const document = inflateDocument(deflated);
    return document ? { kind: "document", document } : { kind: "damaged" };
  } catch {
    return { kind: "damaged" };
  }
}

// ------------------------------------------------------------------ body

const utf8Encoder = new TextEncoder();

/** The body, deflated as tightly as fflate can: every byte saved is link length saved. */
function deflateBody({ name, text }: SharedDocument): Uint8Array<ArrayBuffer> {
  const nameBytes = utf8Encoder.encode(name);
  const textBytes = utf8Encoder.encode(text);
  const body = concatBytes(encodeLeb128(nameBytes.length), nameBytes, textBytes);
  return deflateSync(body, { level: 9, mem: 12 }) as Uint8Array<ArrayBuffer>;
}

/** The document in a deflated body, or null when the bytes are not one. */
function inflateDocument(deflated: Uint8Array): SharedDocument | null {
  if (deflated.length < MIN_DEFLATE_BYTES) return null;
  const body = inflateBounded(deflated, MAX_BODY_BYTES);
  if (!body) return null;
  const length = decodeLeb128(body);
  if (!length || length.offset + length.value > body.length) return null;
  // fatal: bytes that are not UTF-8 are damage, never shown as replacement characters.
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  const name = decoder.decode(body.subarray(length.offset, length.offset + length.value));
  const text = decoder.decode(body.subarray(length.offset + length.value));
  return { name, text };
}

// ------------------------------------------------------------------ crypto

function webCrypto(): Crypto {
  const crypto = globalThis.crypto;
  if (!crypto?.subtle) {
    throw new Error("This browser cannot lock links (WebCrypto is unavailable on this page).");
  }
  return crypto;
}

async function deriveKey(
  password: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<CryptoKey> {
  const subtle = webCrypto().subtle;
  // The same password typed on any system gives the same bytes.
  const material = await subtle.importKey(
    "raw",
    utf8Encoder.encode(password.normalize("NFC")),
    "PBKDF2",
    false,
    ["deriveKey"],
  );
  return subtle.deriveKey(
    { name: "PBKDF2", salt, iterations, hash: "SHA-256" },
    material,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}
