/**
 * Test helpers (tests only): messages a real page would send, built with the page's own keys,
 * sealing and message builders (the wire package's room-keys, seal and page-messages, which
 * app/collab uses), and a client that talks to a hub in-process.
 */
import { keysFromSecret, newLiveSecret, type LiveKeys } from "@plainpad/wire/room-keys";
import { open, seal, signWrite } from "@plainpad/wire/seal";
import * as live from "@plainpad/wire/page-messages";
import {
  MessageType,
  PieceAssembler,
  decodeMessage,
  encodeFrames,
  randomId,
  snapshotBinding,
  updateBinding,
  type ClientMessage,
  type RelayMessage,
  type WireMessage,
} from "@plainpad/wire";
import type { RelayHub, RelayPeer } from "./relay-types";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Fresh edit keys for a new room. */
export function newKeys(): LiveKeys {
  return keysFromSecret(newLiveSecret());
}

/** Text as bytes (the tests' payloads are words; a real page seals Yjs updates). */
function bytesOf(body: string | Uint8Array): Uint8Array {
  return typeof body === "string" ? encoder.encode(body) : body;
}

// The keys each JOIN was made from, so a client answers WELCOME's challenge as a page does.
const keysOfJoin = new WeakMap<WireMessage, LiveKeys>();

/**
 * JOIN as a page sends it (by default: a new room, nothing held, no epoch known). A client
 * that sends it answers the WELCOME with PROVE when the keys can sign (an edit link), as a
 * page does.
 */
export function joinMessage(keys: LiveKeys, sinceSeq = 0, create = true, epoch = 0): ClientMessage {
  const message = live.joinMessage(keys, sinceSeq, create, epoch);
  keysOfJoin.set(message, keys);
  return message;
}

/** PROVE for a challenge, as an edit link answers WELCOME. */
export function proveMessage(keys: LiveKeys, challenge: Uint8Array): ClientMessage {
  return live.proveMessage(keys, challenge);
}

/** A sealed, signed update carrying text (or given bytes). */
export function updateMessage(keys: LiveKeys, body: string | Uint8Array): ClientMessage {
  return live.updateMessage(keys, bytesOf(body));
}

/** An update signed with the wrong key (what a crafted view-only client could send). */
export function forgedUpdate(keys: LiveKeys, body: string): ClientMessage {
  // Sealed by hand: view-only keys cannot sign, so live.updateMessage would refuse.
  const messageId = randomId();
  const binding = updateBinding(keys.roomId, messageId);
  const sealed = seal(keys, binding, bytesOf(body));
  return {
    type: MessageType.Update,
    messageId,
    sealed,
    signature: signWrite(newKeys(), binding, sealed),
  };
}

/** A sealed, signed snapshot carrying text (or given bytes). */
export function snapshotMessage(
  keys: LiveKeys,
  upToSeq: number,
  baseSeq: number,
  body: string | Uint8Array,
): ClientMessage {
  return live.snapshotMessage(keys, upToSeq, baseSeq, bytesOf(body));
}

/** DELETE_ROOM signed at time `at`. */
export function deleteMessage(keys: LiveKeys, at: number): ClientMessage {
  return live.deleteRoomMessage(keys, at);
}

/** The text inside an ENTRY (as updateMessage sealed it). */
export function entryText(keys: LiveKeys, message: RelayMessage): string {
  if (message.type !== MessageType.Entry) throw new Error(`not an entry: ${message.type}`);
  return decoder.decode(open(keys, updateBinding(keys.roomId, message.messageId), message.sealed));
}

/** The text inside a SNAPSHOT_REPLAY. */
export function snapshotText(keys: LiveKeys, message: RelayMessage): string {
  if (message.type !== MessageType.SnapshotReplay) throw new Error("not a snapshot");
  const binding = snapshotBinding(keys.roomId, message.upToSeq, message.baseSeq);
  return decoder.decode(open(keys, binding, message.sealed));
}

/** Waits until check() is true, polling; fails after timeoutMs. */
export async function until(check: () => boolean, timeoutMs = 5000, what = "condition") {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/**
 * Collects what a relay sends one client (decoded, pieces joined) and how it closed. Like a
 * page, it answers a WELCOME with PROVE when its JOIN came from edit keys (`autoProve` false
 * turns that off, for tests of what an unproven connection may do).
 */
export abstract class MessageLog {
  readonly messages: RelayMessage[] = [];
  closed: { code: number; reason: string } | null = null;
  autoProve = true;
  private readonly assembler = new PieceAssembler();
  private joinedWith: LiveKeys | null = null;

  abstract send(message: WireMessage): void;

  accept(frame: Uint8Array): void {
    const message = this.assembler.accept(decodeMessage(frame)) as RelayMessage | null;
    if (!message) return;
    this.messages.push(message);
    const keys = this.joinedWith;
    if (message.type === MessageType.Welcome && keys?.signingSeed && this.autoProve) {
      this.send(proveMessage(keys, message.challenge));
    }
  }

  /** Remembers the keys of a JOIN being sent (call from send). */
  protected sending(message: WireMessage): void {
    const keys = keysOfJoin.get(message);
    if (keys) this.joinedWith = keys;
  }

  ofType<T extends RelayMessage["type"]>(type: T): Extract<RelayMessage, { type: T }>[] {
    return this.messages.filter(
      (message): message is Extract<RelayMessage, { type: T }> => message.type === type,
    );
  }

  /** Texts of the ENTRY messages so far, in order. */
  entryTexts(keys: LiveKeys): string[] {
    return this.ofType(MessageType.Entry).map((message) => entryText(keys, message));
  }
}

/** A client connected to a hub in this process. */
export class HubClient extends MessageLog {
  readonly peer: RelayPeer;

  constructor(hub: RelayHub, address = "127.0.0.1") {
    super();
    this.peer = hub.connect({
      address,
      send: (frame) => this.accept(frame),
      close: (code, reason) => {
        this.closed = { code, reason };
      },
    });
  }

  send(message: WireMessage): void {
    this.sending(message);
    for (const frame of encodeFrames(message)) this.peer.receive(frame);
  }
}

/**
 * A client of `hub` (from `address`) that sent `join` (a JOIN) and has the whole room (its
 * SYNCED): test-relay-process's joinedClient, in-process.
 */
export async function joinedHubClient(
  hub: RelayHub,
  join: WireMessage,
  address?: string,
): Promise<HubClient> {
  const client = new HubClient(hub, address);
  client.send(join);
  await until(() => client.ofType(MessageType.Synced).length > 0, 5000, "SYNCED");
  return client;
}
