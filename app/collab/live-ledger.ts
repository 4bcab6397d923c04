/**
 * Noticing a relay that lies (issue 49 §5). The relay could acknowledge an update and drop it,
 * serve an old snapshot, or show two people different logs; it cannot forge what is sealed.
 * So every session here:
 *
 * - numbers its own updates inside the sealed payload (live-envelope.ts) and tracks, per writer,
 *   the counters it holds: a gap is a message held back;
 * - now and then sends a sealed DIGEST over the presence channel: its writer id, its last counter
 *   and its document's version (live-vector.ts). The relay can only pass it on or drop it;
 * - compares every digest with its own document: when a peer still lacks something this session
 *   has held for a while, an editor RE-SENDS it (a repair: its state beyond the peer's, which
 *   includes every deletion); when this session lacks something a peer has, it waits for that;
 * - says so in the page when something stays missing past a grace period, here or at a peer.
 *
 * What it cannot notice: a relay that keeps two groups apart completely (no update and no
 * digest crosses) shows each group a consistent room; the "N here" count shows the others gone.
 */
import * as decoding from "lib0/decoding";
import * as encoding from "lib0/encoding";
import * as Y from "yjs";
import {
  encodeRepairPayload,
  encodeSnapshotPayload,
  type CounterRun,
  type Heard,
  type Payload,
} from "./live-envelope";
import { REMOTE_ORIGIN } from "./live-origins";
import {
  deletionsDiffer,
  hasMore,
  holdsStateVector,
  readVersion,
  stateVectorOf,
  versionOf,
  writeVersion,
  type Version,
} from "./live-vector";

/** A digest goes this long after the document changed (and at least every HEARTBEAT_MS). */
export const DIGEST_DELAY_MS = 2_000;
export const HEARTBEAT_MS = 10_000;
/** A peer that still lacks what this session held this long ago gets a repair. */
export const REPAIR_AFTER_MS = 4_000;
/** Something missing for this long is shown in the page. */
export const MISSING_AFTER_MS = 12_000;
/** Repairs to one peer in a row, without it catching up, before others' loss is shown. */
const REPAIRS_BEFORE_TELLING = 3;
/** Largest digest sent (about 3,000 writers). */
const DIGEST_MAX_BYTES = 48 * 1024;
const MAX_REPAIR_WAIT_MS = 60_000;

/** Where the session stands: all held, something missing here, or missing at a peer. */
export type LedgerState = "whole" | "missing-here" | "missing-there";

/** What the ledger needs from its session. */
export interface LedgerOptions {
  doc: Y.Doc;
  canEdit: boolean;
  /** True when messages can go now (welcomed by the relay). */
  canSend(): boolean;
  /** Sends a digest (the session seals it on the presence channel). */
  sendDigest(digest: Uint8Array): void;
  /** Sends a repair payload as a signed UPDATE. */
  sendRepair(payload: Uint8Array): void;
  /** The state changed (the session tells the page). */
  onState(state: LedgerState): void;
  /** An authentic update that is not a Yjs update was skipped. */
  onUnreadable(): void;
  random?: () => number;
}

interface Peer {
  version: Version;
  /** Its own last counter when it sent `version`. */
  sent: number;
  /** When its last digest came (a peer that went quiet is no longer waited for). */
  seenAt: number;
  repairs: number;
  nextRepairAt: number;
}

/** Per-writer counters, digests and repairs for one session. */
export class LiveLedger {
  readonly writer: number;
  private counter = 0;
  private readonly heard: Heard = new Map();
  private readonly ahead = new Map<number, CounterRun[]>();
  private readonly known = new Map<number, number>();
  private readonly peers = new Map<number, Peer>();
  /** Own versions with their time, newest last (to judge what a peer lacks "for a while"). */
  private samples: { at: number; version: Version }[] = [];
  /** False after a join from kept state with no counters kept: first sightings set the base. */
  private baselineKnown = true;
  private lackingSince: number | null = null;
  private state: LedgerState = "whole";
  private digestTimer: ReturnType<typeof setTimeout> | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private checkTimer: ReturnType<typeof setTimeout> | null = null;
  private current: Version | null = null;

  constructor(private readonly options: LedgerOptions) {
    this.writer = options.doc.clientID;
    options.doc.on("update", this.onDocUpdate);
  }

  /** A new counter for one own message. */
  nextCounter(): number {
    this.counter++;
    this.heard.set(this.writer, this.counter);
    return this.counter;
  }

