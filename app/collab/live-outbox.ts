/**
 * This person's changes on their way to the relay. Local Yjs updates are batched into one
 * UPDATE per ~60 ms (merged, sealed, signed) and kept until the relay acknowledges them; after
 * a reconnect every unacknowledged update goes again (merged into one when there are several).
 * Nothing is dropped: offline, updates pile up here. Duplicates are harmless, since applying a
 * Yjs update twice changes nothing.
 */
import * as Y from "yjs";
import { hex } from "./hex";
import type { LiveKeys } from "./live-keys";
import { updateMessage } from "./live-messages";
import type { UpdateMessage } from "./wire";

/** Milliseconds keystrokes are gathered before one UPDATE goes. */
export const BATCH_MS = 60;

/** One sealed update waiting for its ACK. */
export interface OutboxEntry {
  /** Hex of the message id. */
  id: string;
  /** The Yjs update inside (kept to merge and to store across reloads). */
  update: Uint8Array;
  message: UpdateMessage;
}

/** What the outbox needs from its session. */
export interface OutboxOptions {
  keys: LiveKeys;
  /** True when an UPDATE can go now (the relay welcomed this connection). */
  canSend(): boolean;
  send(message: UpdateMessage): void;
  /** Called when what is waiting changed (the session saves it). */
  onChange?(): void;
  batchMs?: number;
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
      if (this.pending.length > 1) this.pending = [Y.mergeUpdates(this.pending)];
      return;
    }
    const entry = this.sealBatch();
    if (entry) this.options.send(entry.message);
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

  /** After a WELCOME: sends every unacknowledged update again, merged into one if several. */
  resendAll(): void {
    this.sealBatch();
    if (this.unacked.size > 1) {
      const merged = this.seal(Y.mergeUpdates(this.waiting.map((entry) => entry.update)));
      this.unacked.clear();
      this.unacked.set(merged.id, merged);
      this.options.onChange?.();
    }
    for (const entry of this.unacked.values()) this.options.send(entry.message);
  }

  /** Puts back updates kept across a reload (they go at the next WELCOME). */
  restore(updates: readonly Uint8Array[]): void {
    if (!this.options.keys.signingSeed || updates.length === 0) return;
    const entry = this.seal(updates.length === 1 ? updates[0] : Y.mergeUpdates([...updates]));
    this.unacked.set(entry.id, entry);
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

  /** Turns the batch into one unacknowledged entry (not sent yet). */
  private sealBatch(): OutboxEntry | null {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.length === 0) return null;
    const update = this.pending.length === 1 ? this.pending[0] : Y.mergeUpdates(this.pending);
    this.pending = [];
    const entry = this.seal(update);
    this.unacked.set(entry.id, entry);
    this.options.onChange?.();
    return entry;
  }

  private seal(update: Uint8Array): OutboxEntry {
    const message = updateMessage(this.options.keys, update);
    return { id: hex(message.messageId), update, message };
  }
}
