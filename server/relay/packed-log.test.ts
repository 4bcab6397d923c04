import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { PackedLog, type StoredEntry } from "./packed-log";

function entry(
  seq: number,
  sealedLength = 20 + (seq % 7) * 13,
  id: Uint8Array = randomBytes(16),
): StoredEntry {
  return {
    seq,
    messageId: new Uint8Array(id),
    sealed: new Uint8Array(randomBytes(sealedLength)),
    signature: new Uint8Array(randomBytes(64)),
  };
}

/** The same entry as plain arrays, for toEqual. */
const plain = (each: StoredEntry) => ({
  seq: each.seq,
  messageId: [...each.messageId],
  sealed: [...each.sealed],
  signature: [...each.signature],
});

/** FNV-1a's 30-bit key, as the log keys message ids (to make ids that share one). */
function keyOf(id: Uint8Array): number {
  let hash = 0x811c9dc5;
  for (const byte of id) hash = Math.imul(hash ^ byte, 0x01000193);
  return hash & 0x3fffffff;
}

/** Two different 16-byte ids with the same key (a birthday search: about 2^15 tries). */
function idsSharingAKey(): [Uint8Array, Uint8Array] {
  const seen = new Map<number, Uint8Array>();
  for (;;) {
    const id = new Uint8Array(randomBytes(16));
    const other = seen.get(keyOf(id));
    if (other) return [other, id];
    seen.set(keyOf(id), id);
  }
}

describe("PackedLog", () => {
  it("gives back every entry as it was pushed, after any sequence, as its buffers grow", () => {
    const entries: StoredEntry[] = [];
    const log = new PackedLog();
    for (let seq = 1; seq <= 600; seq++) {
      // Sizes from empty to past the buffer's first size, so it grows several times.
      const added = entry(seq, seq % 50 === 0 ? 5000 : seq % 11);
      entries.push(added);
      log.push(added);
    }
    expect(log.length).toBe(600);
    expect(log.lastSeq).toBe(600);
    expect(log.sealedBytes).toBe(entries.reduce((sum, each) => sum + each.sealed.length, 0));
    for (const after of [0, 1, 299, 599, 600, 1000]) {
      expect(log.after(after).map(plain)).toEqual(
        entries.filter((each) => each.seq > after).map(plain),
      );
    }
    expect([...log].map(plain)).toEqual(entries.map(plain));
  });

  it("keeps copies: bytes changed after a push, or pushes after a read, change nothing read", () => {
    const log = new PackedLog();
    const first = entry(1);
    const wanted = plain(first);
    log.push(first);
    first.sealed.fill(0);
    first.messageId.fill(0);
    const read = log.after(0);
    // Enough more to move the log into a larger buffer.
    for (let seq = 2; seq < 200; seq++) log.push(entry(seq, 300));
    expect(plain(read[0])).toEqual(wanted);
    expect(plain(log.entryAt(0))).toEqual(wanted);
  });

  it("finds an entry's sequence by its message id, and none for an id it lacks", () => {
    const log = new PackedLog();
    const ids = Array.from({ length: 300 }, () => new Uint8Array(randomBytes(16)));
    ids.forEach((id, index) => log.push(entry(index + 1, 10, id)));
    ids.forEach((id, index) => expect(log.seqOfMessageId(id)).toBe(index + 1));
    expect(log.seqOfMessageId(new Uint8Array(randomBytes(16)))).toBeNull();
    // An id of another length that starts the same is another id.
    expect(log.seqOfMessageId(ids[0].subarray(0, 15))).toBeNull();
  });

  it("tells apart ids that share a key, and an absent id with a present one's key", () => {
    const [first, second] = idsSharingAKey();
    const [third, absent] = idsSharingAKey();
    const log = PackedLog.of([entry(1, 8, first), entry(2, 8, second), entry(3, 8, third)]);
    expect(log.seqOfMessageId(first)).toBe(1);
    expect(log.seqOfMessageId(second)).toBe(2);
    expect(log.seqOfMessageId(third)).toBe(3);
    expect(log.seqOfMessageId(absent)).toBeNull();
    // A trimmed log keeps the second of the pair findable, now first with its key.
    const trimmed = log.trimmedThrough(1);
    expect(trimmed.seqOfMessageId(first)).toBeNull();
    expect(trimmed.seqOfMessageId(second)).toBe(2);
  });

  it("trims through a sequence into a new log and counts the sealed bytes it covers", () => {
    const entries = Array.from({ length: 40 }, (_, index) => entry(index * 2 + 1));
    const log = PackedLog.of(entries);
    const covered = (upTo: number) =>
      entries.filter((each) => each.seq <= upTo).reduce((sum, each) => sum + each.sealed.length, 0);
    for (const upTo of [0, 1, 2, 40, 79, 80]) {
      expect(log.sealedBytesThrough(upTo)).toBe(covered(upTo));
      const kept = log.trimmedThrough(upTo);
      expect([...kept].map(plain)).toEqual(entries.filter((each) => each.seq > upTo).map(plain));
      expect(kept.sealedBytes).toBe(log.sealedBytes - covered(upTo));
      expect(kept.lastSeq).toBe(upTo >= 79 ? 0 : 79);
      // The original is unchanged, and each takes pushes of its own.
      kept.push(entry(81));
      expect(log.length).toBe(40);
    }
    expect(new PackedLog().lastSeq).toBe(0);
    expect(new PackedLog().after(0)).toEqual([]);
  });
});
