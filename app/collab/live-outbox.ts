/**
 * This person's changes on their way to the relay. Local Yjs updates are batched into one
 * UPDATE per ~60 ms (merged, sealed, signed) and kept until the relay acknowledges them; after
 * a reconnect every unacknowledged update goes again (merged when there are several). Nothing
 * is dropped: offline, updates pile up here. Duplicates are harmless, since applying a Yjs
 * update twice changes nothing. Each UPDATE carries its writer's message counters inside the
 * seal (live-envelope.ts), so others notice one the relay holds back.
 *
 * Merging stops short of the relay's message limit: a batch that would be larger goes as
 * several updates (otherwise it would be refused again on every reconnect, and every later
 * edit merged into it with it), and one change over the limit is cut in parts (live-split.ts).
 * A change that cannot be cut is refused in words and dropped, so later edits still go.
 */
import * as Y from "yjs";
import { hex } from "./hex";
import { encodeUpdatePayload, joinRuns, type CounterRun } from "./live-envelope";
import type { LiveKeys } from "./live-keys";
import { updateMessage } from "@plainpad/wire/page-messages";
import { splitUpdate } from "./live-split";
import { LIVE_LIMITS, type UpdateMessage } from "@plainpad/wire";

/** Largest Yjs update one UPDATE carries (the sealed message, with its headers, must fit). */
export const MAX_UPDATE_BYTES = LIVE_LIMITS.maxMessageBytes - 64 * 1024;

/** Milliseconds keystrokes are gathered before one UPDATE goes. */
export const BATCH_MS = 60;

/** One sealed update waiting for its ACK. */
export interface OutboxEntry {
  /** Hex of the message id. */
  id: string;
  /** The Yjs update inside (kept to merge and to store across reloads). */
  update: Uint8Array;
  /** The writer's counters it carries. */
  runs: CounterRun[];
  message: UpdateMessage;
}

/** How own messages are numbered (live-ledger.ts). */
export interface OutboxNumbering {
  writer: number;
  nextCounter(): number;
}

/** What the outbox needs from its session. */
export interface OutboxOptions {
  keys: LiveKeys;
  /** True when an UPDATE can go now (the relay welcomed this connection). */
  canSend(): boolean;
  send(message: UpdateMessage): void;
  numbering: OutboxNumbering;
  /** Called when what is waiting changed (the session saves it). */
  onChange?(): void;
  /** One change of `bytes` was over the limit and was dropped (the session says so). */
  onRefused?(bytes: number): void;
  batchMs?: number;
}

/** Groups updates, in order, into runs whose total stays under the limit. */
function underLimit<T>(items: readonly T[], size: (item: T) => number): T[][] {
  const groups: T[][] = [];
  let total = 0;
  for (const item of items) {
    const bytes = size(item);
    if (groups.length === 0 || total + bytes > MAX_UPDATE_BYTES) {
      groups.push([]);
      total = 0;
    }
    groups[groups.length - 1].push(item);
    total += bytes;
  }
  return groups;
}

function merged(updates: readonly Uint8Array[]): Uint8Array {
  return updates.length === 1 ? updates[0] : Y.mergeUpdates([...updates]);
}

