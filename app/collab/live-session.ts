/**
 * A live session: one Y.Doc (a Y.Text named "text") kept in step with everyone in the room
 * through the relay, end-to-end encrypted. This module is the state machine: it joins, applies
 * what the relay sends (LiveWrites checks each write's signature and seal), and hands this
 * person's changes to the outbox, presence to LivePresence and log size to LiveCompaction. The
 * socket, pieces and reconnect backoff live in LiveConnection; the status the page sees and its
 * listeners in LiveStatusBoard.
 *
 * For the page: `new LiveSession({...}).start()`, bind the editor with y-codemirror.next's
 * `yCollab(session.text, session.awareness, { undoManager: session.undoManager })` (undo then
 * undoes only this person's edits), show `getStatus()` and re-render on `subscribe()`; a joiner
 * shows the text after `whenSynced()`. Make the editor read-only when `canEdit` is false.
 */
import { Awareness } from "y-protocols/awareness";
import * as Y from "yjs";
import { type LiveKeys } from "./live-keys";
import { LiveCompaction, type CompactionTuning } from "./live-compaction";
import { browserOnline, LiveConnection } from "./live-connection";
import { checkEnding, endedMessage, EndRequest } from "./live-ending";
import { LiveLedger } from "./live-ledger";
import {
  deleteRoomMessage,
  joinMessage,
  proveMessage,
  updateMessage,
} from "@plainpad/wire/page-messages";
import { INITIAL_ORIGIN, REMOTE_ORIGIN, STORED_ORIGIN } from "./live-origins";
import { LiveOutbox } from "./live-outbox";
import { LivePresence } from "./live-presence";
import { checkLiveSize, GrowthWatch, LIVE_TOO_LARGE_MESSAGE, LiveSizeError } from "./live-size";
import { openWebSocket, type LiveSocket } from "./live-socket";
import { LiveRoomKeeper } from "./live-keeper";
import type { LiveStateStore } from "./live-state-store";
import { LiveStatusBoard } from "./live-status-board";
import { LiveWrites } from "./live-writes";
import { relayLostEntries, SeqTracker } from "./seq-tracker";
import {
  AUTH_FAILURE_MESSAGE,
  END_UNCONFIRMED_MESSAGE,
  ledgerMessage,
  refusedChangeMessage,
  UNREADABLE_CHANGE_MESSAGE,
  type LiveStatus,
} from "./live-status";
import {
  CLOSE_REASONS,
  CloseCode,
  MessageType,
  type ClientMessage,
  type RelayMessage,
  type WelcomeMessage,
} from "@plainpad/wire";

export type { LivePeer } from "./live-presence";
export type { LiveSocket } from "./live-socket";
export type { LiveStateStore } from "./live-state-store";
export { checkLiveSize, LiveSizeError } from "./live-size";
export * from "./live-status";

/** How a session is made. */
export interface LiveSessionOptions {
  keys: LiveKeys;
  /** ws(s)://…/relay */
  relayUrl: string;
  /** True: starting a new room from initialText. */
  create: boolean;
  initialText?: string;
  userName: string;
  /** Keeps Y state + lastSeq + unacked updates across reloads. */
  stateStore?: LiveStateStore;
  /** Tests inject; default a browser WebSocket. */
  openSocket?: (url: string) => LiveSocket;
  /** Tests only: lower compaction thresholds, a seeded random source. */
  tuning?: CompactionTuning & { batchMs?: number };
}

/** One person's live session in one room. */
export class LiveSession {
  readonly doc: Y.Doc;
  readonly text: Y.Text;
  readonly awareness: Awareness;
  /** Undoes only this person's edits (the editor binding adds its origin). */
  readonly undoManager: Y.UndoManager;

