/**
 * A relay double that can lie (tests only, issue 49 §5): an in-process relay speaking the live
 * protocol to sessions over scripted sockets, with hooks to drop an update after acknowledging
 * it, roll back to an old backup, or show two people different logs (a fork). It never holds a
 * key, as a real relay: every lie it tells is one a real relay could tell.
 */
import type { LiveSocket } from "./live-socket";
import { ScriptedSocket } from "./live-test-support";
import {
  MessageType,
  type ClientMessage,
  type SnapshotMessage,
  type UpdateMessage,
} from "@plainpad/wire";

interface Connection {
  name: string;
  socket: ScriptedSocket;
  opened: boolean;
  joined: boolean;
  read: number;
}

interface LogEntry {
  seq: number;
  from: string;
  message: UpdateMessage;
}

/** What the relay holds; a backup of it can be served again later (a rollback). */
export interface RelayBackup {
  log: LogEntry[];
  snapshot: SnapshotMessage | null;
}

/** The lying relay. */
export class RelayDouble {
  private readonly connections: Connection[] = [];
  private log: LogEntry[] = [];
  private snapshot: SnapshotMessage | null = null;
  private head = 0;
  /** Keeps (and passes on) an acknowledged update? False: acknowledged, then dropped. */
  keep: (message: UpdateMessage, from: string) => boolean = () => true;
  /** Does `to` see what `from` wrote? False for a fork. Presence always passes. */
  sees: (from: string, to: string) => boolean = () => true;

  /** An openSocket for one person. */
  opener(name: string): (url: string) => LiveSocket {
    return () => {
      const socket = new ScriptedSocket();
      this.connections.push({ name, socket, opened: false, joined: false, read: 0 });
      return socket;
    };
  }

  /** Everything the relay holds now. */
  backup(): RelayBackup {
    return { log: [...this.log], snapshot: this.snapshot };
  }

  /** Serves an old backup from now on (sequence numbers keep counting). */
  rollBack(to: RelayBackup): void {
    this.log = [...to.log];
    this.snapshot = to.snapshot;
  }

  /** Opens sockets and handles everything sent, until nothing more is. */
  pump(): void {
    for (let progress = true; progress;) {
      progress = false;
      for (const connection of this.connections) {
        if (connection.socket.closed) continue;
        if (!connection.opened) {
          connection.opened = true;
          connection.socket.open();
          progress = true;
        }
        while (connection.read < connection.socket.sent.length) {
          this.handle(connection, connection.socket.sent[connection.read++]);
          progress = true;
        }
      }
    }
  }

  private others(connection: Connection): Connection[] {
    return this.connections.filter(
      (other) => other !== connection && other.joined && !other.socket.closed,
    );
  }

  private handle(connection: Connection, message: ClientMessage): void {
    const { socket } = connection;
    switch (message.type) {
      case MessageType.Join: {
        connection.joined = true;
        const snapshotSeq = this.snapshot?.upToSeq ?? 0;
        socket.deliver({
          type: MessageType.Welcome,
          headSeq: this.head,
          snapshotSeq,
          created: message.create,
          challenge: new Uint8Array(32), // the double takes every write: PROVE is not checked
          epoch: 1, // one room all along: its lies are in what it serves, not in its epoch
        });
        if (this.snapshot && this.snapshot.upToSeq > message.sinceSeq) {
          socket.deliver({ ...this.snapshot, type: MessageType.SnapshotReplay });
        }
        const since = Math.max(message.sinceSeq, snapshotSeq);
        const entries = this.log.filter(
          (entry) => entry.seq > since && this.sees(entry.from, connection.name),
        );
        for (const { seq, message: update } of entries) {
          socket.deliver({ ...update, type: MessageType.Entry, seq });
        }
        const logBytes = this.log.reduce((sum, entry) => sum + entry.message.sealed.length, 0);
        socket.deliver({
          type: MessageType.Synced,
          headSeq: this.head,
          logCount: this.log.length,
          logBytes,
        });
        break;
      }
      case MessageType.Update: {
        const seq = ++this.head;
        socket.deliver({ type: MessageType.Ack, messageId: message.messageId, seq });
        if (!this.keep(message, connection.name)) break;
        this.log.push({ seq, from: connection.name, message });
        for (const other of this.others(connection)) {
          if (this.sees(connection.name, other.name)) {
            other.socket.deliver({ ...message, type: MessageType.Entry, seq });
          }
        }
        break;
      }
      case MessageType.Awareness:
        for (const other of this.others(connection)) {
          other.socket.deliver({ type: MessageType.AwarenessRelay, sealed: message.sealed });
        }
        break;
      case MessageType.Snapshot: {
        const accepted = message.baseSeq === (this.snapshot?.upToSeq ?? 0);
        if (accepted) {
          this.snapshot = message;
          this.log = this.log.filter((entry) => entry.seq > message.upToSeq);
        }
        socket.deliver({
          type: MessageType.SnapshotResult,
          snapshotId: message.snapshotId,
          accepted,
          snapshotSeq: this.snapshot?.upToSeq ?? 0,
          logCount: this.log.length,
          logBytes: 0,
        });
        break;
      }
      case MessageType.DeleteRoom:
      case MessageType.Prove:
        break;
    }
  }
}
