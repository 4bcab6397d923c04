/**
 * A room's log as a store holds it in memory (the disk store's cache, the memory store): every
 * entry's bytes in one growing buffer and its sequence and lengths in typed arrays, not an
 * object and three byte arrays per entry. A busy relay holds tens of thousands of entries; as
 * objects they were most of what its garbage collector marked and moved, and its pauses were
 * the fan-out's p95 against Hocuspocus (issue 49's bench: with no entries held, p95 fell from
 * 2.2-4.3 to 1.7 ms). Entries are handed out as views of the buffer, made when asked for (a
 * replay); the bytes behind a view handed out are never written again (the buffer only grows
 * into a new one, and a trim makes a new log).
 */

import { randomInt } from "node:crypto";

/** One logged update, exactly as a writer sent it (sealed and signed). */
export interface StoredEntry {
  seq: number;
  messageId: Uint8Array;
  sealed: Uint8Array;
  signature: Uint8Array;
}

/** Numbers kept per entry in `layout`: where its bytes start, then its three lengths. */
const FIELDS = 4;
/** Entries a log first makes room for (none until its first entry). */
const FIRST_CAPACITY = 8;
/** The least a log's byte buffer starts at (a room's first few updates share it). */
const MIN_BYTES = 1024;
const NO_BYTES = new Uint8Array(0);
const NO_LAYOUT = new Int32Array(0);
const NO_SEQS = new Float64Array(0);

/**
 * This process's secret for message id keys. V8 hashes a small-integer map key with a fixed
 * function, so keys a client could compute would let it choose ids that all fall in one bucket
 * and make every lookup walk them all (the hex strings before were safe: V8 seeds its string
 * hash per process). Unknown to clients, the seed makes the keys, and so the buckets, unknowable.
 */
const KEY_SEED = randomInt(2 ** 32 - 1);

/**
 * A message id's 30-bit key, a small integer to the engine: FNV-1a of its bytes from this
 * process's secret basis, then mixed (MurmurHash3's finalizer) so every bit of the key depends
 * on the seed. Exported for the tests that make ids sharing a key.
 */
