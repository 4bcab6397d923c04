/**
 * The socket a live session talks through: a WebSocket in the page, an in-memory pipe in tests.
 */

/** What a socket reports to its session. */
export interface LiveSocketHandlers {
  open(): void;
  message(frame: Uint8Array): void;
  /** The socket closed (1006 when the network dropped it). Called once. */
  close(code: number, reason: string): void;
}

/** One connection to the relay. */
export interface LiveSocket {
  /** Sets the handlers; called once, right after the socket is made. */
  listen(handlers: LiveSocketHandlers): void;
  send(frame: Uint8Array): void;
  close(code?: number, reason?: string): void;
}

/** Opens a browser WebSocket (binary frames) as a LiveSocket. Browser only. */
export function openWebSocket(url: string): LiveSocket {
  const socket = new WebSocket(url);
  socket.binaryType = "arraybuffer";
  let closed = false;
  return {
    listen(handlers) {
      socket.onopen = () => handlers.open();
      socket.onmessage = (event: MessageEvent) => {
        if (event.data instanceof ArrayBuffer) handlers.message(new Uint8Array(event.data));
      };
      socket.onclose = (event: CloseEvent) => {
        if (closed) return;
        closed = true;
        handlers.close(event.code, event.reason);
      };
    },
    send(frame) {
      if (socket.readyState === WebSocket.OPEN) socket.send(frame);
    },
    close(code, reason) {
      try {
        socket.close(code, reason);
      } catch {
        socket.close();
      }
    },
  };
}