  /** A snapshot's payload: the whole state and the counters it holds. */
  snapshotPayload(): Uint8Array {
    return encodeSnapshotPayload(new Map(this.heard), Y.encodeStateAsUpdate(this.options.doc));
  }

  /** Counters heard (own ones too: the kept state holds them), to keep across a reload. */
  keep(): [number, number][] {
    return [...this.heard];
  }

  /** Restores kept counters; without any, counters of writers first seen set their base. */
  restore(kept: readonly (readonly [number, number])[] | undefined): void {
    if (!kept) {
      this.baselineKnown = false;
      return;
    }
    for (const [writer, counter] of kept) this.raise(writer, counter);
  }

  /** The relay welcomed this connection: digests may go. */
  connected(): void {
    if (!this.heartbeat) this.heartbeat = setInterval(() => this.sendDigest(), HEARTBEAT_MS);
    this.sendDigest();
  }

  /** Applies an authentic payload to the document and books what it carries. */
  apply(payload: Payload): void {
    const basisHeld =
      payload.kind === "repair" && holdsStateVector(this.options.doc, payload.basis);
    try {
      Y.applyUpdate(this.options.doc, payload.update, REMOTE_ORIGIN);
    } catch {
      // Signed by an edit link but not a Yjs update: skipped, so it stalls nothing after it.
      this.options.onUnreadable();
      return;
    }
    if (payload.kind === "update") this.receiveRuns(payload.writer, payload.runs);
    else if (payload.kind === "snapshot" || basisHeld) {
      if (payload.kind === "snapshot") this.baselineKnown = true;
      for (const [writer, counter] of payload.heard) this.raise(writer, counter);
    }
    // Comparing with peers costs a pass over the document: only while something is missing.
    this.evaluate(this.lackingSince !== null);
  }

  /** A digest from a peer (opened from the presence channel). */
  digest(bytes: Uint8Array): void {
    let writer: number;
    let sent: number;
    let version: Version;
    try {
      const d = decoding.createDecoder(bytes);
      writer = decoding.readVarUint(d);
      sent = decoding.readVarUint(d);
      version = readVersion(d);
      if (decoding.hasContent(d)) throw new Error("bytes after the digest");
    } catch {
      return; // authentic but unreadable: another version's shape
    }
    if (writer === this.writer) return;
    const now = Date.now();
    const peer = this.peers.get(writer) ?? {
      version,
      sent,
      seenAt: now,
      repairs: 0,
      nextRepairAt: 0,
    };
    peer.version = version;
    peer.sent = sent;
    peer.seenAt = now;
    this.peers.set(writer, peer);
    const mine = this.version();
    if (sent > 0) this.known.set(writer, Math.max(this.known.get(writer) ?? 0, sent));
    if (!hasMore(mine, version) && !deletionsDiffer(mine, version)) peer.repairs = 0;
    else if (this.options.canEdit) this.considerRepair(writer, peer, now);
    this.evaluate();
  }

