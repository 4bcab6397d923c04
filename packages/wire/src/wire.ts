/**
 * The live-collaboration wire format, the heart of the wire package (packages/wire) that the page
 * (app/) and the relay (server/) share, with its names and shapes in wire-messages.ts
 * (re-exported here). This part encodes and
 * decodes messages as binary frames and cuts large messages into pieces under the frame cap.
 * Pure: no DOM, no Node, no keys; it never encrypts or decrypts.
 */
import * as decoding from "lib0/decoding";
import * as encoding from "lib0/encoding";
import {
  LIVE_LIMITS,
  MessageType,
  concatBytes,
  isRoomId,
  toHex,
  type WireMessage,
} from "./wire-messages";

export * from "./wire-messages";

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
const CHALLENGE_BYTES = 32;
const ENDED_CAUSES = ["deleted", "expired"] as const;

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
      // Last and optional, so a page from before epochs still joins (as one that knows none).
      encoding.writeVarUint(e, message.epoch);
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
    case MessageType.Prove:
      encoding.writeVarUint8Array(e, message.signature);
      break;
    case MessageType.Welcome:
      encoding.writeVarUint(e, message.headSeq);
      encoding.writeVarUint(e, message.snapshotSeq);
      encoding.writeUint8(e, message.created ? 1 : 0);
      encoding.writeVarUint8Array(e, message.challenge);
      encoding.writeVarUint(e, message.epoch);
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
      encoding.writeUint8(e, ENDED_CAUSES.indexOf(message.cause));
      encoding.writeVarUint(e, message.at);
      encoding.writeVarUint8Array(e, message.signature);
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
          epoch: decoding.hasContent(d) ? readSeq(d) : 0,
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
      case MessageType.Prove:
        message = { type, signature: readBytes(d, SIGNATURE_BYTES) };
        break;
      case MessageType.Welcome:
        message = {
          type,
          headSeq: readSeq(d),
          snapshotSeq: readSeq(d),
          created: decoding.readUint8(d) === 1,
          challenge: readBytes(d, CHALLENGE_BYTES),
          epoch: decoding.hasContent(d) ? readSeq(d) : 0,
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
      case MessageType.Ended: {
        const cause = ENDED_CAUSES[decoding.readUint8(d)];
        if (!cause) throw new MalformedFrameError("unknown end cause");
        const at = readSeq(d);
        const signature = readBytes(d);
        const signed = cause === "deleted" ? SIGNATURE_BYTES : 0;
        if (signature.length !== signed) throw new MalformedFrameError("bad end signature");
        message = { type, cause, at, signature };
        break;
      }
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

/** A new WELCOME challenge: 32 random bytes. */
export function randomChallenge(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(CHALLENGE_BYTES));
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
