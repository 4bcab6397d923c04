/**
 * The live-collaboration wire format: the one module the page and the relay (server/) share.
 * Pure: no DOM, no Node, no keys. It names every message, encodes and decodes them as binary
 * frames, cuts large messages into pieces under the frame cap, and states the limits both
 * sides enforce. It never encrypts or decrypts: the relay only ever sees the sealed bytes.
 *
 * Room ids are derived from the room's Ed25519 verifying key, so a relay can check that the key
 * a client names really belongs to the room (no trust on first use), and a view-only link (which
 * carries the verifying key) finds the same room.
 */
import * as decoding from "lib0/decoding";
import * as encoding from "lib0/encoding";
import { sha256 } from "@noble/hashes/sha2.js";

/** Version of this wire format; a relay refuses a JOIN that names another. */
export const WIRE_VERSION = 1;

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
  TooLarge: 4413,
  RateLimited: 4429,
  TooManyRooms: 4430,
  RoomFull: 4507,
  WrongVersion: 4426,
} as const;

export const CLOSE_REASONS: Record<number, string> = {
  [CloseCode.Malformed]: "The relay could not read a message from this page.",
  [CloseCode.NotAllowed]: "This link can only view: the relay refused a change from it.",
  [CloseCode.RoomNotFound]: "This live session has ended or expired on the relay.",
  [CloseCode.RoomEnded]: "The person who started this live session ended it.",
  [CloseCode.TooLarge]: "A change was too large for the relay.",
  [CloseCode.RateLimited]: "Too many changes too quickly; the relay slowed this page down.",
  [CloseCode.TooManyRooms]:
    "Too many live sessions were started from this address in the last hour.",
  [CloseCode.RoomFull]:
    "This live document has reached the relay's size limit (about 10 MB of text).",
  [CloseCode.WrongVersion]: "This page is out of date for the relay. Reload the page.",
};

/** Close codes after which reconnecting cannot help. */
export function isFinalClose(code: number): boolean {
  return code >= 4400 && code !== CloseCode.RateLimited;
}

/** Domain label mixed into every signature and every room id, so nothing is reused elsewhere. */
export const LIVE_DOMAIN = "plainpad-live-v1";

const textEncoder = new TextEncoder();

function toHex(bytes: Uint8Array): string {
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
export interface WelcomeMessage {
  type: typeof MessageType.Welcome;
  /** Highest sequence in the room's log now. */
  headSeq: number;
  /** The current snapshot's upToSeq (0 when there is none). */
  snapshotSeq: number;
  /** True when this JOIN created the room. */
  created: boolean;
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
export interface EndedMessage {
  type: typeof MessageType.Ended;
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
  | DeleteRoomMessage;
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

/** Thrown by decodeMessage for any frame that is not a well-formed message. */
export class MalformedFrameError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MalformedFrameError";
  }
}

const ID_BYTES = 16;
const SIGNATURE_BYTES = 64;
const KEY_BYTES = 32;

/** Encodes one message as one frame (before any cutting into pieces). */
export function encodeMessage(message: WireMessage): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeUint8(e, message.type);
  switch (message.type) {
    case MessageType.Join:
      encoding.writeVarUint(e, message.version);
      encoding.writeVarString(e, message.roomId);
      encoding.writeVarUint8Array(e, message.verifyKey);
      encoding.writeVarUint(e, message.sinceSeq);
      encoding.writeUint8(e, message.create ? 1 : 0);
      break;
    case MessageType.Update:
      encoding.writeVarUint8Array(e, message.messageId);
      encoding.writeVarUint8Array(e, message.signature);
      encoding.writeVarUint8Array(e, message.sealed);
      break;
    case MessageType.Awareness:
    case MessageType.AwarenessRelay:
      encoding.writeVarUint8Array(e, message.sealed);
      break;
    case MessageType.Snapshot:
    case MessageType.SnapshotReplay:
      encoding.writeVarUint8Array(e, message.snapshotId);
      encoding.writeVarUint(e, message.upToSeq);
      encoding.writeVarUint(e, message.baseSeq);
      encoding.writeVarUint8Array(e, message.signature);
      encoding.writeVarUint8Array(e, message.sealed);
      break;
    case MessageType.DeleteRoom:
      encoding.writeVarUint(e, message.at);
      encoding.writeVarUint8Array(e, message.signature);
      break;
    case MessageType.Welcome:
      encoding.writeVarUint(e, message.headSeq);
      encoding.writeVarUint(e, message.snapshotSeq);
      encoding.writeUint8(e, message.created ? 1 : 0);
      break;
    case MessageType.Entry:
      encoding.writeVarUint(e, message.seq);
      encoding.writeVarUint8Array(e, message.messageId);
      encoding.writeVarUint8Array(e, message.signature);
      encoding.writeVarUint8Array(e, message.sealed);
      break;
    case MessageType.Ack:
      encoding.writeVarUint8Array(e, message.messageId);
      encoding.writeVarUint(e, message.seq);
      break;
    case MessageType.Synced:
      encoding.writeVarUint(e, message.headSeq);
      encoding.writeVarUint(e, message.logCount);
      encoding.writeVarUint(e, message.logBytes);
      break;
    case MessageType.SnapshotResult:
      encoding.writeVarUint8Array(e, message.snapshotId);
      encoding.writeUint8(e, message.accepted ? 1 : 0);
      encoding.writeVarUint(e, message.snapshotSeq);
      encoding.writeVarUint(e, message.logCount);
      encoding.writeVarUint(e, message.logBytes);
      break;
    case MessageType.Ended:
      break;
    case MessageType.Piece:
      encoding.writeVarUint8Array(e, message.pieceId);
      encoding.writeVarUint(e, message.index);
      encoding.writeVarUint(e, message.count);
      encoding.writeVarUint8Array(e, message.bytes);
      break;
  }
  return encoding.toUint8Array(e);
}