  private readonly keys: LiveKeys;
  private readonly canEdit: boolean;
  private readonly seq = new SeqTracker();
  private readonly outbox: LiveOutbox;
  private readonly ledger: LiveLedger;
  private readonly compaction: LiveCompaction;
  private readonly presence: LivePresence;
  private readonly connection: LiveConnection;
  private readonly writes: LiveWrites;
  private readonly board: LiveStatusBoard;
  private create: boolean;
  private started = false;
  private finished = false;
  private welcomed = false;
  private live = false;
  private readonly growth = new GrowthWatch(() => this.text);
  private readonly keeper: LiveRoomKeeper;
  private readonly ending = new EndRequest();
  /** The relay's room epoch our sequences count in (0: none known), and the last sinceSeq. */
  private readonly joined = { epoch: 0, since: 0 };
  /** The text of this browser's kept state, as loaded before joining (null: nothing kept). */
  keptText: string | null = null;

  constructor(private readonly options: LiveSessionOptions) {
    if (options.create) {
      const problem = checkLiveSize(options.initialText ?? "");
      if (problem) throw new LiveSizeError(problem);
    }
    this.keys = options.keys;
    this.canEdit = options.keys.signingSeed !== null;
    this.create = options.create;
    this.doc = new Y.Doc();
    this.text = this.doc.getText("text");
    this.awareness = new Awareness(this.doc);
    // Tracks direct edits (null origin); y-codemirror.next adds its own origin when bound.
    this.undoManager = new Y.UndoManager(this.text, { trackedOrigins: new Set([null]) });
    this.board = new LiveStatusBoard(this.canEdit);
    const tuning = options.tuning ?? {};
    const ready = () => this.welcomed && !this.finished;
    this.ledger = new LiveLedger({
      doc: this.doc,
      canEdit: this.canEdit,
      canSend: ready,
      sendDigest: (digest) => this.presence.sendDigest(digest),
      sendRepair: (payload) => this.send(updateMessage(this.keys, payload)),
      onState: (state) =>
        this.update({ message: ledgerMessage(state, this.board.current.message) }),
      onUnreadable: () => this.update({ message: UNREADABLE_CHANGE_MESSAGE }),
      random: tuning.random,
    });
    this.outbox = new LiveOutbox({
      keys: this.keys,
      numbering: this.ledger,
      canSend: ready,
      send: (message) => this.send(message),
      onChange: () => this.keeper.schedule(),
      onRefused: (bytes) => this.update({ message: refusedChangeMessage(bytes) }),
      batchMs: tuning.batchMs,
    });
    this.compaction = new LiveCompaction({
      ...tuning,
      keys: this.keys,
      doc: this.doc,
      contiguousSeq: () => this.seq.contiguous,
      canSend: () => this.live && !this.finished,
      send: (message) => this.send(message),
      statePayload: () => this.ledger.snapshotPayload(),
    });
    this.writes = new LiveWrites({
      keys: this.keys,
      ledger: this.ledger,
      seq: this.seq,
      outbox: this.outbox,
      compaction: this.compaction,
      isLive: () => this.live,
      onAuthFailure: () => this.update({ message: AUTH_FAILURE_MESSAGE }),
    });
    this.presence = new LivePresence({
      awareness: this.awareness,
      keys: this.keys,
      canSend: ready,
      send: (sealed) => this.connection.send({ type: MessageType.Awareness, sealed }),
      onPeers: () => this.update({}),
      onAuthFailure: () => this.update({ message: AUTH_FAILURE_MESSAGE }),
      onDigest: (digest) => this.ledger.digest(digest),
    });
    this.connection = new LiveConnection({
      url: options.relayUrl,
      openSocket: options.openSocket ?? openWebSocket,
      random: tuning.random,
      events: {
        opened: () => this.onOpened(),
        message: (message) => this.onMessage(message),
        dropped: (code) => this.onDropped(code),
        ended: (code) => this.finish(endedMessage(code, this.ending.asked), code),
        network: (online) => this.onNetwork(online),
      },
    });
    this.keeper = new LiveRoomKeeper(
      options.stateStore,
      this.keys.roomId,
      () => ({
        state: Y.encodeStateAsUpdate(this.doc),
        lastSeq: this.seq.contiguous,
        unacked: this.outbox.keep(),
        epoch: this.joined.epoch,
        heard: this.ledger.keep(),
      }),
      // A second per million characters: typing in a 10 MB document is not slowed by saves
      // (pagehide still saves at once, and the document engine keeps the text itself).
      () => this.text.length / 1000,
    );
    this.doc.on("update", this.onDocUpdate);
  }

