/**
 * What is inside a sealed write (issue 49 §5). The relay can drop, reorder or roll back what it
 * stores, but it cannot change a sealed, signed payload, so the facts clients need to notice a
 * lying relay travel inside it:
 *
 * - an UPDATE names its writer (the Y.Doc client id of the session that typed it) and the
 *   writer's own message counters it carries (1, 2, 3… per writer; a resend merged from several
 *   carries several), so a gap in a writer's counters shows a message the relay held back;
 * - a REPAIR (an update re-sent for someone who lacks it) also carries the state vector it was
 *   built against and the sender's "heard" counters: once applied on a state that has that
 *   vector, the receiver holds everything the sender held, those counters included;
 * - a SNAPSHOT carries the "heard" counters of the editor who made it.
 *
 * Payloads written before this format (a bare Yjs update or state) are still read, as legacy.
 */
import * as decoding from "lib0/decoding";
import * as encoding from "lib0/encoding";

/** Each writer's highest counter held with every one before it: writer id to counter. */
export type Heard = Map<number, number>;

/** A run of one writer's counters, first to last inclusive. */
export type CounterRun = readonly [first: number, last: number];

/** A decoded payload. */
export type Payload =
  | { kind: "update"; writer: number; runs: CounterRun[]; update: Uint8Array }
  | { kind: "repair"; writer: number; basis: Uint8Array; heard: Heard; update: Uint8Array }
  | { kind: "snapshot"; heard: Heard; update: Uint8Array }
  | { kind: "legacy"; update: Uint8Array };

// A bare Yjs update starting so (no structs, then a delete-set count that never ends in four
// bytes) is not something Yjs writes; the whole payload must then parse with nothing after it.
const MAGIC = [0x00, 0xff, 0x50, 0x45] as const;
const KIND_UPDATE = 1;
const KIND_REPAIR = 2;
const KIND_SNAPSHOT = 3;
/** Most runs or writers one payload may name (a resend merges at most this many updates). */
export const MAX_PAYLOAD_WRITERS = 100_000;

function start(kind: number): encoding.Encoder {
  const e = encoding.createEncoder();
  for (const byte of MAGIC) encoding.writeUint8(e, byte);
  encoding.writeUint8(e, kind);
  return e;
}

function writeHeard(e: encoding.Encoder, heard: Heard): void {
  encoding.writeVarUint(e, heard.size);
  for (const [writer, counter] of heard) {
    encoding.writeVarUint(e, writer);
    encoding.writeVarUint(e, counter);
  }
}

/** An own update: `update` holds exactly the writer's messages numbered by `runs`. */
export function encodeUpdatePayload(
  writer: number,
  runs: readonly CounterRun[],
  update: Uint8Array,
): Uint8Array {
  const e = start(KIND_UPDATE);
  encoding.writeVarUint(e, writer);
  encoding.writeVarUint(e, runs.length);
  for (const [first, last] of runs) {
    encoding.writeVarUint(e, first);
    encoding.writeVarUint(e, last);
  }
  encoding.writeVarUint8Array(e, update);
  return encoding.toUint8Array(e);
}

/** A repair: `update` is the sender's state beyond `basis` (a Yjs state vector). */
export function encodeRepairPayload(
  writer: number,
  basis: Uint8Array,
  heard: Heard,
  update: Uint8Array,
): Uint8Array {
  const e = start(KIND_REPAIR);
  encoding.writeVarUint(e, writer);
  encoding.writeVarUint8Array(e, basis);
  writeHeard(e, heard);
  encoding.writeVarUint8Array(e, update);
  return encoding.toUint8Array(e);
}

/** A snapshot: the whole state, and the counters its maker had heard. */
export function encodeSnapshotPayload(heard: Heard, state: Uint8Array): Uint8Array {
  const e = start(KIND_SNAPSHOT);
  writeHeard(e, heard);
  encoding.writeVarUint8Array(e, state);
  return encoding.toUint8Array(e);
}

function readCount(d: decoding.Decoder): number {
  const count = decoding.readVarUint(d);
  if (count > MAX_PAYLOAD_WRITERS) throw new Error("too many entries");
  return count;
}

function readHeard(d: decoding.Decoder): Heard {
  const heard: Heard = new Map();
  for (let i = readCount(d); i > 0; i--)
    heard.set(decoding.readVarUint(d), decoding.readVarUint(d));
  return heard;
}

function hasMagic(bytes: Uint8Array): boolean {
  return bytes.length > MAGIC.length && MAGIC.every((byte, i) => bytes[i] === byte);
}

/** Reads a payload; anything not in this format is a legacy bare Yjs update. */
export function decodePayload(bytes: Uint8Array): Payload {
  if (!hasMagic(bytes)) return { kind: "legacy", update: bytes };
  try {
    const d = decoding.createDecoder(bytes.subarray(MAGIC.length));
    const kind = decoding.readUint8(d);
    let payload: Payload;
    if (kind === KIND_UPDATE) {
      const writer = decoding.readVarUint(d);
      const runs: CounterRun[] = [];
      for (let i = readCount(d); i > 0; i--) {
        const first = decoding.readVarUint(d);
        const last = decoding.readVarUint(d);
        if (first < 1 || last < first) throw new Error("bad run");
        runs.push([first, last]);
      }
      payload = { kind: "update", writer, runs, update: decoding.readVarUint8Array(d) };
    } else if (kind === KIND_REPAIR) {
      const writer = decoding.readVarUint(d);
      const basis = decoding.readVarUint8Array(d);
      const heard = readHeard(d);
      payload = { kind: "repair", writer, basis, heard, update: decoding.readVarUint8Array(d) };
    } else if (kind === KIND_SNAPSHOT) {
      const heard = readHeard(d);
      payload = { kind: "snapshot", heard, update: decoding.readVarUint8Array(d) };
    } else {
      throw new Error("unknown kind");
    }
    if (decoding.hasContent(d)) throw new Error("bytes after the payload");
    return payload;
  } catch {
    return { kind: "legacy", update: bytes };
  }
}

/** Runs sorted and joined where they touch (a merged resend names few runs, not many). */
export function joinRuns(runs: readonly CounterRun[]): CounterRun[] {
  const sorted = [...runs].sort((a, b) => a[0] - b[0]);
  const joined: [number, number][] = [];
  for (const [first, last] of sorted) {
    const previous = joined[joined.length - 1];
    if (previous && first <= previous[1] + 1) previous[1] = Math.max(previous[1], last);
    else joined.push([first, last]);
  }
  return joined;
}
