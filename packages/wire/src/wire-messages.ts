/**
 * The live-collaboration wire format, part one: names, limits, close reasons, room ids, the
 * bytes bound into seals and signatures, and the message shapes. Part two (wire.ts) encodes and
 * decodes them; wire.ts re-exports this module, so both sides import "@plainpad/wire" only.
 *
 * The live-collaboration wire format: the one package the page and the relay (server/) share.
 * Pure: no DOM, no Node, no keys. It names every message, encodes and decodes them as binary
 * frames, cuts large messages into pieces under the frame cap, and states the limits both
 * sides enforce. It never encrypts or decrypts: the relay only ever sees the sealed bytes.
 *
 * Room ids are derived from the room's Ed25519 verifying key, so a relay can check that the key
 * a client names really belongs to the room (no trust on first use), and a view-only link (which
 * carries the verifying key) finds the same room.
 */
import { sha256 } from "@noble/hashes/sha2.js";

/**
 * Version of this wire format; a relay refuses a JOIN that names another. 2: WELCOME carries a
 * challenge that an edit link answers with PROVE before it may write; ENDED says why.
 */
export const WIRE_VERSION = 2;

/** The WebSocket path the relay answers on, beside the site. */
export const RELAY_PATH = "/relay";

/** Limits both sides enforce. The page checks first, so a person is told before sending. */
export const LIVE_LIMITS = {
  /** Largest WebSocket frame either side sends or accepts; bigger messages go in pieces. */
  maxFrameBytes: 256 * 1024,
  /** Payload per piece, leaving room for the piece header under maxFrameBytes. */
  pieceBytes: 192 * 1024,
  /** Largest whole message (an update or snapshot, sealed) rebuilt from pieces. */
  maxMessageBytes: 24 * 1024 * 1024,
  /** Largest document that can go live (UTF-8 bytes of its text). */
  maxDocumentBytes: 10 * 1024 * 1024,
  /** Largest room the relay keeps (snapshot plus log), before it refuses more writes. */
  maxRoomBytes: 48 * 1024 * 1024,
  /** Writes (updates, snapshots) per second per connection, sustained; bursts up to twice. */
  writesPerSecond: 40,
  /** Awareness messages per second per connection, sustained; bursts up to twice. */
  awarenessPerSecond: 60,
  /** Largest sealed presence message; presence never travels in pieces. */
  maxAwarenessBytes: 64 * 1024,
  /** New rooms one address may create per hour. */
  roomsPerAddressPerHour: 60,
  /** Past this many logged updates (or bytes) an editor uploads a snapshot. */
  compactAfterUpdates: 500,
  compactAfterBytes: 1024 * 1024,
  /** Rooms untouched this long are deleted (the relay's setting may change it). */
  idleRoomDays: 30,
  /** A signed DELETE is accepted within this many ms of the time it names. */
  deleteClockSkewMs: 10 * 60 * 1000,
} as const;

/** Message types: client to relay below 20, relay to client from 20. */
export const MessageType = {
  Join: 1,
  Update: 2,
  Awareness: 3,
  Snapshot: 4,
  DeleteRoom: 5,
  /** The answer to WELCOME's challenge, signed with the edit key: this connection may write. */
  Prove: 6,
  Welcome: 20,
  Entry: 21,
  Ack: 22,
  Synced: 23,
  AwarenessRelay: 24,
  SnapshotReplay: 25,
  SnapshotResult: 26,
  Ended: 27,
  /** A piece of a larger message of any type; rebuilt by a PieceAssembler. */
  Piece: 40,
} as const;
export type MessageTypeCode = (typeof MessageType)[keyof typeof MessageType];

/**
 * Close codes the relay uses, each with the words the page shows. 1001 (going away) and 1006
 * (dropped) are not here: the page reconnects on those.
 */
export const CloseCode = {
  Malformed: 4400,
  NotAllowed: 4403,
  RoomNotFound: 4404,
  RoomEnded: 4410,
  RoomExpired: 4411,
  ClockOff: 4408,
  TooLarge: 4413,
  RateLimited: 4429,
  TooManyRooms: 4430,
  RoomFull: 4507,
  WrongVersion: 4426,
  /** Not final: the page keeps its changes and retries. */
  AddressQuota: 4431,
  /** Not final: the page keeps its changes and retries. */
  RelayFull: 4508,
  PresenceTooLarge: 4414,
  TooManyConnections: 4433,
  TooManyJoins: 4432,
  SlowReader: 4434,
  RelayBusy: 4503,
} as const;