  /** Connects (after loading any state this browser kept for the room). */
  start(): void {
    if (this.started || this.finished) return;
    this.started = true;
    this.presence.setUser(this.options.userName);
    if (this.create && this.options.initialText) {
      const initialText = this.options.initialText;
      // Sent as the room's first update, but not something this person can undo.
      this.doc.transact(() => this.text.insert(0, initialText), INITIAL_ORIGIN);
    }
    this.keeper.start();
    if (this.create || !this.options.stateStore) {
      this.connection.start();
      return;
    }
    void this.keeper.load().then((kept) => {
      if (this.finished) return;
      if (kept) {
        // Edits made before a reload (acknowledged or not) come back before joining.
        Y.applyUpdate(this.doc, kept.state, STORED_ORIGIN);
        this.keptText = this.text.toString();
        this.seq.coverUpTo(kept.lastSeq);
        this.joined.epoch = kept.epoch ?? 0;
        this.ledger.restore(kept.heard);
        this.outbox.restore(kept.unacked);
      }
      this.connection.start();
    });
  }

  /** The current status (the same object until something changes). */
  getStatus(): LiveStatus {
    return this.board.current;
  }

  /** Calls listener on every status change; returns the unsubscribe function. */
  subscribe(listener: (status: LiveStatus) => void): () => void {
    return this.board.subscribe(listener);
  }

  /** Resolves after the first sync (rejects when the session ends before it). */
  whenSynced(): Promise<void> {
    return this.board.whenSynced();
  }

  /** Changes the name others see. */
  setUserName(name: string): void {
    if (!this.finished) this.presence.setUser(name);
  }

  /**
   * Disconnects for good; the doc stays as it is. Unsent changes stay kept in this browser for
   * a later rejoin, unless `forget`: then nothing of the session is kept here (issue 49).
   */
  leave({ forget = false } = {}): void {
    if (this.finished) return;
    this.outbox.flush();
    this.presence.leave();
    this.finish(null, undefined, forget);
  }

  /** Deletes the room on the relay for everyone (edit links only), then leaves. */
  async endForEveryone(): Promise<void> {
    if (!this.canEdit) throw new Error("Only an edit link can end this live session.");
    if (this.finished) return;
    if (!this.welcomed) {
      throw new Error("Not connected to the relay. Try again when the session is live.");
    }
    const ended = this.ending.wait();
    this.connection.send(deleteRoomMessage(this.keys, Date.now()));
    await ended;
    // Still here after the wait: no ENDED came back, so say so (the kept state stays).
    if (!this.finished) this.finish(END_UNCONFIRMED_MESSAGE);
  }

  private readonly onDocUpdate = (update: Uint8Array, origin: unknown): void => {
    if (origin !== REMOTE_ORIGIN && origin !== STORED_ORIGIN && this.canEdit && !this.finished) {
      const over = this.growth.check();
      if (over !== null) this.update({ message: over ? LIVE_TOO_LARGE_MESSAGE : null });
      this.outbox.add(update); // after: a refusal's words win over the size warning
    }
    this.keeper.schedule();
  };

  private onOpened(): void {
    this.welcomed = false;
    this.live = false;
    this.joined.since = this.seq.contiguous;
    this.connection.send(joinMessage(this.keys, this.joined.since, this.create, this.joined.epoch));
  }

