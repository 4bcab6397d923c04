import { randomBytes } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { messageIdKey, PackedLog, type StoredEntry } from "./packed-log";
import { seededRandom } from "../../tests/support/seeded-random";

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

/**
 * Two different ids with the same key (a birthday search: about 2^15 tries), the first
 * `firstLength` bytes long, the second `secondLength`.
 */
function idsSharingAKey(firstLength = 16, secondLength = 16): [Uint8Array, Uint8Array] {
  const firsts = new Map<number, Uint8Array>();
  const seconds = new Map<number, Uint8Array>();
  for (;;) {
    const first = new Uint8Array(randomBytes(firstLength));
    const second = new Uint8Array(randomBytes(secondLength));
    const matchForFirst = seconds.get(messageIdKey(first));
    if (matchForFirst && !sameBytes(first, matchForFirst)) return [first, matchForFirst];
    const matchForSecond = firsts.get(messageIdKey(second));
    if (matchForSecond && !sameBytes(matchForSecond, second)) return [matchForSecond, second];
    firsts.set(messageIdKey(first), first);
    seconds.set(messageIdKey(second), second);
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/**
 * V8's hash of a small-integer key of a Map (ComputeUnseededHash): fixed, the same in every
 * process, so a key anyone can compute puts it in a bucket anyone can predict.
 */
function v8IntegerHash(key: number): number {
  let hash = key >>> 0;
  hash = (~hash + (hash << 15)) >>> 0;
  hash = (hash ^ (hash >>> 12)) >>> 0;
  hash = (hash + (hash << 2)) >>> 0;
  hash = (hash ^ (hash >>> 4)) >>> 0;
  hash = Math.imul(hash, 2057) >>> 0;
  hash = (hash ^ (hash >>> 16)) >>> 0;
  return hash & 0x3fffffff;
}

/** FNV-1a from its standard basis: the key a client could compute for itself. */
function publicKey(id: Uint8Array): number {
  let hash = 0x811c9dc5;
  for (const byte of id) hash = Math.imul(hash ^ byte, 0x01000193);
  return hash & 0x3fffffff;
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

  it("tells apart same-key ids of different lengths (a longer id is not a shorter one's match)", () => {
    const [short, long] = idsSharingAKey(12, 16);
    const log = PackedLog.of([entry(1, 8, short)]);
    expect(log.seqOfMessageId(long)).toBeNull();
    expect(log.seqOfMessageId(short)).toBe(1);
  });

  it("keys message ids with a secret: ids chosen to fill one of V8's buckets spread out", async () => {
    // The attack on a key anyone can compute: ids whose key falls in bucket 0 of a table of
    // 256 buckets, so every lookup of a map holding them walks all of them.
    const buckets = 256;
    const aimed: Uint8Array[] = [];
    while (aimed.length < 512) {
      const id = new Uint8Array(randomBytes(16));
      if ((v8IntegerHash(publicKey(id)) & (buckets - 1)) === 0) aimed.push(id);
    }
    const fill = new Map<number, number>();
    for (const id of aimed) {
      const bucket = v8IntegerHash(messageIdKey(id)) & (buckets - 1);
      fill.set(bucket, (fill.get(bucket) ?? 0) + 1);
    }
    // 512 ids at random in 256 buckets: two a bucket on average, rarely over ten.
    expect(Math.max(...fill.values())).toBeLessThan(32);
    expect(fill.size).toBeGreaterThan(128);
    // The secret is the process's own: the module loaded afresh keys the same ids otherwise.
    vi.resetModules();
    const fresh = await import("./packed-log");
    const differing = aimed.filter((id) => fresh.messageIdKey(id) !== messageIdKey(id));
    expect(differing.length).toBeGreaterThan(500);
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

describe("PackedLog against a plain array of entries", () => {
  const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");
  /** An entry as one string: its sequence and every byte. */
  const flat = (each: StoredEntry) =>
    `${each.seq}:${hex(each.messageId)}:${hex(each.signature)}:${hex(each.sealed)}`;

  it("agrees over random pushes, reads, lookups and trims (re-sent ids refused, as the stores do)", () => {
    const pairs = [idsSharingAKey(), idsSharingAKey()].flat();
    for (const seed of [1, 2, 3]) {
      const random = seededRandom(seed);
      const below = (n: number) => Math.floor(random() * n);
      let log = new PackedLog();
      let model: StoredEntry[] = [];
      let seqOfId = new Map<string, number>();
      const used: Uint8Array[] = [];
      let seq = 0;
      const expectLookup = (id: Uint8Array) =>
        expect(log.seqOfMessageId(id)).toBe(seqOfId.get(hex(id)) ?? null);
      for (let step = 0; step < 800; step++) {
        const action = below(100);
        if (action < 60) {
          const choice = below(10);
          const id =
            choice < 5 || used.length === 0
              ? new Uint8Array(randomBytes(16))
              : choice < 8
                ? pairs[below(pairs.length)]
                : used[below(used.length)];
          expectLookup(id);
          if (seqOfId.has(hex(id))) continue;
          seq += 1 + (random() < 0.2 ? below(4) : 0);
          const added = entry(seq, random() < 0.05 ? 3000 + below(5000) : below(80), id);
          log.push(added);
          model.push(added);
          seqOfId.set(hex(id), seq);
          used.push(id);
        } else if (action < 80) {
          // Mostly near the end (a joiner that is a little behind), now and then from the start.
          const after = random() < 0.2 ? below(seq + 3) - 1 : seq - below(20);
          expect(log.after(after).map(flat)).toEqual(
            model.filter((each) => each.seq > after).map(flat),
          );
          expect(log.sealedBytesThrough(after)).toBe(
            model
              .filter((each) => each.seq <= after)
              .reduce((sum, each) => sum + each.sealed.length, 0),
          );
        } else if (action < 83) {
          const upTo = below(seq + 1);
          log = log.trimmedThrough(upTo);
          model = model.filter((each) => each.seq > upTo);
          seqOfId = new Map(model.map((each) => [hex(each.messageId), each.seq]));
        } else {
          expectLookup(
            used.length > 0 && random() < 0.7 ? used[below(used.length)] : pairs[below(4)],
          );
        }
        expect(log.length).toBe(model.length);
        expect(log.lastSeq).toBe(model.at(-1)?.seq ?? 0);
      }
      expect(log.sealedBytes).toBe(model.reduce((sum, each) => sum + each.sealed.length, 0));
      expect([...log].map(flat)).toEqual(model.map(flat));
    }
  }, 60_000);
});