function readBytes(d: decoding.Decoder, exactLength?: number): Uint8Array {
  const bytes = decoding.readVarUint8Array(d);
  if (exactLength !== undefined && bytes.length !== exactLength) {
    throw new MalformedFrameError(`expected ${exactLength} bytes, got ${bytes.length}`);
  }
  return bytes;
}

function readSeq(d: decoding.Decoder): number {
  const value = decoding.readVarUint(d);
  if (!Number.isSafeInteger(value) || value < 0) throw new MalformedFrameError("bad number");
  return value;
}

/** Decodes one frame; throws MalformedFrameError for anything else (never a partial message). */
export function decodeMessage(frame: Uint8Array): WireMessage {
  if (frame.length === 0) throw new MalformedFrameError("empty frame");
  if (frame.length > LIVE_LIMITS.maxMessageBytes + 1024) throw new MalformedFrameError("too large");
  const d = decoding.createDecoder(frame);
  let message: WireMessage;
  try {
    const type = decoding.readUint8(d);
    switch (type) {
      case MessageType.Join: {
        const version = readSeq(d);
        const roomId = decoding.readVarString(d);
        if (!isRoomId(roomId)) throw new MalformedFrameError("bad room id");
        message = {
          type,
          version,
          roomId,
          verifyKey: readBytes(d, KEY_BYTES),
          sinceSeq: readSeq(d),
          create: decoding.readUint8(d) === 1,
        };
        break;
      }
      case MessageType.Update:
        message = {
          type,
          messageId: readBytes(d, ID_BYTES),
          signature: readBytes(d, SIGNATURE_BYTES),
          sealed: readBytes(d),
        };
        break;
      case MessageType.Awareness:
      case MessageType.AwarenessRelay:
        message = { type, sealed: readBytes(d) };
        break;
      case MessageType.Snapshot:
      case MessageType.SnapshotReplay:
        message = {
          type,
          snapshotId: readBytes(d, ID_BYTES),
          upToSeq: readSeq(d),
          baseSeq: readSeq(d),
          signature: readBytes(d, SIGNATURE_BYTES),
          sealed: readBytes(d),
        };
        break;
      case MessageType.DeleteRoom:
        message = { type, at: readSeq(d), signature: readBytes(d, SIGNATURE_BYTES) };
        break;
      case MessageType.Welcome:
        message = {
          type,
          headSeq: readSeq(d),
          snapshotSeq: readSeq(d),
          created: decoding.readUint8(d) === 1,
        };
        break;
      case MessageType.Entry:
        message = {
          type,
          seq: readSeq(d),
          messageId: readBytes(d, ID_BYTES),
          signature: readBytes(d, SIGNATURE_BYTES),
          sealed: readBytes(d),
        };
        break;
      case MessageType.Ack:
        message = { type, messageId: readBytes(d, ID_BYTES), seq: readSeq(d) };
        break;
      case MessageType.Synced:
        message = { type, headSeq: readSeq(d), logCount: readSeq(d), logBytes: readSeq(d) };
        break;
      case MessageType.SnapshotResult:
        message = {
          type,
          snapshotId: readBytes(d, ID_BYTES),
          accepted: decoding.readUint8(d) === 1,
          snapshotSeq: readSeq(d),
          logCount: readSeq(d),
          logBytes: readSeq(d),
        };
        break;
      case MessageType.Ended:
        message = { type };
        break;
      case MessageType.Piece: {
        const pieceId = readBytes(d, ID_BYTES);
        const index = readSeq(d);
        const count = readSeq(d);
        const bytes = readBytes(d);
        const maxPieces = Math.ceil(LIVE_LIMITS.maxMessageBytes / LIVE_LIMITS.pieceBytes);
        if (count < 2 || count > maxPieces || index >= count) {
          throw new MalformedFrameError("bad piece numbering");
        }
        if (bytes.length > LIVE_LIMITS.pieceBytes) throw new MalformedFrameError("piece too large");
        message = { type, pieceId, index, count, bytes };
        break;
      }
      default:
        throw new MalformedFrameError(`unknown message type ${type}`);
    }
  } catch (error) {
    if (error instanceof MalformedFrameError) throw error;
    // lib0 throws plain errors on a frame that ends early.
    throw new MalformedFrameError("frame ends early");
  }
  if (decoding.hasContent(d)) throw new MalformedFrameError("bytes after the message");
  return message;
}

