/**
 * What comes in on one connection, checked before anything is queued for it: the frame cap,
 * decoding, pieces joined back into messages (never before a JOIN, never for presence, and
 * within the hub's budget of unfinished pieces), client message types only, and presence
 * within maxAwarenessBytes. Each refusal is the close code that names it.
 */
import {
  CloseCode,
  MalformedFrameError,
  MessageType,
  PieceAssembler,
  decodeMessage,
  type ClientMessage,
  type PieceMessage,
  type WireMessage,
} from "@plainpad/wire";
import type { AddressLimits } from "./address-limits";
import { isClientMessage } from "./connection-rules";
import type { RelayLimits } from "./limits";

/** The input side of one connection. */
export class ConnectionInput {
  private readonly assembler = new PieceAssembler();
  /** Bytes of unfinished pieces counted in the hub's budget for this connection. */
  piecesHeld = 0;
  /**
   * Bytes of whole messages taken but not handled yet, counted in the same budget: each waits
   * on the connection's queue for the store, which may stall (Redis not answering), and
   * before issue 49's attack tests 16 presence senders piled up 270 MiB in 5 s meanwhile.
   */
  waitingBytes = 0;
  private paused = false;
  private stopped = false;

  constructor(
    private readonly limits: RelayLimits,
    private readonly budgets: AddressLimits,
    /** Stops and starts reading the socket (TCP pushes back on the sender meanwhile). */
    private readonly flow: { pause?(): void; resume?(): void } = {},
  ) {}

  /** Everything the connection holds in the hub's budget (given back when it closes). */
  get held(): number {
    return this.piecesHeld + this.waitingBytes;
  }

  /**
   * Counts a message that now waits to be handled. Past maxQueuedBytes waiting the socket is
   * not read until they are handled (no close: an honest page resending a large outbox only
   * waits); RelayBusy when the hub's budget is spent.
   */
  wait(bytes: number): number | null {
    this.waitingBytes += bytes;
    if (!this.budgets.holdPieces(bytes)) return CloseCode.RelayBusy;
    if (!this.paused && this.waitingBytes > this.limits.maxQueuedBytes) {
      this.paused = true;
      this.flow.pause?.();
    }
    return null;
  }

  /** A message counted by wait() was handled (or skipped). */
  handled(bytes: number): void {
    this.waitingBytes -= bytes;
    if (this.stopped) return;
    this.budgets.holdPieces(-bytes);
    if (this.paused && this.waitingBytes <= this.limits.maxQueuedBytes) {
      this.paused = false;
      this.flow.resume?.();
    }
  }

  /** The connection closed and the hub took back `held`: nothing is counted any more. */
  stop(): void {
    this.stopped = true;
    // Read again, so the client's answer to the close is seen.
    if (this.paused) this.flow.resume?.();
  }

  /**
   * A frame from the client: the whole message it completes, null while pieces of one are
   * still arriving, or the close code that refuses it. `joined`: a JOIN came first.
   */
  accept(frame: Uint8Array, joined: boolean): ClientMessage | null | number {
    if (frame.length > this.limits.maxFrameBytes) return CloseCode.TooLarge;
    let message: WireMessage | null;
    try {
      const decoded = decodeMessage(frame);
      const refused = decoded.type === MessageType.Piece && pieceRefusal(decoded, joined);
      if (refused) return refused;
      message = this.assembler.accept(decoded);
    } catch (error) {
      if (error instanceof MalformedFrameError) return CloseCode.Malformed;
      throw error;
    }
    const piecesDelta = this.assembler.pendingBytes - this.piecesHeld;
    this.piecesHeld += piecesDelta;
    if (!this.budgets.holdPieces(piecesDelta)) return CloseCode.RelayBusy;
    if (!message) return null;
    if (!isClientMessage(message)) return CloseCode.Malformed;
    if (
      message.type === MessageType.Awareness &&
      message.sealed.length > this.limits.maxAwarenessBytes
    ) {
      return CloseCode.PresenceTooLarge;
    }
    return message;
  }
}

/**
 * Why a piece is refused before it is held, or null: pieces before a JOIN (nothing may be
 * held for a connection in no room), and presence in pieces (presence is small).
 */
/** Bytes a message holds while it waits (its sealed payload and a little more). */
export function waitingBytesOf(message: ClientMessage): number {
  return 256 + ("sealed" in message ? message.sealed.length : 0);
}

function pieceRefusal(piece: PieceMessage, joined: boolean): number | null {
  if (!joined) return CloseCode.Malformed;
  if (piece.index === 0 && piece.bytes[0] === MessageType.Awareness) {
    return CloseCode.PresenceTooLarge;
  }
  return null;
}