/** Batches, seals and keeps local updates until acknowledged. */
export class LiveOutbox {
  private pending: Uint8Array[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly unacked = new Map<string, OutboxEntry>();

  constructor(private readonly options: OutboxOptions) {}

  /** Updates sealed but not acknowledged, oldest first. */
  get waiting(): readonly OutboxEntry[] {
    return [...this.unacked.values()];
  }

  /** True while anything is batched or unacknowledged. */
  get busy(): boolean {
    return this.pending.length > 0 || this.unacked.size > 0;
  }

  /**
   * Takes one local Yjs update. The first change after a pause goes at once, so a keystroke
   * reaches the others without waiting out a batch; what follows within the batch window goes
   * as one update at its end. Updates per second stay bounded either way.
   */
  add(update: Uint8Array): void {
    if (!this.options.keys.signingSeed) return; // a view-only link never writes
    this.pending.push(update);
    if (this.timer) return; // a window is open: this goes with its batch
    if (this.options.canSend()) this.flush();
    this.openWindow();
  }

  private openWindow(): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.pending.length === 0) return;
      this.flush();
      // Typing goes on: keep batching. Offline, flush only merged the batch; the next add
      // (or the WELCOME's resend) picks it up, with no timer spinning meanwhile.
      if (this.options.canSend()) this.openWindow();
    }, this.options.batchMs ?? BATCH_MS);
  }

  /**
   * Seals the batch and sends it when connected. Offline, the batch is only merged into one
   * update and kept: it is sealed once, when it can go (after the next WELCOME).
   */
  flush(): void {
    if (!this.options.canSend()) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      if (this.pending.length > 1) {
        this.pending = underLimit(this.pending, (update) => update.length).map(merged);
      }
      return;
    }
    for (const entry of this.sealBatch()) this.options.send(entry.message);
  }

  /**
   * The relay appended an update of ours. Returns the sealed size when it was one we waited
   * for (the log grew by it), or null for an unknown id (a duplicate's second ACK).
   */
  acknowledge(messageId: Uint8Array): number | null {
    const id = hex(messageId);
    const entry = this.unacked.get(id);
    if (!entry) return null;
    this.unacked.delete(id);
    this.options.onChange?.();
    return entry.message.sealed.length;
  }

  /** After a WELCOME: sends every unacknowledged update again, merged where several fit. */
  resendAll(): void {
    this.sealBatch();
    if (this.unacked.size > 1) {
      const groups = underLimit(this.waiting, (entry) => entry.update.length);
      this.unacked.clear();
      for (const group of groups) {
        const entry =
          group.length === 1
            ? group[0]
            : this.seal(
                merged(group.map((each) => each.update)),
                joinRuns(group.flatMap((each) => each.runs)),
              );
        this.unacked.set(entry.id, entry);
      }
      this.options.onChange?.();
    }
    for (const entry of this.unacked.values()) this.options.send(entry.message);
  }

  /** Puts back updates kept across a reload (they go at the next WELCOME). */
  restore(updates: readonly Uint8Array[]): void {
    if (!this.options.keys.signingSeed || updates.length === 0) return;
    for (const group of underLimit(updates, (update) => update.length)) {
      for (const entry of this.sealNew(merged(group))) this.unacked.set(entry.id, entry);
    }
  }

  /** Every update not yet acknowledged, the current batch included (to keep across reloads). */
  keep(): Uint8Array[] {
    const kept = this.waiting.map((entry) => entry.update);
    if (this.pending.length > 0) kept.push(Y.mergeUpdates(this.pending));
    return kept;
  }

  /** Stops the batch timer (the batch itself stays, for keep()). */
  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Turns the batch into unacknowledged entries, each under the limit (not sent yet). */
  private sealBatch(): OutboxEntry[] {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.length === 0) return [];
    const groups = underLimit(this.pending, (update) => update.length);
    this.pending = [];
    const entries: OutboxEntry[] = [];
    for (const group of groups) {
      for (const entry of this.sealNew(merged(group))) {
        this.unacked.set(entry.id, entry);
        entries.push(entry);
      }
    }
    this.options.onChange?.();
    return entries;
  }

  /** Seals an update as new numbered messages: one, or several when it is over the limit. */
  private sealNew(update: Uint8Array): OutboxEntry[] {
    const parts =
      update.length > MAX_UPDATE_BYTES ? splitUpdate(update, MAX_UPDATE_BYTES) : [update];
    if (!parts) {
      this.options.onRefused?.(update.length);
      return [];
    }
    return parts.map((part) => {
      const counter = this.options.numbering.nextCounter();
      return this.seal(part, [[counter, counter]]);
    });
  }

  private seal(update: Uint8Array, runs: CounterRun[]): OutboxEntry {
    const payload = encodeUpdatePayload(this.options.numbering.writer, runs, update);
    const message = updateMessage(this.options.keys, payload);
    return { id: hex(message.messageId), update, runs, message };
  }
}