/**
 * Encodes a message as the frames to send: one frame when it fits under the frame cap, or
 * Piece frames that a PieceAssembler on the other side joins back into the same message.
 */
export function encodeFrames(message: WireMessage, pieceId?: Uint8Array): Uint8Array[] {
  const whole = encodeMessage(message);
  if (whole.length <= LIVE_LIMITS.maxFrameBytes) return [whole];
  if (whole.length > LIVE_LIMITS.maxMessageBytes) {
    throw new RangeError(`message of ${whole.length} bytes is over the limit`);
  }
  const id = pieceId ?? randomId();
  const count = Math.ceil(whole.length / LIVE_LIMITS.pieceBytes);
  const frames: Uint8Array[] = [];
  for (let index = 0; index < count; index++) {
    const bytes = whole.subarray(
      index * LIVE_LIMITS.pieceBytes,
      (index + 1) * LIVE_LIMITS.pieceBytes,
    );
    frames.push(encodeMessage({ type: MessageType.Piece, pieceId: id, index, count, bytes }));
  }
  return frames;
}

/** 16 random bytes (message, snapshot and piece ids). */
export function randomId(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(ID_BYTES));
}

/**
 * Joins Piece frames back into messages, one connection's worth. Pieces of one message arrive
 * in order on one connection; anything else (a gap, a second message interleaved past the cap,
 * a total over the message limit) is malformed.
 */
export class PieceAssembler {
  private current: {
    id: string;
    count: number;
    next: number;
    parts: Uint8Array[];
    bytes: number;
  } | null = null;

  /**
   * Takes one decoded frame. Returns the whole message when the frame completes one (or is not
   * a piece at all), or null while pieces are still arriving.
   */
  accept(message: WireMessage): WireMessage | null {
    if (message.type !== MessageType.Piece) {
      if (this.current) throw new MalformedFrameError("message inside an unfinished piece run");
      return message;
    }
    const id = toHex(message.pieceId);
    if (message.index === 0) {
      if (this.current) throw new MalformedFrameError("new piece run before the last ended");
      this.current = { id, count: message.count, next: 0, parts: [], bytes: 0 };
    }
    const run = this.current;
    if (!run || run.id !== id || run.count !== message.count || run.next !== message.index) {
      throw new MalformedFrameError("piece out of order");
    }
    run.parts.push(message.bytes);
    run.bytes += message.bytes.length;
    run.next++;
    if (run.bytes > LIVE_LIMITS.maxMessageBytes) throw new MalformedFrameError("message too large");
    if (run.next < run.count) return null;
    this.current = null;
    const inner = decodeMessage(concatBytes(...run.parts));
    if (inner.type === MessageType.Piece) throw new MalformedFrameError("piece inside a piece");
    return inner;
  }

  /** Bytes held for an unfinished message (for the relay's memory accounting). */
  get pendingBytes(): number {
    return this.current?.bytes ?? 0;
  }
}
