import { deflateSync, Inflate } from "fflate";

/**
 * Share links (issue 16): a document's name and text carried whole inside a link,
 * `https://<site>/s/#<payload>`, so sharing needs no server. The payload is in the fragment,
 * which browsers never send to any server. Pure: fflate, WebCrypto through
 * `globalThis.crypto.subtle` (in browsers and Node 20 alike) and byte arithmetic; no DOM.
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
const CRC_BYTES = 4;
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
  return base64UrlEncode(withChecksum(concat(header, salt, iv, ciphertext)));
}

/** The payload of `document` without a password, made at once (no WebCrypto involved). */
export function encodeOpenSharePayload(document: SharedDocument): string {
  const header = new Uint8Array([SHARE_FORMAT_VERSION, 0]);
  return base64UrlEncode(withChecksum(concat(header, deflateBody(document))));
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
    const body = bytes.subarray(0, bytes.length - CRC_BYTES);
    if (crc32(body) !== readUint32(bytes, bytes.length - CRC_BYTES)) return { kind: "damaged" };
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
  const body = concat(encodeVarint(nameBytes.length), nameBytes, textBytes);
  return deflateSync(body, { level: 9, mem: 12 }) as Uint8Array<ArrayBuffer>;
}

/** The document in a deflated body, or null when the bytes are not one. */
function inflateDocument(deflated: Uint8Array): SharedDocument | null {
  if (deflated.length < MIN_DEFLATE_BYTES) return null;
  const body = inflateBounded(deflated, MAX_BODY_BYTES);
  if (!body) return null;
  const length = decodeVarint(body);
  if (!length || length.offset + length.value > body.length) return null;
  // fatal: bytes that are not UTF-8 are damage, never shown as replacement characters.
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  const name = decoder.decode(body.subarray(length.offset, length.offset + length.value));
  const text = decoder.decode(body.subarray(length.offset + length.value));
  return { name, text };
}

/**
 * Inflates deflate-raw `data`, giving up (null) past `limit` bytes of output or when the stream
 * does not end: a crafted link cannot make the page unpack gigabytes.
 */
function inflateBounded(data: Uint8Array, limit: number): Uint8Array | null {
  const parts: Uint8Array[] = [];
  let total = 0;
  let tooLarge = false;
  let ended = false;
  const inflater = new Inflate((chunk, final) => {
    total += chunk.length;
    if (total > limit) tooLarge = true;
    else parts.push(chunk);
    if (final) ended = true;
  });
  // Pushed in slices, so output is checked against the limit as it grows.
  const SLICE = 1024;
  for (let offset = 0; offset < data.length && !tooLarge; offset += SLICE) {
    const end = Math.min(offset + SLICE, data.length);
    inflater.push(data.subarray(offset, end), end === data.length);
  }
  if (tooLarge || !ended) return null;
  return concat(...parts);
}

function encodeVarint(value: number): Uint8Array {
  const bytes: number[] = [];
  let rest = value;
  do {
    const low = rest & 0x7f;
    rest = Math.floor(rest / 128);
    bytes.push(rest > 0 ? low | 0x80 : low);
  } while (rest > 0);
  return new Uint8Array(bytes);
}

function decodeVarint(bytes: Uint8Array): { value: number; offset: number } | null {
  let value = 0;
  let scale = 1;
  // Five bytes hold any length below 2^35, far beyond MAX_BODY_BYTES.
  for (let i = 0; i < Math.min(bytes.length, 5); i++) {
    value += (bytes[i] & 0x7f) * scale;
    if ((bytes[i] & 0x80) === 0) return { value, offset: i + 1 };
    scale *= 128;
  }
  return null;
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

// ------------------------------------------------------------------ bytes

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function withChecksum(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length + CRC_BYTES);
  out.set(bytes);
  const crc = crc32(bytes);
  out[bytes.length] = crc >>> 24;
  out[bytes.length + 1] = (crc >>> 16) & 0xff;
  out[bytes.length + 2] = (crc >>> 8) & 0xff;
  out[bytes.length + 3] = crc & 0xff;
  return out;
}

function readUint32(bytes: Uint8Array, offset: number): number {
  const value =
    (bytes[offset] << 24) |
    (bytes[offset + 1] << 16) |
    (bytes[offset + 2] << 8) |
    bytes[offset + 3];
  return value >>> 0;
}

let crcTable: Uint32Array | null = null;

/** CRC-32 (IEEE 802.3, as in zip and PNG). It catches every change confined to 32 bits. */
export function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) crc = crcTable[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const DECODE = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DECODE[ALPHABET.charCodeAt(i)] = i;

/** Base64url without padding (RFC 4648 section 5): safe in a URL fragment as it is. */
export function base64UrlEncode(bytes: Uint8Array): string {
  const chunks: string[] = [];
  let line = "";
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    line +=
      ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63] + ALPHABET[(n >> 6) & 63] + ALPHABET[n & 63];
    // Joined in pieces: one string grown by += over megabytes is slow in some engines.
    if (line.length >= 8192) {
      chunks.push(line);
      line = "";
    }
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i] << 16;
    line += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63];
  } else if (rest === 2) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8);
    line += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63] + ALPHABET[(n >> 6) & 63];
  }
  chunks.push(line);
  return chunks.join("");
}

/**
 * Decodes base64url without padding; null for any character outside the alphabet, an
 * impossible length, or stray bits after the last byte (so every changed character shows).
 */
export function base64UrlDecode(text: string): Uint8Array | null {
  if (text.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let buffer = 0;
  let bits = 0;
  let index = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const value = code < 128 ? DECODE[code] : -1;
    if (value < 0) return null;
    buffer = ((buffer << 6) | value) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[index++] = (buffer >> bits) & 0xff;
    }
  }
  if ((buffer & ((1 << bits) - 1)) !== 0) return null;
  return out;
}
