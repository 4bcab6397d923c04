/**
 * Test network (tests only): in-memory sockets between live sessions and an in-process relay
 * hub, with every frame held until the test delivers it. Frames keep their order per
 * connection and direction (as TCP does); a dropped connection loses what was in flight.
 */
import { vi } from "vitest";
import type { RelayHub, RelayPeer } from "../../server/relay/relay-types";
import type { LiveKeys } from "~/collab/live-keys";
import { LiveSession, type LiveSessionOptions } from "~/collab/live-session";
import type { LiveSocket, LiveSocketHandlers } from "~/collab/live-socket";

// Taken before any test's fake timers: the relay checks signatures on libuv's thread pool,
// which answers in real time, so settling waits a little real time too.
const realSetTimeout = globalThis.setTimeout;

type PipeStatus = "connecting" | "open" | "client-closing" | "closed";

/** One connection: a LiveSocket on the page's side, a RelayConnection on the hub's. */
export class TestPipe implements LiveSocket {
  status: PipeStatus = "connecting";
  readonly toServer: Uint8Array[] = [];
  readonly toClient: Uint8Array[] = [];
  private handlers: LiveSocketHandlers | null = null;
  private peer: RelayPeer | null = null;
  private serverClose: { code: number; reason: string } | null = null;

  constructor(
    private readonly network: TestNetwork,
    readonly address: string,
  ) {}

  listen(handlers: LiveSocketHandlers): void {
    this.handlers = handlers;
  }

  send(frame: Uint8Array): void {
    if (this.status === "open" && !this.serverClose) this.toServer.push(frame);
  }

  close(): void {
    if (this.status === "connecting") this.status = "closed";
    else if (this.status === "open") this.status = "client-closing";
  }

  /** True when the network has something to do on this pipe. */
  get busy(): boolean {
    if (this.status === "closed") return false;
    return (
      this.status === "connecting" ||
      this.toServer.length > 0 ||
      this.toClient.length > 0 ||
      this.serverClose !== null ||
      this.status === "client-closing"
    );
  }

  /** Does one thing on this pipe: connect, or move one frame (or a close) one way. */
  step(toServer: boolean): void {
    if (this.status === "connecting") {
      this.status = "open";
      this.peer = this.network.hub.connect({
        address: this.address,
        send: (frame) => {
          if (this.status !== "closed" && !this.serverClose) this.toClient.push(frame);
        },
        close: (code, reason) => {
          if (this.serverClose || this.status === "closed") return;
          this.serverClose = { code, reason };
          this.toServer.length = 0; // the relay reads nothing more
        },
      });
      this.handlers?.open();
      return;
    }
    if ((toServer || this.toClient.length === 0) && this.toServer.length > 0) {
      this.peer?.receive(this.toServer.shift()!);
    } else if (this.toClient.length > 0) {
      const frame = this.toClient.shift()!;
      if (this.status === "open") this.handlers?.message(frame);
    } else if (this.serverClose) {
      const { code, reason } = this.serverClose;
      const clientListening = this.status === "open";
      this.status = "closed";
      this.peer?.closed();
      if (clientListening) this.handlers?.close(code, reason);
    } else if (this.status === "client-closing") {
      this.status = "closed";
      this.peer?.closed();
    }
  }

  /** The network drops the connection: frames in flight are lost. */
  drop(): void {
    if (this.status === "closed") return;
    const clientListening = this.status === "open" || this.status === "connecting";
    this.status = "closed";
    this.toServer.length = 0;
    this.toClient.length = 0;
    this.peer?.closed();
    if (clientListening) this.handlers?.close(1006, "");
  }
}

/** All pipes, and the hub new connections reach. */
export class TestNetwork {
  readonly pipes: TestPipe[] = [];

  constructor(public hub: RelayHub) {}

  /** An openSocket for one client (its own address). */
  opener(address: string): (url: string) => LiveSocket {
    return () => {
      const pipe = new TestPipe(this, address);
      this.pipes.push(pipe);
      return pipe;
    };
  }

  /** Pipes with something to do. */
  busy(): TestPipe[] {
    return this.pipes.filter((pipe) => pipe.busy);
  }

  /** Connections that are up (for dropping). */
  open(): TestPipe[] {
    return this.pipes.filter((pipe) => pipe.status === "open");
  }
}

/** How a test file's sessions join (TestSessions). */
export interface TestSessionsOptions {
  /** The network they join over (a getter: a test may point it at a new hub). */
  network: () => TestNetwork;
  keys: LiveKeys;
  /** The first three parts of each session's address ("10.0.1"): the n-th joiner gets .n. */
  subnet: string;
  /** Fake time let pass after each settling round, in ms. */
  roundMs?: number;
}

/**
 * The live sessions of a test file over a TestNetwork and the real relay hub: joining (each
 * from its own address, started at once) and settling the network, under fake timers.
 */
export class TestSessions {
  readonly sessions: LiveSession[] = [];

  constructor(private readonly options: TestSessionsOptions) {}

  /** A session of the file's room (not creating it unless told), started. */
  join(options: Partial<LiveSessionOptions> = {}): LiveSession {
    const session = new LiveSession({
      keys: this.options.keys,
      relayUrl: "ws://relay.test/relay",
      create: false,
      userName: `Person ${this.sessions.length + 1}`,
      openSocket: this.options
        .network()
        .opener(`${this.options.subnet}.${this.sessions.length + 1}`),
      ...options,
    });
    this.sessions.push(session);
    session.start();
    return session;
  }

  /** Delivers every frame and lets time pass until nothing is left to do (reconnects too). */
  async settle(rounds = 20): Promise<void> {
    const network = this.options.network();
    for (let round = 0; round < rounds; round++) {
      // Quiet means no frame in flight through several short real waits in a row: a signature
      // check still on the thread pool shows up as new frames once it answers.
      for (let quiet = 0, pass = 0; quiet < 4 && pass < 400; pass++) {
        if (network.busy().length === 0) {
          quiet++;
        } else {
          quiet = 0;
          for (let i = 0; i < 10_000 && network.busy().length > 0; i++) {
            network.busy()[0].step(i % 2 === 0);
            await new Promise<void>((resolve) => setImmediate(resolve));
          }
        }
        await new Promise<void>((resolve) => realSetTimeout(resolve, 5));
      }
      await vi.advanceTimersByTimeAsync(this.options.roundMs ?? 200);
    }
  }

  /** Every session leaves (the end of a test), and the network settles. */
  async leaveAll(): Promise<void> {
    while (this.sessions.length) this.sessions.pop()?.leave();
    await this.settle(2);
  }
}
