/**
 * Test helpers for live sessions (imported by tests only): a socket the test drives as if it
 * were the relay, and builders for what a relay would send.
 */
import * as Y from "yjs";
import { keysFromSecret, type LiveKeys } from "./live-keys";
import { open } from "@plainpad/wire/seal";
import { decodePayload } from "./live-envelope";
import { updateMessage } from "@plainpad/wire/page-messages";
import { LiveSession, type LiveSessionOptions } from "./live-session";
import type { LiveSocket, LiveSocketHandlers } from "./live-socket";
import type { LiveRoomState, LiveStateStore } from "./live-state-store";
import {
  MessageType,
  PieceAssembler,
  decodeMessage,
  encodeFrames,
  updateBinding,
  type ClientMessage,
  type EntryMessage,
  type RelayMessage,
  type UpdateMessage,
} from "@plainpad/wire";

/** Keys from a fixed secret byte (tests want the same room each run). */
export function testKeys(fill = 7): LiveKeys {
  return keysFromSecret(new Uint8Array(32).fill(fill));
}

/** A socket whose other end is the test. */
export class ScriptedSocket implements LiveSocket {
  handlers: LiveSocketHandlers | null = null;
  readonly sent: ClientMessage[] = [];
  closed: { code?: number; reason?: string } | null = null;
  private readonly assembler = new PieceAssembler();

  listen(handlers: LiveSocketHandlers): void {
    this.handlers = handlers;
  }

  send(frame: Uint8Array): void {
    const message = this.assembler.accept(decodeMessage(frame));
    if (message) this.sent.push(message as ClientMessage);
  }

  close(code?: number, reason?: string): void {
    this.closed = { code, reason };
  }

  /** The socket opened. */
  open(): void {
    this.handlers?.open();
  }

  /** The "relay" sends a message (in frames, as a relay would). */
  deliver(message: RelayMessage): void {
    for (const frame of encodeFrames(message)) this.handlers?.message(frame);
  }

  /** The "relay" or the network closes the socket. */
  drop(code = 1006, reason = ""): void {
    this.handlers?.close(code, reason);
  }

  /** Sent messages of one type. */
  ofType<T extends ClientMessage["type"]>(type: T): Extract<ClientMessage, { type: T }>[] {
    return this.sent.filter((message) => message.type === type) as Extract<
      ClientMessage,
      { type: T }
    >[];
  }
}

/** Opens sockets for a session and remembers each. */
export function scriptedOpener(): {
  sockets: ScriptedSocket[];
  openSocket: (url: string) => LiveSocket;
} {
  const sockets: ScriptedSocket[] = [];
  return {
    sockets,
    openSocket: () => {
      const socket = new ScriptedSocket();
      sockets.push(socket);
      return socket;
    },
  };
}

/** An ENTRY a relay would fan out for a Yjs update written with `keys`. */
export function entryFor(keys: LiveKeys, update: Uint8Array, seq: number): EntryMessage {
  // The relay passes the writer's UPDATE on as it came, with its sequence number.
  const { messageId, sealed, signature } = updateMessage(keys, update);
  return { type: MessageType.Entry, seq, messageId, sealed, signature };
}

/** The Yjs update inside an UPDATE (opened with the room's keys, out of its envelope). */
export function openUpdate(keys: LiveKeys, message: UpdateMessage): Uint8Array {
  return decodePayload(open(keys, updateBinding(keys.roomId, message.messageId), message.sealed))
    .update;
}

/** The text a set of Yjs updates makes. */
export function textOf(updates: Uint8Array[]): string {
  const doc = new Y.Doc();
  for (const update of updates) Y.applyUpdate(doc, update);
  return doc.getText("text").toString();
}

/** A Yjs update inserting `insert` at `index` into a doc that already holds `base` updates. */
export function remoteEdit(base: Uint8Array[], index: number, insert: string): Uint8Array {
  const doc = new Y.Doc();
  for (const update of base) Y.applyUpdate(doc, update);
  const before = Y.encodeStateVector(doc);
  doc.getText("text").insert(index, insert);
  return Y.encodeStateAsUpdate(doc, before);
}

/** A browser's kept room states, in memory (what a reload finds). */
export function memoryStateStore(): { kept: Map<string, LiveRoomState>; store: LiveStateStore } {
  const kept = new Map<string, LiveRoomState>();
  const store: LiveStateStore = {
    load: async (roomId) => kept.get(roomId) ?? null,
    save: async (roomId, value) => void kept.set(roomId, value),
    delete: async (roomId) => void kept.delete(roomId),
  };
  return { kept, store };
}

/**
 * A session of `keys`'s room (joining as "Ada" unless told) on sockets the test drives as the
 * relay; not started yet.
 */
export function scriptedSession(keys: LiveKeys, options: Partial<LiveSessionOptions> = {}) {
  const opener = scriptedOpener();
  const live = new LiveSession({
    keys,
    relayUrl: "ws://relay.test/relay",
    create: false,
    userName: "Ada",
    openSocket: opener.openSocket,
    ...options,
  });
  return { live, sockets: opener.sockets };
}
