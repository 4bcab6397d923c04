/**
 * The in-process relay API (common to the WebSocket server, the tests and the page's tests):
 * a hub takes connections and hands back peers that receive their frames.
 */

/** One socket as the hub sees it. */
export interface RelayConnection {
  /** The client's address (for the rooms-per-hour limit). */
  readonly address: string;
  send(frame: Uint8Array): void;
  close(code: number, reason: string): void;
  /** Bytes handed to send() that the socket has not written out yet (absent: nothing waits). */
  readonly bufferedAmount?: number;
  /** Resolves when the socket next writes something out (or closes); sending paces on it. */
  flushed?(): Promise<void>;
  /**
   * Stop and start reading frames from the socket (absent: the hub cannot push back). The hub
   * stops reading while a connection's frames wait for a store that does not answer.
   */
  pause?(): void;
  resume?(): void;
}

/** What the hub returns for a connection. */
export interface RelayPeer {
  /** Every frame from the client, in order. */
  receive(frame: Uint8Array): void;
  /** The socket closed. */
  closed(): void;
}

/** A relay: rooms, their connections and the store behind them. */
export interface RelayHub {
  connect(connection: RelayConnection): RelayPeer;
  /**
   * Stops: closes every connection with 1001 (clients reconnect), waits for what was being
   * stored, and stops the idle sweep. The store stays open (a test "restarts" the relay by
   * making a new hub on the same store).
   */
  close(): Promise<void>;
  /** Deletes rooms idle past idleRoomDays now (also run on a timer); resolves to how many. */
  sweepIdle(): Promise<number>;
}
