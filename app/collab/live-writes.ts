/**
 * The writes the relay sends a session (live-session.ts): log entries and snapshots, each
 * opened only once its signature (the edit key's) and its seal check out, then handed to the
 * ledger; the sequence numbers, the outbox's acknowledgements and the compaction's count follow.
 */
import type { LiveCompaction } from "./live-compaction";
import { openSignedWrite } from "@plainpad/wire/seal";
import { decodePayload } from "./live-envelope";
import type { LiveKeys } from "./live-keys";
import type { LiveLedger } from "./live-ledger";
import type { LiveOutbox } from "./live-outbox";
import type { SeqTracker } from "./seq-tracker";
import {
  snapshotBinding,
  updateBinding,
  type EntryMessage,
  type SnapshotMessage,
} from "@plainpad/wire";

/** What applying a write touches. */
export interface LiveWritesParts {
  keys: LiveKeys;
  ledger: LiveLedger;
  seq: SeqTracker;
  outbox: LiveOutbox;
  compaction: LiveCompaction;
  /** True once synced: from then on the log's growth counts toward the next compaction. */
  isLive: () => boolean;
  /** A write failed its check (it is ignored). */
  onAuthFailure: () => void;
}

/** Applies the relay's entries and snapshots to one session. */
export class LiveWrites {
  constructor(private readonly parts: LiveWritesParts) {}

  /** One entry of the room's log (replayed on JOIN, or another person's new write). */
  entry(entry: EntryMessage): void {
    const { keys, ledger, seq, outbox, compaction } = this.parts;
    const binding = updateBinding(keys.roomId, entry.messageId);
    const payload = this.open(binding, entry.sealed, entry.signature);
    // Not a Yjs update even though signed: skipped and said (the ledger), the rest goes on.
    if (payload) ledger.apply(decodePayload(payload));
    // Held (or refused for good): either way the next JOIN need not ask for it again.
    seq.mark(entry.seq);
    // An own update whose ACK was lost on a dropped connection: it is in the log.
    outbox.acknowledge(entry.messageId);
    if (this.parts.isLive()) compaction.grew(entry.sealed.length);
  }

  /** The room's snapshot, replayed on JOIN before the entries after it. */
  snapshot(snapshot: SnapshotMessage): void {
    const { keys, ledger, seq, compaction } = this.parts;
    const binding = snapshotBinding(keys.roomId, snapshot.upToSeq, snapshot.baseSeq);
    const state = this.open(binding, snapshot.sealed, snapshot.signature);
    if (!state) return;
    ledger.apply(decodePayload(state));
    seq.coverUpTo(snapshot.upToSeq);
    compaction.replayed(snapshot.upToSeq);
  }

  /** The plaintext of a signed, sealed write, or null (reported) when it fails either check. */
  private open(binding: Uint8Array, sealed: Uint8Array, signature: Uint8Array) {
    const plaintext = openSignedWrite(this.parts.keys, binding, sealed, signature);
    if (!plaintext) this.parts.onAuthFailure();
    return plaintext;
  }
}
