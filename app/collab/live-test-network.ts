/**
 * Test network (tests only): in-memory sockets between live sessions and an in-process relay
 * hub, with every frame held until the test delivers it. Frames keep their order per
 * connection and direction (as TCP does); a dropped connection loses what was in flight.
 */
import type { RelayHub, RelayPeer } from "../../server/relay/relay-types";
import type { LiveSocket, LiveSocketHandlers } from "./live-socket";

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