  private onMessage(message: RelayMessage): void {
    if (this.finished) return;
    switch (message.type) {
      case MessageType.Welcome:
        this.welcomed = true;
        this.create = false; // the room exists now; a later JOIN must not make a new one
        this.compaction.welcomed(message.snapshotSeq);
        // Proof of the edit key first: the relay takes this connection's writes only after it.
        if (this.canEdit) this.connection.send(proveMessage(this.keys, message.challenge));
        this.afterRelayLoss(message);
        this.outbox.resendAll();
        this.presence.announce();
        this.ledger.connected();
        break;
      case MessageType.SnapshotReplay:
        this.writes.snapshot(message);
        break;
      case MessageType.Entry:
        this.writes.entry(message);
        break;
      case MessageType.Ack: {
        const bytes = this.outbox.acknowledge(message.messageId);
        this.seq.mark(message.seq);
        if (bytes !== null && this.live) this.compaction.grew(bytes);
        this.keeper.schedule();
        break;
      }
      case MessageType.Synced:
        this.live = true;
        this.connection.healthy();
        this.compaction.synced(message.logCount, message.logBytes);
        this.update({
          state: browserOnline() ? "live" : "offline",
          synced: true,
          message: this.growth.over ? LIVE_TOO_LARGE_MESSAGE : null,
        });
        this.board.settleSynced();
        this.keeper.schedule();
        break;
      case MessageType.AwarenessRelay:
        this.presence.receive(message.sealed);
        break;
      case MessageType.SnapshotResult:
        this.compaction.answered(message);
        break;
      case MessageType.Ended: {
        const ending = checkEnding(this.keys, message);
        if (ending.code === null) this.finish(ending.message);
        else this.finish(endedMessage(ending.code, this.ending.asked), ending.code);
        break;
      }
    }
  }

  /** The relay lost entries: it replays from the start, and our whole state goes back. */
  private afterRelayLoss(welcome: WelcomeMessage): void {
    if (relayLostEntries(this.joined.epoch, this.joined.since, welcome)) {
      this.seq.reset();
      this.outbox.restore([Y.encodeStateAsUpdate(this.doc)]);
    }
    if (welcome.epoch !== 0) this.joined.epoch = welcome.epoch; // kept at the SYNCED's save
  }

  private onDropped(code: number): void {
    this.welcomed = false;
    this.live = false;
    this.compaction.disconnected();
    this.presence.disconnected();
    this.ledger.disconnected();
    this.update({
      state: browserOnline() ? "reconnecting" : "offline",
      message: code >= 4400 ? (CLOSE_REASONS[code] ?? null) : null, // retried: rate, quota, space
    });
  }

  private onNetwork(online: boolean): void {
    if (this.finished) return;
    if (!online) this.update({ state: "offline" });
    else if (this.board.current.state === "offline") {
      this.update({ state: this.live ? "live" : "reconnecting" });
    }
  }

  /** Ends the session: no more connecting; the kept state is saved, or deleted with the room. */
  private finish(message: string | null, code?: number, forget = false): void {
    if (this.finished) return;
    this.finished = true;
    this.welcomed = false;
    this.live = false;
    this.connection.stop();
    this.compaction.cancel();
    this.outbox.dispose();
    this.presence.dispose();
    this.ledger.dispose();
    this.awareness.destroy();
    this.doc.off("update", this.onDocUpdate);
    const gone = [CloseCode.RoomEnded, CloseCode.RoomNotFound, CloseCode.RoomExpired];
    this.keeper.stop(forget || gone.some((goneCode) => goneCode === code));
    this.board.settleSynced(new Error(message ?? "The live session was left."));
    this.update({ state: "ended", message, peers: [] });
    this.ending.settle();
  }

  private send(message: ClientMessage): void {
    try {
      this.connection.send(message);
    } catch (error) {
      // Over the whole-message cap even in pieces: kept here, and the person is told.
      if (!(error instanceof RangeError)) throw error;
      this.update({ message: CLOSE_REASONS[CloseCode.TooLarge] });
    }
  }

  private update(change: Partial<LiveStatus>): void {
    this.board.update(change, this.finished ? [] : this.presence.peers());
  }
}
