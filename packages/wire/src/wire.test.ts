import { describe, expect, it } from "vitest";
import {
  CLOSE_REASONS,
  CloseCode,
  LIVE_LIMITS,
  MAX_CLOSE_REASON_BYTES,
  clampCloseReason,
  MalformedFrameError,
  MessageType,
  PieceAssembler,
  decodeMessage,
  encodeFrames,
  encodeMessage,
  isFinalClose,
  type WireMessage,
} from "./wire";

const id = new Uint8Array(16).fill(3);
const signature = new Uint8Array(64).fill(9);

describe("wire format", () => {
  it("reads a JOIN and a WELCOME from before room epochs as knowing none", () => {
    const join = encodeMessage({
      type: MessageType.Join,
      version: 1,
      roomId: "b".repeat(32),
      verifyKey: new Uint8Array(32),
      sinceSeq: 4,
      create: false,
      epoch: 0,
    });
    // The epoch is the last field: a page from before it sent the same bytes without it.
    expect(decodeMessage(join.subarray(0, join.length - 1))).toMatchObject({
      sinceSeq: 4,
      epoch: 0,
    });
    const welcome = encodeMessage({
      type: MessageType.Welcome,
      headSeq: 9,
      snapshotSeq: 3,
      created: false,
      challenge: new Uint8Array(32).fill(5),
      epoch: 0,
    });
    expect(decodeMessage(welcome.subarray(0, welcome.length - 1))).toMatchObject({ epoch: 0 });
  });

  it("round-trips every message type", () => {
    const messages: WireMessage[] = [
      {
        type: MessageType.Join,
        version: 1,
        roomId: "a".repeat(32),
        verifyKey: new Uint8Array(32),
        sinceSeq: 12,
        create: true,
        epoch: 2 ** 46 + 5,
      },
      { type: MessageType.Update, messageId: id, sealed: Uint8Array.of(1, 2, 3), signature },
      { type: MessageType.Awareness, sealed: Uint8Array.of(4) },
      {
        type: MessageType.Snapshot,
        snapshotId: id,
        upToSeq: 500,
        baseSeq: 0,
        sealed: Uint8Array.of(5),
        signature,
      },
      { type: MessageType.DeleteRoom, at: 1_800_000_000_000, signature },
      { type: MessageType.Prove, signature },
      {
        type: MessageType.Welcome,
        headSeq: 9,
        snapshotSeq: 3,
        created: false,
        challenge: new Uint8Array(32).fill(5),
        epoch: 77,
      },
      { type: MessageType.Entry, seq: 2 ** 40, messageId: id, sealed: Uint8Array.of(6), signature },
      { type: MessageType.Ack, messageId: id, seq: 4 },
      { type: MessageType.Synced, headSeq: 4, logCount: 2, logBytes: 100 },
      { type: MessageType.AwarenessRelay, sealed: Uint8Array.of(7) },
      {
        type: MessageType.SnapshotResult,
        snapshotId: id,
        accepted: true,
        snapshotSeq: 7,
        logCount: 0,
        logBytes: 0,
      },
      { type: MessageType.Ended, cause: "deleted", at: 1_800_000_000_000, signature },
      { type: MessageType.Ended, cause: "expired", at: 0, signature: new Uint8Array(0) },
    ];
    for (const message of messages) expect(decodeMessage(encodeMessage(message))).toEqual(message);
  });

  it("refuses malformed frames with one error type", () => {
    const good = encodeMessage({ type: MessageType.Ack, messageId: id, seq: 4 });
    for (const bad of [
      new Uint8Array(0),
      Uint8Array.of(99),
      good.slice(0, -1),
      Uint8Array.of(...good, 0),
    ]) {
      expect(() => decodeMessage(bad)).toThrow(MalformedFrameError);
    }
    const shortId = encodeMessage({ type: MessageType.Ack, messageId: new Uint8Array(3), seq: 1 });
    expect(() => decodeMessage(shortId)).toThrow(MalformedFrameError);
  });

  it("cuts a large message into pieces under the frame cap and joins them back", () => {
    const sealed = new Uint8Array(LIVE_LIMITS.maxFrameBytes * 3 + 17).map((_, i) => i & 255);
    const message: WireMessage = { type: MessageType.Update, messageId: id, sealed, signature };
    const frames = encodeFrames(message);
    expect(frames.length).toBeGreaterThan(3);
    for (const frame of frames) expect(frame.length).toBeLessThanOrEqual(LIVE_LIMITS.maxFrameBytes);
    const assembler = new PieceAssembler();
    const results = frames.map((frame) => assembler.accept(decodeMessage(frame)));
    expect(results.slice(0, -1).every((result) => result === null)).toBe(true);
    const rebuilt = results.at(-1);
    if (rebuilt?.type !== MessageType.Update) throw new Error("no update rebuilt");
    // Compared as bytes: a deep equal of 800 KB element by element takes seconds.
    expect(Buffer.compare(rebuilt.sealed, sealed)).toBe(0);
    expect(rebuilt.messageId).toEqual(id);
  });

  it("keeps every close reason within WebSocket's 123 bytes", () => {
    for (const reason of Object.values(CLOSE_REASONS)) {
      expect(new TextEncoder().encode(reason).length).toBeLessThanOrEqual(MAX_CLOSE_REASON_BYTES);
    }
  });

  it("gives every close a number of its own and every message type a byte of its own", () => {
    // Branches add codes in parallel: two names on one number would show the wrong words.
    const codes = Object.values(CloseCode);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(CLOSE_REASONS[code]).toBeTruthy();
    const types = Object.values(MessageType);
    expect(new Set(types).size).toBe(types.length);
  });

  it("clamps a long close reason to 123 bytes of UTF-8 without cutting a character", () => {
    const long = "é".repeat(100); // 200 bytes, 2 per character
    const clamped = clampCloseReason(long);
    expect(new TextEncoder().encode(clamped).length).toBe(122);
    expect(clamped).toBe("é".repeat(61));
    expect(clampCloseReason("Reconnect")).toBe("Reconnect");
  });

  it("refuses pieces out of order", () => {
    const sealed = new Uint8Array(LIVE_LIMITS.maxFrameBytes * 2);
    const frames = encodeFrames({ type: MessageType.Update, messageId: id, sealed, signature });
    const assembler = new PieceAssembler();
    expect(() => assembler.accept(decodeMessage(frames[1]))).toThrow(MalformedFrameError);
  });
  it("retries after the relay's load limits, with words for each; a refusal stays final", () => {
    const retried = [
      CloseCode.RateLimited,
      CloseCode.TooManyConnections,
      CloseCode.TooManyJoins,
      CloseCode.SlowReader,
      CloseCode.RelayBusy,
    ];
    for (const code of retried) expect(isFinalClose(code)).toBe(false);
    expect(isFinalClose(CloseCode.PresenceTooLarge)).toBe(true);
    expect(isFinalClose(CloseCode.Malformed)).toBe(true);
    const encoder = new TextEncoder();
    for (const code of [...retried, CloseCode.PresenceTooLarge]) {
      // A WebSocket close reason holds at most 123 bytes.
      expect(encoder.encode(CLOSE_REASONS[code]).length).toBeLessThanOrEqual(123);
    }
  });
});