export const CLOSE_REASONS: Record<number, string> = {
  [CloseCode.Malformed]: "The relay could not read a message from this page.",
  [CloseCode.NotAllowed]: "This link can only view: the relay refused a change from it.",
  [CloseCode.RoomNotFound]: "This live session has ended or expired on the relay.",
  [CloseCode.RoomEnded]: "The person who started this live session ended it.",
  [CloseCode.RoomExpired]:
    "This live session expired: no one changed it for a long time, so the relay deleted it.",
  [CloseCode.ClockOff]:
    "The session was not ended: this computer's clock is more than 10 minutes off. Set the clock and try again.",
  [CloseCode.TooLarge]: "A change was too large for the relay.",
  [CloseCode.RateLimited]: "Too many changes too quickly; the relay slowed this page down.",
  [CloseCode.TooManyRooms]:
    "Too many live sessions were started from this address in the last hour.",
  [CloseCode.RoomFull]:
    "This live document has reached the relay's size limit (about 10 MB of text).",
  [CloseCode.WrongVersion]: "This page is out of date for the relay. Reload the page.",
  [CloseCode.AddressQuota]:
    "This address sent too much to the relay this hour. Your changes wait here and go later.",
  [CloseCode.RelayFull]:
    "The relay is out of space. Your changes wait here and go when it has room.",
  [CloseCode.PresenceTooLarge]: "A presence update (name and cursor) was too large for the relay.",
  [CloseCode.TooManyConnections]:
    "Too many live connections from this address; reconnecting when one closes.",
  [CloseCode.TooManyJoins]: "Too many live sessions opened from this address just now; retrying.",
  [CloseCode.SlowReader]: "This connection fell too far behind the relay; reconnecting.",
  [CloseCode.RelayBusy]: "The relay is busy receiving large changes; retrying shortly.",
};

/** Close codes after which the page waits and tries again, keeping its changes. */
const RETRIED_CLOSES = new Set<number>([
  CloseCode.RateLimited,
  CloseCode.AddressQuota,
  CloseCode.RelayFull,
  CloseCode.TooManyConnections,
  CloseCode.TooManyJoins,
  CloseCode.SlowReader,
  CloseCode.RelayBusy,
]);

/** The most UTF-8 bytes a WebSocket close reason may have (RFC 6455: 125 less the code). */
export const MAX_CLOSE_REASON_BYTES = 123;

/**
 * A close reason cut to MAX_CLOSE_REASON_BYTES of UTF-8, never inside a character (ws throws
 * on a longer one, and the close would not happen at all).
 */
export function clampCloseReason(reason: string): string {
  if (textEncoder.encode(reason).length <= MAX_CLOSE_REASON_BYTES) return reason;
  let clamped = "";
  let bytes = 0;
  for (const character of reason) {
    const size = textEncoder.encode(character).length;
    if (bytes + size > MAX_CLOSE_REASON_BYTES) break;
    clamped += character;
    bytes += size;
  }
  return clamped;
}

/** Close codes after which reconnecting cannot help. */
export function isFinalClose(code: number): boolean {
  return code >= 4400 && !RETRIED_CLOSES.has(code);
}

/** Domain label mixed into every signature and every room id, so nothing is reused elsewhere. */
export const LIVE_DOMAIN = "plainpad-live-v1";

const textEncoder = new TextEncoder();

/** Lowercase hex of bytes (room ids, piece ids). */
export function toHex(bytes: Uint8Array): string {
  let hex = "";
  for (const byte of bytes) hex += byte.toString(16).padStart(2, "0");
  return hex;
}

/** A room id is 32 hex characters: the first 16 bytes of SHA-256(domain, "room", verify key). */
export function roomIdForVerifyKey(verifyKey: Uint8Array): string {
  return toHex(
    sha256(concatBytes(textEncoder.encode(`${LIVE_DOMAIN}/room`), verifyKey)).slice(0, 16),
  );
}

export function isRoomId(value: string): boolean {
  return /^[0-9a-f]{32}$/.test(value);
}

/** Concatenates byte arrays into one. */
export function concatBytes(...parts: Uint8Array[]): Uint8Array {
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

function u64(value: number): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setFloat64(0, value);
  return bytes;
}

/**
 * The bytes a writer signs (and the relay and every client verify) for an update: the domain,
 * the room, the type and the sender's message id, then the sealed bytes. The same fields are
 * the cipher's associated data, so an update cannot be moved into another room or type.
 */
export function updateBinding(roomId: string, messageId: Uint8Array): Uint8Array {
  return concatBytes(
    textEncoder.encode(`${LIVE_DOMAIN}/${roomId}/`),
    Uint8Array.of(MessageType.Update),
    messageId,
  );
}

/**
 * The bytes bound into a snapshot: the room, the type, the last sequence it covers and the
 * snapshot it replaces, so an old snapshot cannot be replayed to roll a room back.
 */
export function snapshotBinding(roomId: string, upToSeq: number, baseSeq: number): Uint8Array {
  return concatBytes(
    textEncoder.encode(`${LIVE_DOMAIN}/${roomId}/`),
    Uint8Array.of(MessageType.Snapshot),
    u64(upToSeq),
    u64(baseSeq),
  );
}

/** The bytes bound into awareness (presence) messages. */
export function awarenessBinding(roomId: string): Uint8Array {
  return concatBytes(
    textEncoder.encode(`${LIVE_DOMAIN}/${roomId}/`),
    Uint8Array.of(MessageType.Awareness),
  );
}

/**
 * The bytes an edit link signs to prove it holds the signing key on one connection: the room,
 * the type and the relay's random challenge from WELCOME (fresh per connection, so a proof
 * seen once, in a network log or by a view-only holder, proves nothing on another).
 */