export function messageIdKey(id: Uint8Array): number {
  let hash = KEY_SEED;
  for (let i = 0; i < id.length; i++) {
    hash ^= id[i];
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash & 0x3fffffff;
}

function hexOf(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("hex");
}

export class PackedLog implements Iterable<StoredEntry> {
  // Nothing is allocated until the first entry: an empty room's log costs a few words.
  private bytes = NO_BYTES;
  private usedBytes = 0;
  /** Per entry, FIELDS numbers: start in `bytes`, message id, signature and sealed lengths. */
  private layout = NO_LAYOUT;
  private seqs = NO_SEQS;
  private count = 0;
  private sealedTotal = 0;
  /** Message id key → the first entry holding an id with that key. */
  private firstWithKey: Map<number, number> | null = null;
  /**
   * Ids whose key an earlier entry's different id already has (hex → sequence): rare (a key
   * is secret, so nobody can aim at one), and each costs one map entry, as every id once did.
   */
  private sharedKeys: Map<string, number> | null = null;

  /** A log of `entries` (in sequence order). */
  static of(entries: Iterable<StoredEntry>): PackedLog {
    const log = new PackedLog();
    for (const entry of entries) log.push(entry);
    return log;
  }

  /** How many entries. */
  get length(): number {
    return this.count;
  }

  /** Sum of the entries' sealed bytes. */
  get sealedBytes(): number {
    return this.sealedTotal;
  }

  /** The last entry's sequence, or 0 when there is none. */
  get lastSeq(): number {
    return this.count > 0 ? this.seqs[this.count - 1] : 0;
  }

  /** Adds an entry after the others (its sequence above theirs), its bytes copied. */
  push(entry: StoredEntry): void {
    const { messageId, signature, sealed } = entry;
    const size = messageId.length + signature.length + sealed.length;
    this.reserve(1, size);
    const index = this.count;
    const start = this.usedBytes;
    this.bytes.set(messageId, start);
    this.bytes.set(signature, start + messageId.length);
    this.bytes.set(sealed, start + messageId.length + signature.length);
    const at = index * FIELDS;
    this.layout[at] = start;
    this.layout[at + 1] = messageId.length;
    this.layout[at + 2] = signature.length;
    this.layout[at + 3] = sealed.length;
    this.seqs[index] = entry.seq;
    this.usedBytes += size;
    this.sealedTotal += sealed.length;
    this.count++;
    const key = messageIdKey(messageId);
    this.firstWithKey ??= new Map();
    if (!this.firstWithKey.has(key)) this.firstWithKey.set(key, index);
    else (this.sharedKeys ??= new Map()).set(hexOf(messageId), entry.seq);
  }

  /** The entry at `index` (from 0), its bytes views of the log's buffer. */
  entryAt(index: number): StoredEntry {
    const at = index * FIELDS;
    const start = this.layout[at];
    const idEnd = start + this.layout[at + 1];
    const signatureEnd = idEnd + this.layout[at + 2];
    return {
      seq: this.seqs[index],
      messageId: this.bytes.subarray(start, idEnd),
      signature: this.bytes.subarray(idEnd, signatureEnd),
      sealed: this.bytes.subarray(signatureEnd, signatureEnd + this.layout[at + 3]),
    };
  }

  /** The entries after sequence `afterSeq`, in order. */
  after(afterSeq: number): StoredEntry[] {
    const entries: StoredEntry[] = [];
    for (let index = this.firstAfter(afterSeq); index < this.count; index++) {
      entries.push(this.entryAt(index));
    }
    return entries;
  }

  /** A new log of the entries after `upToSeq` (what a snapshot up to it leaves). */
  trimmedThrough(upToSeq: number): PackedLog {
    const kept = new PackedLog();
    const first = this.firstAfter(upToSeq);
    kept.reserve(
      this.count - first,
      this.usedBytes - (first < this.count ? this.layout[first * FIELDS] : this.usedBytes),
    );
    for (let index = first; index < this.count; index++) kept.push(this.entryAt(index));
    return kept;
  }

  /** Sealed bytes of the entries up to sequence `upToSeq`. */
  sealedBytesThrough(upToSeq: number): number {
    let total = 0;
    const end = this.firstAfter(upToSeq);
    for (let index = 0; index < end; index++) total += this.layout[index * FIELDS + 3];
    return total;
  }

  /** The sequence of the entry with this message id, or null when the log has none. */
  seqOfMessageId(messageId: Uint8Array): number | null {
    const index = this.firstWithKey?.get(messageIdKey(messageId));
    if (index === undefined) return null;
    if (this.idAtEquals(index, messageId)) return this.seqs[index];
    return this.sharedKeys?.get(hexOf(messageId)) ?? null;
  }

  *[Symbol.iterator](): Iterator<StoredEntry> {
    for (let index = 0; index < this.count; index++) yield this.entryAt(index);
  }

  /** The index of the first entry with a sequence above `seq` (binary search: in order). */
  private firstAfter(seq: number): number {
    let low = 0;
    let high = this.count;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.seqs[middle] <= seq) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private idAtEquals(index: number, messageId: Uint8Array): boolean {
    const start = this.layout[index * FIELDS];
    if (this.layout[index * FIELDS + 1] !== messageId.length) return false;
    for (let i = 0; i < messageId.length; i++) {
      if (this.bytes[start + i] !== messageId[i]) return false;
    }
    return true;
  }

  /**
   * Room for `entries` more entries of `size` bytes in all: a buffer outgrown is copied into
   * one half as large again (or just large enough), so a log takes at most a half more than
   * its bytes, and appends cost a copy now and then, not per entry.
   */
  private reserve(entries: number, size: number): void {
    const neededBytes = this.usedBytes + size;
    if (neededBytes > this.bytes.length) {
      const grown = new Uint8Array(
        Math.max(neededBytes, Math.ceil(this.bytes.length * 1.5), MIN_BYTES),
      );
      grown.set(this.bytes.subarray(0, this.usedBytes));
      this.bytes = grown;
    }
    const neededEntries = this.count + entries;
    if (neededEntries > this.seqs.length) {
      const capacity = Math.max(neededEntries, Math.ceil(this.seqs.length * 1.5), FIRST_CAPACITY);
      const layout = new Int32Array(capacity * FIELDS);
      layout.set(this.layout.subarray(0, this.count * FIELDS));
      this.layout = layout;
      const seqs = new Float64Array(capacity);
      seqs.set(this.seqs.subarray(0, this.count));
      this.seqs = seqs;
    }
  }
}
