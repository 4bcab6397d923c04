/**
 * Compaction: the relay cannot merge ciphertext, so editors do. The session tells this module
 * how large the room's log has grown since its snapshot; past LIVE_LIMITS' thresholds an edit
 * client (after a small random delay, so not every editor races) uploads one sealed snapshot of
 * its whole state covering the log up to the sequence it holds contiguously, built on the
 * room's current snapshot (compare-and-swap on the relay). A refused snapshot only updates the
 * counts; a later one tries again.
 */
import * as Y from "yjs";
import { hex } from "./hex";
import type { LiveKeys } from "./live-keys";
import { snapshotMessage, type OutgoingSnapshot } from "@plainpad/wire/page-messages";
import { LIVE_LIMITS, type SnapshotResultMessage } from "@plainpad/wire";

export type { OutgoingSnapshot } from "@plainpad/wire/page-messages";

/** Thresholds and timing (tests lower them). */
export interface CompactionTuning {
  compactAfterUpdates?: number;
  compactAfterBytes?: number;
  /** Longest random wait before a snapshot goes, ms. */
  maxDelayMs?: number;
  random?: () => number;
}

/** What compaction needs from its session. */
export interface CompactionOptions extends CompactionTuning {
  keys: LiveKeys;
  doc: Y.Doc;
  /** Highest contiguous sequence applied to the doc. */
  contiguousSeq(): number;
  /** True when a SNAPSHOT can go now (live on the relay). */
  canSend(): boolean;
  /** The snapshot's payload (default: the bare Yjs state); the session adds its counters. */
  statePayload?(): Uint8Array;
  send(message: OutgoingSnapshot): void;
}

/** Counts the room's log and uploads snapshots when it grows too long. */
export class LiveCompaction {
  /** The room's snapshot (its upToSeq) as last heard from the relay. */
  snapshotSeq = 0;
  logCount = 0;
  logBytes = 0;
  private inFlight: string | null = null;
  /** Refusals in a row: each doubles the wait before the next try (a snapshot is large). */
  private refusals = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly options: CompactionOptions) {}

  /** WELCOME told the room's snapshot. */
  welcomed(snapshotSeq: number): void {
    this.snapshotSeq = snapshotSeq;
  }

  /** A snapshot was replayed to this client. */
  replayed(upToSeq: number): void {
    this.snapshotSeq = Math.max(this.snapshotSeq, upToSeq);
  }

  /** SYNCED told the log's size. */
  synced(logCount: number, logBytes: number): void {
    this.logCount = logCount;
    this.logBytes = logBytes;
    this.consider();
  }

  /** The log grew by one entry (someone's ENTRY, or the ACK of one's own update). */
  grew(bytes: number): void {
    this.logCount++;
    this.logBytes += bytes;
    this.consider();
  }

  /** The relay answered a snapshot. */
  answered(result: SnapshotResultMessage): void {
    if (this.inFlight === hex(result.snapshotId)) this.inFlight = null;
    this.refusals = result.accepted ? 0 : this.refusals + 1;
    this.snapshotSeq = result.snapshotSeq;
    this.logCount = result.logCount;
    this.logBytes = result.logBytes;
    this.consider();
  }

  /** The connection dropped: an unanswered snapshot is forgotten (the next SYNCED recounts). */
  disconnected(): void {
    this.inFlight = null;
    this.cancel();
  }

  /** Stops any waiting snapshot. */
  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Builds the snapshot message now, or null when it would cover nothing new. */
  build(): OutgoingSnapshot | null {
    const { keys, doc } = this.options;
    const upToSeq = this.options.contiguousSeq();
    const baseSeq = this.snapshotSeq;
    if (!keys.signingSeed || upToSeq <= baseSeq) return null;
    // The whole state: every entry up to upToSeq is in it (and perhaps more, which is harmless).
    const payload = this.options.statePayload?.() ?? Y.encodeStateAsUpdate(doc);
    return snapshotMessage(keys, upToSeq, baseSeq, payload);
  }

  private due(): boolean {
    const updates = this.options.compactAfterUpdates ?? LIVE_LIMITS.compactAfterUpdates;
    const bytes = this.options.compactAfterBytes ?? LIVE_LIMITS.compactAfterBytes;
    return this.logCount >= updates || this.logBytes >= bytes;
  }

  private consider(): void {
    if (!this.options.keys.signingSeed || this.inFlight || this.timer || !this.due()) return;
    const random = this.options.random ?? Math.random;
    const maxDelayMs = this.options.maxDelayMs ?? 2000;
    const backoff = this.refusals > 0 ? Math.min(30_000, maxDelayMs * 2 ** this.refusals) : 0;
    const delay = backoff + random() * maxDelayMs;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.attempt();
    }, delay);
  }

  private attempt(): void {
    if (this.inFlight || !this.due() || !this.options.canSend()) return;
    const message = this.build();
    if (!message) return; // behind the room's snapshot: the next entry or result tries again
    this.inFlight = hex(message.snapshotId);
    this.options.send(message);
  }
}