  /** Stops timers and listening. */
  dispose(): void {
    this.options.doc.off("update", this.onDocUpdate);
    if (this.digestTimer) clearTimeout(this.digestTimer);
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.checkTimer) clearTimeout(this.checkTimer);
    this.digestTimer = this.heartbeat = this.checkTimer = null;
  }

  /** The connection dropped: no digests until the next WELCOME. */
  disconnected(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.digestTimer) clearTimeout(this.digestTimer);
    this.heartbeat = this.digestTimer = null;
  }

  /** This document's version (a pass over it: kept until the document changes). */
  private version(): Version {
    this.current ??= versionOf(this.options.doc);
    return this.current;
  }

  private readonly onDocUpdate = (): void => {
    this.current = null;
    if (!this.digestTimer && this.heartbeat) {
      this.digestTimer = setTimeout(() => this.sendDigest(), DIGEST_DELAY_MS);
    }
  };

  private sendDigest(): void {
    if (this.digestTimer) clearTimeout(this.digestTimer);
    this.digestTimer = null;
    const version = { ...this.version(), clients: new Map(this.version().clients) };
    // A view-only page's own edits can never reach the room: they are not something to lack.
    if (!this.options.canEdit) version.clients.delete(this.writer);
    const now = Date.now();
    this.samples.push({ at: now, version });
    // Keep one sample older than the repair wait, and the ones since.
    const cut = this.samples.findLastIndex((sample) => sample.at <= now - REPAIR_AFTER_MS);
    if (cut > 0) this.samples = this.samples.slice(cut);
    this.evaluate();
    if (!this.options.canSend()) return;
    const e = encoding.createEncoder();
    encoding.writeVarUint(e, this.writer);
    encoding.writeVarUint(e, this.counter);
    writeVersion(e, version);
    // Presence messages are capped on the relay (tens of KiB): a room of thousands of writers
    // goes without digests rather than lose its presence connection.
    if (encoding.length(e) > DIGEST_MAX_BYTES) return;
    this.options.sendDigest(encoding.toUint8Array(e));
  }

  private considerRepair(writer: number, peer: Peer, now: number): void {
    if (now < peer.nextRepairAt) return;
    // Only what this session held a while ago: what it has just typed may still be on its way.
    const old = this.samples.findLast((sample) => sample.at <= now - REPAIR_AFTER_MS);
    if (!old) return;
    const lacks = hasMore(old.version, peer.version);
    const mine = this.version();
    const deletionsStuck =
      deletionsDiffer(mine, peer.version) && mine.deleteHash === old.version.deleteHash;
    if (!lacks && !deletionsStuck) return;
    if (!this.options.canSend()) return;
    peer.repairs++;
    peer.nextRepairAt =
      now +
      Math.min(MAX_REPAIR_WAIT_MS, REPAIR_AFTER_MS * 2 ** (peer.repairs - 1)) +
      (this.options.random ?? Math.random)() * 1000;
    const basis = stateVectorOf(peer.version);
    const update = Y.encodeStateAsUpdate(this.options.doc, basis);
    this.options.sendRepair(encodeRepairPayload(this.writer, basis, new Map(this.heard), update));
  }

  private receiveRuns(writer: number, runs: readonly CounterRun[]): void {
    if (runs.length === 0) return;
    if (!this.heard.has(writer) && !this.baselineKnown) {
      this.heard.set(writer, Math.min(...runs.map(([first]) => first)) - 1);
    }
    const pending = this.ahead.get(writer) ?? [];
    pending.push(...runs);
    this.ahead.set(writer, pending);
    for (const [, last] of runs)
      this.known.set(writer, Math.max(this.known.get(writer) ?? 0, last));
    this.raise(writer, 0);
  }

  /** Everything of `writer` up to `counter` is held; then joins what was ahead. */
  private raise(writer: number, counter: number): void {
    let held = Math.max(this.heard.get(writer) ?? 0, counter);
    const pending = this.ahead.get(writer) ?? [];
    for (let joined = true; joined;) {
      joined = false;
      for (let i = 0; i < pending.length; i++) {
        if (pending[i][0] <= held + 1) {
          held = Math.max(held, pending[i][1]);
          pending.splice(i, 1);
          joined = true;
          break;
        }
      }
    }
    if (pending.length === 0) this.ahead.delete(writer);
    if (held > 0 || this.heard.has(writer)) this.heard.set(writer, held);
  }

  private lacking(withPeers: boolean): boolean {
    const store = this.options.doc.store;
    if (store.pendingStructs !== null || store.pendingDs !== null) return true;
    if (!withPeers) return this.counterGap();
    const mine = this.version();
    let lacking = false;
    for (const [writer, peer] of this.peers) {
      if (hasMore(peer.version, mine) || deletionsDiffer(peer.version, mine)) lacking = true;
      // This document holds all the peer held when it sent `sent`: its counters are held too
      // (they may have come under another name: a reload re-sends unacknowledged edits).
      else this.raise(writer, peer.sent);
    }
    return lacking || this.counterGap();
  }

  private counterGap(): boolean {
    for (const [writer, max] of this.known) if ((this.heard.get(writer) ?? 0) < max) return true;
    return false;
  }

  private evaluate(withPeers = true): void {
    const now = Date.now();
    if (this.lacking(withPeers)) this.lackingSince ??= now;
    else this.lackingSince = null;
    const stuckThere = [...this.peers.values()].some(
      (peer) => peer.repairs >= REPAIRS_BEFORE_TELLING && now - peer.seenAt < 3 * HEARTBEAT_MS,
    );
    let next: LedgerState = stuckThere ? "missing-there" : "whole";
    if (this.lackingSince !== null && now - this.lackingSince >= MISSING_AFTER_MS) {
      next = "missing-here";
    }
    if (this.lackingSince !== null && next !== "missing-here" && !this.checkTimer) {
      this.checkTimer = setTimeout(
        () => {
          this.checkTimer = null;
          this.evaluate();
        },
        this.lackingSince + MISSING_AFTER_MS - now,
      );
    }
    if (next === this.state) return;
    this.state = next;
    this.options.onState(next);
  }
}
