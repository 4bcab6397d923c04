/**
 * One live session's link to the relay: opens the socket, joins pieces back into messages,
 * and after a drop (1001, 1006, a network error, a rate limit) tries again with backoff
 * (0.5 s doubling to 15 s, jittered). A final close code (isFinalClose) ends it. The browser's
 * online/offline events, when there are any, say whether the network is there at all.
 */
import type { LiveSocket } from "./live-socket";
import {
  MalformedFrameError,
  MessageType,
  PieceAssembler,
  decodeMessage,
  encodeFrames,
  isFinalClose,
  type ClientMessage,
  type RelayMessage,
} from "@plainpad/wire";

/** First retry delay and the longest one, ms. */
export const BACKOFF_FIRST_MS = 500;
export const BACKOFF_MAX_MS = 15_000;
/** How often the connection looks for a sleep, and the timer delay that means one, ms. */
const WAKE_CHECK_MS = 5_000;
const WAKE_GAP_MS = 20_000;

/** The "close code" reported when the relay's address cannot be opened at all. */
export const BAD_RELAY_ADDRESS = 4000;

/** What the connection tells its session. */
export interface ConnectionEvents {
  /** The socket is open: send JOIN. */
  opened(): void;
  message(message: RelayMessage): void;
  /** The socket closed and a retry is scheduled. */
  dropped(code: number, reason: string): void;
  /** The relay closed with a final code: no retry. */
  ended(code: number, reason: string): void;
  /** The browser went offline or online. */
  network(online: boolean): void;
}

/** How the connection is made. */
export interface ConnectionOptions {
  url: string;
  openSocket: (url: string) => LiveSocket;
  events: ConnectionEvents;
  random?: () => number;
}

const RELAY_TYPES = new Set<number>([
  MessageType.Welcome,
  MessageType.Entry,
  MessageType.Ack,
  MessageType.Synced,
  MessageType.AwarenessRelay,
  MessageType.SnapshotReplay,
  MessageType.SnapshotResult,
  MessageType.Ended,
]);

/** True unless the browser says it has no network. */
export function browserOnline(): boolean {
  return typeof navigator === "undefined" || navigator.onLine !== false;
}

/** The socket to the relay, reopened after drops until stopped or ended. */
export class LiveConnection {
  private socket: LiveSocket | null = null;
  private isOpen = false;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private removeNetworkListeners: (() => void) | null = null;
  private wakeTimer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly options: ConnectionOptions) {}

  /** True while a socket is open. */
  get open(): boolean {
    return this.isOpen;
  }

  /** Opens the first socket and listens to the network. */
  start(): void {
    if (typeof window !== "undefined" && typeof window.addEventListener === "function") {
      const online = () => {
        this.options.events.network(true);
        // Back online: a socket from before the outage is probably dead without knowing it.
        this.reconnectNow();
      };
      const offline = () => this.options.events.network(false);
      window.addEventListener("online", online);
      window.addEventListener("offline", offline);
      this.removeNetworkListeners = () => {
        window.removeEventListener("online", online);
        window.removeEventListener("offline", offline);
      };
    }
    // A laptop lid closed for an hour leaves a socket that looks open but is dead: a timer
    // that fires far too late means the machine slept, so connect afresh (JOIN resumes).
    let lastTick = Date.now();
    this.wakeTimer = setInterval(() => {
      const now = Date.now();
      if (now - lastTick > WAKE_GAP_MS) this.reconnectNow();
      lastTick = now;
    }, WAKE_CHECK_MS);
    this.connect();
  }

  /** Sends a message (in pieces when large); dropped silently when no socket is open. */
  send(message: ClientMessage): void {
    if (!this.socket || !this.isOpen) return;
    for (const frame of encodeFrames(message)) this.socket.send(frame);
  }

  /** A sync went through: the next drop retries quickly again. */
  healthy(): void {
    this.attempt = 0;
  }

  /** Closes for good; no events follow. */
  stop(code = 1000, reason = "left"): void {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.removeNetworkListeners?.();
    this.removeNetworkListeners = null;
    if (this.wakeTimer) clearInterval(this.wakeTimer);
    this.wakeTimer = null;
    const socket = this.socket;
    this.socket = null;
    this.isOpen = false;
    socket?.close(code, reason);
  }

  /** Drops the current socket and reconnects (after a frame the page could not read). */
  restart(): void {
    const socket = this.socket;
    if (!socket) return;
    this.detach();
    socket.close(4400, "malformed frame from relay");
    this.options.events.dropped(4400, "malformed frame from relay");
    this.scheduleRetry();
  }

  private connect(): void {
    if (this.stopped) return;
    let socket: LiveSocket;
    try {
      socket = this.options.openSocket(this.options.url);
    } catch {
      // The address itself is wrong (a bad build setting): retrying cannot help.
      this.stop();
      this.options.events.ended(BAD_RELAY_ADDRESS, "bad relay address");
      return;
    }
    const assembler = new PieceAssembler();
    this.socket = socket;
    socket.listen({
      open: () => {
        if (this.socket !== socket) return;
        this.isOpen = true;
        this.options.events.opened();
      },
      message: (frame) => {
        if (this.socket !== socket) return;
        let message;
        try {
          message = assembler.accept(decodeMessage(frame));
        } catch (error) {
          if (!(error instanceof MalformedFrameError)) throw error;
          this.restart();
          return;
        }
        if (message && RELAY_TYPES.has(message.type)) {
          this.options.events.message(message as RelayMessage);
        }
      },
      close: (code, reason) => {
        if (this.socket !== socket) return;
        this.detach();
        if (isFinalClose(code)) {
          this.stop(code, reason);
          this.options.events.ended(code, reason);
          return;
        }
        this.options.events.dropped(code, reason);
        this.scheduleRetry();
      },
    });
  }

  private detach(): void {
    this.socket = null;
    this.isOpen = false;
  }

  private scheduleRetry(): void {
    if (this.stopped || this.retryTimer) return;
    const random = this.options.random ?? Math.random;
    const base = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** this.attempt);
    this.attempt++;
    // Jitter: between half and all of the delay, so clients dropped together do not return together.
    const delay = base * (0.5 + random() * 0.5);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect();
    }, delay);
  }

  /** Drops any socket and connects now (back online, or awake after a sleep). */
  private reconnectNow(): void {
    if (this.stopped) return;
    const socket = this.socket;
    if (socket) {
      this.detach();
      socket.close(1000, "reconnecting");
      this.options.events.dropped(1006, "reconnecting");
    }
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.attempt = 0;
    this.connect();
  }
}
