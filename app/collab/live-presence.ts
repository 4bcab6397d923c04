/**
 * Presence (who is here, their cursors) over y-protocols awareness, sealed like everything
 * else. Own state changes go at most ~30 times a second; the relay keeps no presence, so when
 * an unknown person appears this client sends its own state once more for them. Viewers show
 * presence too (awareness is not signed, only sealed), so every state received is checked
 * (live-presence-check.ts) before the editor binding sees it.
 */
import {
  applyAwarenessUpdate,
  encodeAwarenessUpdate,
  removeAwarenessStates,
  type Awareness,
} from "y-protocols/awareness";
import type { LiveKeys } from "./live-keys";
import { LiveAuthError, open, seal } from "@plainpad/wire/seal";
import { REMOTE_ORIGIN } from "./live-origins";
import { checkedAwarenessUpdate } from "./live-presence-check";
import { LIVE_LIMITS, awarenessBinding, concatBytes } from "@plainpad/wire";

/** One person in the session. */
export interface LivePeer {
  clientId: number;
  name: string;
  color: string;
  isSelf: boolean;
}

/** Milliseconds between two presence messages (about 30 a second). */
export const PRESENCE_INTERVAL_MS = 33;

/** Cursor colours, each readable on the light and the dark theme. */
export const PEER_COLORS = [
  "#1f77b4",
  "#d62728",
  "#2ca02c",
  "#9467bd",
  "#e377c2",
  "#ff7f0e",
  "#17becf",
  "#8c564b",
] as const;

/** The colour of a client (stable for its id). */
export function colorFor(clientId: number): string {
  return PEER_COLORS[clientId % PEER_COLORS.length];
}

/** The name shown for a person who gave none. */
export const ANONYMOUS_NAME = "Anonymous";

/** What presence needs from its session. */
export interface PresenceOptions {
  awareness: Awareness;
  keys: LiveKeys;
  /** True when presence can go now (the relay welcomed this connection). */
  canSend(): boolean;
  send(sealed: Uint8Array): void;
  /** The peers list changed. */
  onPeers(): void;
  /** A presence message failed authentication (it was ignored). */
  onAuthFailure(): void;
  /** A sealed digest (live-ledger.ts) arrived on the presence channel, opened. */
  onDigest?(digest: Uint8Array): void;
}

/** Digests share the presence channel under their own binding (they cannot pass as presence). */
export function digestBinding(roomId: string): Uint8Array {
  return concatBytes(awarenessBinding(roomId), new TextEncoder().encode("/digest"));
}

type AwarenessChange = { added: number[]; updated: number[]; removed: number[] };

/** Sends, receives and lists presence for one session. */
export class LivePresence {
  /** Each remote client's last "joined" count: a new one means it (re)connected. */
  private readonly known = new Map<number, unknown>();
  private joins = 0;
  private announcing = false;
  private lastSent = -Infinity;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly binding: Uint8Array;
  private readonly digestBinding: Uint8Array;

  constructor(private readonly options: PresenceOptions) {
    this.binding = awarenessBinding(options.keys.roomId);
    this.digestBinding = digestBinding(options.keys.roomId);
    options.awareness.on("update", this.onUpdate);
    if (typeof window !== "undefined" && typeof window.addEventListener === "function") {
      window.addEventListener("pagehide", this.onPageHide);
    }
  }

  // A reload or a closed tab says goodbye at once, so the others' "N here" does not count this
  // person twice (old and rejoined) until awareness times out 30 s later. A page kept in the
  // back-forward cache (persisted) may come back, so it stays.
  private readonly onPageHide = (event: PageTransitionEvent): void => {
    if (event.persisted) return;
    const { awareness } = this.options;
    removeAwarenessStates(awareness, [awareness.clientID], "leave");
    this.sendNow();
  };

  /** Sets this person's name (and their colour, from the client id). */
  setUser(name: string): void {
    const { awareness } = this.options;
    const color = colorFor(awareness.clientID);
    awareness.setLocalStateField("user", {
      name: name.trim() || ANONYMOUS_NAME,
      color,
      colorLight: `${color}33`,
    });
  }

  /** Everyone with a name, self first. */
  peers(): LivePeer[] {
    const { awareness } = this.options;
    const peers: LivePeer[] = [];
    for (const [clientId, state] of awareness.getStates()) {
      const user: unknown = state.user;
      if (!user || typeof user !== "object") continue;
      const { name, color } = user as { name?: unknown; color?: unknown };
      peers.push({
        clientId,
        name: typeof name === "string" && name ? name : ANONYMOUS_NAME,
        color: typeof color === "string" ? color : colorFor(clientId),
        isSelf: clientId === awareness.clientID,
      });
    }
    return peers.sort((a, b) => Number(b.isSelf) - Number(a.isSelf) || a.clientId - b.clientId);
  }

