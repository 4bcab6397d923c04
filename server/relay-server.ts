/**
 * The relay's WebSocket endpoint: a `ws` server on the upgrade of RELAY_PATH of an HTTP
 * server, handing binary frames to a RelayHub. Frames over the cap are refused by the hub
 * with a close reason the page can show (ws itself drops only frames far past it). Dead
 * sockets are found by ping/pong and dropped. Nothing here logs a payload.
 */
import type http from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import { CloseCode, LIVE_LIMITS, RELAY_PATH, clampCloseReason } from "@plainpad/wire";
import type { RelayHub } from "./relay/relay-types";
import { addressKey, clientAddress, originAllowed } from "./relay/upgrade-checks";
import { requestTarget } from "./request-target";
import { TurnBatch } from "./turn-batch";

/** Options of attachRelay. */
export interface RelayEndpointOptions {
  /**
   * How many proxies of yours stand in front (TRUST_PROXY): the client address is the entry
   * they wrote into X-Forwarded-For. 0 (the default): the socket's peer.
   */
  trustedProxyHops?: number;
  /** Origins besides the site's own whose pages may connect (RELAY_ALLOWED_ORIGINS). */
  allowedOrigins?: readonly string[];
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

/** Answers an upgrade that is not taken with a plain HTTP status and closes the socket. */
function refuseUpgrade(socket: Duplex, status: 400 | 403 | 404, words: string): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(
    `HTTP/1.1 ${status} ${words}\r\nConnection: close\r\nContent-Type: text/plain\r\n` +
      `Content-Length: ${Buffer.byteLength(words)}\r\n\r\n${words}`,
    () => socket.destroy(),
  );
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

  // What is sent to a socket in one turn of the event loop goes out in one write: a busy relay
  // passes a reader several entries per turn, and the kernel's send per frame is most of what
  // the fan-out costs (decision 024, "What a write costs the relay"). One immediate uncorks
  // every socket corked in the turn, rather than an immediate per socket.
  const corkedTurn = new TurnBatch((error) =>
    console.error("relay: uncorking a socket failed", error),
  );

  const hops = options.trustedProxyHops ?? 0;
  const origins = options.allowedOrigins ?? [];

  const takeUpgrade = (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const target = requestTarget(req.url ?? "/");
    if (!target) return refuseUpgrade(socket, 400, "Bad Request");
    if (target.rawPath !== RELAY_PATH) return refuseUpgrade(socket, 404, "Not Found");
    if (!originAllowed(req.headers.origin, req.headers.host, origins)) {
      return refuseUpgrade(socket, 403, "Forbidden");
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const forwardedFor = req.headers["x-forwarded-for"];
      const address = addressKey(
        clientAddress(
          Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor,
          req.socket.remoteAddress,
          hops,
        ),
      );
      // Whoever waits for this socket to write out (the hub paces replays and slow readers on
      // it) is woken by each send's write callback and by the close.
      let waiting: (() => void)[] = [];
      const wake = () => {
        // Called after every write: the common case (nobody waits) allocates nothing.
        if (waiting.length === 0) return;
        const woken = waiting;
        waiting = [];
        for (const resolve of woken) resolve();
      };
      let corked = false;
      const uncork = () => {
        corked = false;
        socket.uncork();
      };
      const peer = hub.connect({
        address,
        send(frame) {
          if (ws.readyState !== ws.OPEN) return;
          if (!corked) {
            corked = true;
            socket.cork();
            corkedTurn.add(uncork);
          }
          ws.send(frame, { binary: true }, wake);
        },
        close(code, reason) {
          try {
            // Clamped: ws throws on a reason over 123 bytes, and the socket would stay open.
            ws.close(code, clampCloseReason(reason));
          } catch {
            // A code ws refuses: the socket still goes.
            ws.terminate();
          }
        },
        pause: () => ws.pause(),
        resume: () => ws.resume(),
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
        try {
          peer.receive(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
        } catch {
          // A bug met by one frame ends that connection, not the process.
          ws.close(1011, "Relay error");
        }
      });
      ws.on("close", () => {
        wake();
        peer.closed();
      });
      ws.on("error", () => ws.terminate());
    });
  };
  // Whatever goes wrong with one upgrade ends that socket, never the server: the http server
  // takes its own error listener off a socket it hands to "upgrade", so one goes on first.
  const onUpgrade = (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on("error", () => socket.destroy());
    try {
      takeUpgrade(req, socket, head);
    } catch {
      socket.destroy();
    }
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
