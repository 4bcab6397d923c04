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
} from "../../app/collab/wire";
import type { AddressLimits } from "./address-limits";
import { isClientMessage } from "./connection-rules";
import type { RelayLimits } from "./limits";

/** The input side of one connection. */
export class ConnectionInput {
  private readonly assembler = new PieceAssembler();
  /** Bytes of unfinished pieces counted in the hub's budget for this connection. */
  piecesHeld = 0;

  constructor(
    private readonly limits: RelayLimits,
    private readonly budgets: AddressLimits,
  ) {}

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
function pieceRefusal(piece: PieceMessage, joined: boolean): number | null {
  if (!joined) return CloseCode.Malformed;
  if (piece.index === 0 && piece.bytes[0] === MessageType.Awareness) {
    return CloseCode.PresenceTooLarge;
  }
  return null;
}