  /** Sends a digest now, sealed under its own binding (when connected). */
  sendDigest(digest: Uint8Array): void {
    if (!this.options.canSend()) return;
    const sealed = seal(this.options.keys, this.digestBinding, digest);
    // Over the relay's presence cap it would end this connection (PresenceTooLarge).
    if (sealed.length <= LIVE_LIMITS.maxAwarenessBytes) this.options.send(sealed);
  }

  /** A sealed presence message (or digest) from the relay. */
  receive(sealed: Uint8Array): void {
    let update: Uint8Array;
    try {
      update = open(this.options.keys, this.binding, sealed);
    } catch (error) {
      if (!(error instanceof LiveAuthError)) throw error;
      const digest = this.openDigest(sealed);
      if (digest) this.options.onDigest?.(digest);
      else this.options.onAuthFailure();
      return;
    }
    const { awareness } = this.options;
    // Checked first: a view-only holder writes presence too, and the editor draws from it.
    const checked = checkedAwarenessUpdate(update, awareness.clientID, colorFor);
    if (!checked) return;
    try {
      applyAwarenessUpdate(awareness, checked, REMOTE_ORIGIN);
    } catch {
      // Authentic but unreadable (another version's shape): presence only, ignore it.
    }
  }

  private openDigest(sealed: Uint8Array): Uint8Array | null {
    try {
      return open(this.options.keys, this.digestBinding, sealed);
    } catch {
      return null;
    }
  }

  /**
   * Sends own state now, after a WELCOME. The count in it tells the others this client
   * (re)joined and has forgotten their presence, so each sends its own state once more.
   */
  announce(): void {
    this.announcing = true;
    try {
      this.options.awareness.setLocalStateField("joined", ++this.joins);
    } finally {
      this.announcing = false;
    }
    this.sendNow();
  }

  /** The connection dropped: the others' presence is unknown until they speak again. */
  disconnected(): void {
    const { awareness } = this.options;
    const others = [...awareness.getStates().keys()].filter((id) => id !== awareness.clientID);
    this.known.clear();
    if (others.length === 0) return;
    // Forgotten, not marked offline: removeAwarenessStates would raise their clocks here, and
    // their next state (one clock higher) would then be ignored as old.
    for (const id of others) {
      awareness.states.delete(id);
      awareness.meta.delete(id);
    }
    const change = { added: [], updated: [], removed: others };
    awareness.emit("change", [change, "disconnect"]);
    awareness.emit("update", [change, "disconnect"]);
  }

  /** Removes own state and sends that last (null) state at once. */
  leave(): void {
    const { awareness } = this.options;
    removeAwarenessStates(awareness, [awareness.clientID], "leave");
    this.sendNow();
    this.dispose();
  }

  /** Stops listening and timers. */
  dispose(): void {
    if (typeof window !== "undefined" && typeof window.removeEventListener === "function") {
      window.removeEventListener("pagehide", this.onPageHide);
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.options.awareness.off("update", this.onUpdate);
  }

  private readonly onUpdate = (change: AwarenessChange, origin: unknown): void => {
    const self = this.options.awareness.clientID;
    if (origin === REMOTE_ORIGIN) {
      let newcomer = false;
      const states = this.options.awareness.getStates();
      for (const id of change.added.concat(change.updated)) {
        const joined: unknown = states.get(id)?.joined;
        if (id === self || (this.known.has(id) && this.known.get(id) === joined)) continue;
        this.known.set(id, joined);
        newcomer = true;
      }
      for (const id of change.removed) this.known.delete(id);
      // The relay keeps no presence: a newcomer learns about this person only from this person.
      if (newcomer) this.schedule();
    } else if ([...change.added, ...change.updated, ...change.removed].includes(self)) {
      if (!this.announcing) this.schedule();
    } else {
      for (const id of change.removed) this.known.delete(id);
    }
    this.options.onPeers();
  };

  private schedule(): void {
    if (this.timer) return;
    const wait = this.lastSent + PRESENCE_INTERVAL_MS - Date.now();
    if (wait <= 0) {
      this.sendNow();
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = null;
      this.sendNow();
    }, wait);
  }

  private sendNow(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.options.canSend()) return;
    const { awareness, keys } = this.options;
    const update = encodeAwarenessUpdate(awareness, [awareness.clientID]);
    this.lastSent = Date.now();
    const sealed = seal(keys, this.binding, update);
    // The relay ends a connection that sends more (PresenceTooLarge): such a state stays here.
    if (sealed.length > LIVE_LIMITS.maxAwarenessBytes) return;
    this.options.send(sealed);
  }
}
