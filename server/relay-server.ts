/**
 * The relay's WebSocket endpoint: a `ws` server on the upgrade of RELAY_PATH of an HTTP
 * server, handing binary frames to a RelayHub. Frames over the cap are refused by the hub
 * with a close reason the page can show (ws itself drops only frames far past it). Dead
 * sockets are found by ping/pong and dropped. Nothing here logs a payload.
 */
import type http from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import { CloseCode, LIVE_LIMITS, RELAY_PATH } from "../app/collab/wire";
import type { RelayHub } from "./relay/relay-types";

/** Options of attachRelay. */
export interface RelayEndpointOptions {
  /** Take the client address from X-Forwarded-For (only behind a proxy you run). */
  trustProxy?: boolean;
  /** Ping interval (ms); a socket that has not answered the last ping is dropped. */
  keepAliveMs?: number;
}

/** The running endpoint. */
export interface RelayEndpoint {
  /** Open sockets now. */
  readonly connections: number;
  /**
   * Stops taking sockets and resolves once every open one is gone: call it after the hub's
   * close(), which closes them with 1001; sockets that do not answer within graceMs are cut.
   */
  close(graceMs?: number): Promise<void>;
}

function clientAddress(req: http.IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = req.headers["x-forwarded-for"];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim();
    if (first) return first;
  }
  return req.socket.remoteAddress ?? "unknown";
}

/** Serves the relay on `server`'s upgrades of RELAY_PATH; other upgrades are refused. */
export function attachRelay(
  server: http.Server,
  hub: RelayHub,
  options: RelayEndpointOptions = {},
): RelayEndpoint {
  // Twice the cap: the hub closes a frame over the cap with TooLarge (words for the page);
  // ws stops anything bigger still before it is buffered.
  const wss = new WebSocketServer({ noServer: true, maxPayload: LIVE_LIMITS.maxFrameBytes * 2 });
  const alive = new WeakSet<WebSocket>();

  const onUpgrade = (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const pathname = new URL(req.url ?? "/", "http://localhost").pathname;
    if (pathname !== RELAY_PATH) {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const address = clientAddress(req, options.trustProxy ?? false);
      // Whoever waits for this socket to write out (the hub paces replays and slow readers on
      // it) is woken by each send's write callback and by the close.
      let waiting: (() => void)[] = [];
      const wake = () => {
        const woken = waiting;
        waiting = [];
        for (const resolve of woken) resolve();
      };
      const peer = hub.connect({
        address,
        send(frame) {
          if (ws.readyState === ws.OPEN) ws.send(frame, { binary: true }, wake);
        },
        close(code, reason) {
          ws.close(code, reason);
        },
        get bufferedAmount() {
          return ws.bufferedAmount;
        },
        flushed() {
          // While closing, what is queued still goes out (or the close wakes the waiter).
          if (ws.readyState === ws.CLOSED || ws.bufferedAmount === 0) return Promise.resolve();
          return new Promise((resolve) => waiting.push(resolve));
        },
      });
      alive.add(ws);
      ws.on("pong", () => alive.add(ws));
      ws.on("message", (data, isBinary) => {
        if (!isBinary || !Buffer.isBuffer(data)) {
          ws.close(CloseCode.Malformed, "Binary frames only");
          return;
        }
        peer.receive(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
      });
      ws.on("close", () => {
        wake();
        peer.closed();
      });
      ws.on("error", () => ws.terminate());
    });
  };
  server.on("upgrade", onUpgrade);

  const ping = setInterval(() => {
    for (const ws of wss.clients) {
      if (!alive.has(ws)) {
        ws.terminate();
        continue;
      }
      alive.delete(ws);
      ws.ping();
    }
  }, options.keepAliveMs ?? 30_000);
  ping.unref();

  return {
    get connections() {
      return wss.clients.size;
    },
    close(graceMs = 3000) {
      clearInterval(ping);
      server.off("upgrade", onUpgrade);
      const cut = setTimeout(() => {
        for (const ws of wss.clients) ws.terminate();
      }, graceMs);
      // ws calls back once the last socket has closed.
      return new Promise((resolve) =>
        wss.close(() => {
          clearTimeout(cut);
          resolve();
        }),
      );
    },
  };
}