export function proveBinding(roomId: string, challenge: Uint8Array): Uint8Array {
  return concatBytes(
    textEncoder.encode(`${LIVE_DOMAIN}/${roomId}/`),
    Uint8Array.of(MessageType.Prove),
    challenge,
  );
}

/** The bytes a writer signs to delete a room at a given time (ms since 1970). */
export function deleteBinding(roomId: string, at: number): Uint8Array {
  return concatBytes(
    textEncoder.encode(`${LIVE_DOMAIN}/${roomId}/`),
    Uint8Array.of(MessageType.DeleteRoom),
    u64(at),
  );
}

/** What is signed: the binding followed by the sealed bytes. */
export function signedBytes(binding: Uint8Array, sealed: Uint8Array): Uint8Array {
  return concatBytes(binding, sealed);
}

export interface JoinMessage {
  type: typeof MessageType.Join;
  version: number;
  roomId: string;
  verifyKey: Uint8Array;
  /** Highest log sequence this client already has (0 for none). */
  sinceSeq: number;
  /** True when the client starts the room (the relay creates it; otherwise it must exist). */
  create: boolean;
  /**
   * The room epoch this client's sinceSeq counts in (from its last WELCOME), 0 for none. A
   * relay whose room has another epoch (or a head below sinceSeq) lost entries: it replays the
   * room from the start, and the client sends back all it has. A client that knew an epoch
   * also re-creates a room the relay lost altogether.
   */
  epoch: number;
}
export interface UpdateMessage {
  type: typeof MessageType.Update;
  messageId: Uint8Array;
  sealed: Uint8Array;
  signature: Uint8Array;
}
export interface AwarenessMessage {
  type: typeof MessageType.Awareness | typeof MessageType.AwarenessRelay;
  sealed: Uint8Array;
}
export interface SnapshotMessage {
  type: typeof MessageType.Snapshot | typeof MessageType.SnapshotReplay;
  snapshotId: Uint8Array;
  /** Last log sequence the snapshot covers; the relay drops log entries up to it. */
  upToSeq: number;
  /** The snapshot this one replaces (its upToSeq), 0 for the first; compare-and-swap. */
  baseSeq: number;
  sealed: Uint8Array;
  signature: Uint8Array;
}
export interface DeleteRoomMessage {
  type: typeof MessageType.DeleteRoom;
  at: number;
  signature: Uint8Array;
}
export interface ProveMessage {
  type: typeof MessageType.Prove;
  /** Signature of proveBinding(roomId, WELCOME's challenge) with the room's signing key. */
  signature: Uint8Array;
}
export interface WelcomeMessage {
  type: typeof MessageType.Welcome;
  /** Highest sequence in the room's log now. */
  headSeq: number;
  /** The current snapshot's upToSeq (0 when there is none). */
  snapshotSeq: number;
  /** True when this JOIN created the room. */
  created: boolean;
  /** Random bytes an edit link signs (PROVE) before this connection may write. */
  challenge: Uint8Array;
  /** The room's epoch (see JoinMessage.epoch); 0 from a relay before epochs. */
  epoch: number;
}
export interface EntryMessage {
  type: typeof MessageType.Entry;
  seq: number;
  messageId: Uint8Array;
  sealed: Uint8Array;
  signature: Uint8Array;
}
export interface AckMessage {
  type: typeof MessageType.Ack;
  messageId: Uint8Array;
  seq: number;
}
export interface SyncedMessage {
  type: typeof MessageType.Synced;
  headSeq: number;
  /** Log entries and their sealed bytes kept since the current snapshot. */
  logCount: number;
  logBytes: number;
}
export interface SnapshotResultMessage {
  type: typeof MessageType.SnapshotResult;
  snapshotId: Uint8Array;
  accepted: boolean;
  /** The room's snapshot after the attempt (its upToSeq). */
  snapshotSeq: number;
  logCount: number;
  logBytes: number;
}
/**
 * The room is gone. "deleted": an edit link ended it, and `at` and `signature` are its signed
 * DELETE_ROOM, so a client can check that the edit key ended it (not a relay that says so).
 * "expired": the relay deleted it after its idle days (at 0, signature empty).
 */
export interface EndedMessage {
  type: typeof MessageType.Ended;
  cause: "deleted" | "expired";
  at: number;
  signature: Uint8Array;
}
export interface PieceMessage {
  type: typeof MessageType.Piece;
  pieceId: Uint8Array;
  index: number;
  count: number;
  bytes: Uint8Array;
}

export type ClientMessage =
  | JoinMessage
  | UpdateMessage
  | (AwarenessMessage & { type: typeof MessageType.Awareness })
  | (SnapshotMessage & { type: typeof MessageType.Snapshot })
  | DeleteRoomMessage
  | ProveMessage;
export type RelayMessage =
  | WelcomeMessage
  | EntryMessage
  | AckMessage
  | SyncedMessage
  | (AwarenessMessage & { type: typeof MessageType.AwarenessRelay })
  | (SnapshotMessage & { type: typeof MessageType.SnapshotReplay })
  | SnapshotResultMessage
  | EndedMessage;
export type WireMessage = ClientMessage | RelayMessage | PieceMessage;
