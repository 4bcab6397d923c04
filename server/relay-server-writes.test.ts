import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { RELAY_PATH } from "@plainpad/wire";
import type { RelayConnection, RelayHub } from "./relay/relay-types";
import { attachRelay, type RelayEndpoint } from "./relay-server";

const FRAMES = 8;

/** A hub that sends FRAMES frames in one turn to each connection, as a busy fan-out does. */
function burstHub(): RelayHub {
  return {
    connect(connection: RelayConnection) {
      for (let i = 0; i < FRAMES; i++) connection.send(Uint8Array.of(i, 1, 2, 3));
      return { receive() {}, closed() {} };
    },
    async close() {},
    async sweepIdle() {
      return 0;
    },
  };
}

let server: http.Server | null = null;
let endpoint: RelayEndpoint | null = null;

afterEach(async () => {
  await endpoint?.close(0);
  await new Promise((resolve) => server?.close(resolve));
  server = null;
  endpoint = null;
});

describe("relay endpoint: frames sent in one turn", () => {
  it("go out to the socket in one write, every frame intact and in order", async () => {
    server = http.createServer();
    // Counts the flushes of the relay's side of each socket (a write or writev is a system call).
    let flushes = 0;
    server.on("upgrade", (_req, socket: Socket) => {
      const writeOne = socket._write.bind(socket);
      const writeMany = socket._writev?.bind(socket);
      socket._write = (...args) => {
        flushes++;
        return writeOne(...args);
      };
      if (writeMany) {
        socket._writev = (...args) => {
          flushes++;
          return writeMany(...args);
        };
      }
    });
    endpoint = attachRelay(server, burstHub());
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const client = new WebSocket(`ws://127.0.0.1:${port}${RELAY_PATH}`);
    const received: number[] = [];
    await new Promise<void>((resolve, reject) => {
      client.on("message", (data: Buffer) => {
        received.push(data[0]);
        if (received.length === FRAMES) resolve();
      });
      client.on("error", reject);
    });
    client.terminate();
    expect(received).toEqual(Array.from({ length: FRAMES }, (_, i) => i));
    // The upgrade's answer is one write; the frames another (before: one per frame).
    expect(flushes).toBeLessThanOrEqual(2);
  });

  it("every socket written to in one turn gets its frames in one write", async () => {
    const SOCKETS = 3;
    // A fan-out: once every client is connected, FRAMES frames go to each of them in one turn.
    const connections: RelayConnection[] = [];
    const fanoutHub: RelayHub = {
      connect(connection) {
        connections.push(connection);
        if (connections.length === SOCKETS) {
          for (let i = 0; i < FRAMES; i++) {
            for (const each of connections) each.send(Uint8Array.of(i, 1, 2, 3));
          }
        }
        return { receive() {}, closed() {} };
      },
      async close() {},
      async sweepIdle() {
        return 0;
      },
    };
    server = http.createServer();
    // The flushes of the relay's side of each socket, by socket.
    const flushes = new Map<Socket, number>();
    server.on("upgrade", (_req, socket: Socket) => {
      flushes.set(socket, 0);
      const count = () => flushes.set(socket, (flushes.get(socket) ?? 0) + 1);
      const writeOne = socket._write.bind(socket);
      const writeMany = socket._writev?.bind(socket);
      socket._write = (...args) => {
        count();
        return writeOne(...args);
      };
      if (writeMany) {
        socket._writev = (...args) => {
          count();
          return writeMany(...args);
        };
      }
    });
    endpoint = attachRelay(server, fanoutHub);
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const clients = Array.from(
      { length: SOCKETS },
      () => new WebSocket(`ws://127.0.0.1:${port}${RELAY_PATH}`),
    );
    const received = await Promise.all(
      clients.map(
        (client) =>
          new Promise<number[]>((resolve, reject) => {
            const frames: number[] = [];
            client.on("message", (data: Buffer) => {
              frames.push(data[0]);
              if (frames.length === FRAMES) resolve(frames);
            });
            client.on("error", reject);
          }),
      ),
    );
    for (const client of clients) client.terminate();
    const inOrder = Array.from({ length: FRAMES }, (_, i) => i);
    expect(received).toEqual(clients.map(() => inOrder));
    // Each socket: the upgrade's answer, then one write of all its frames.
    expect([...flushes.values()]).toHaveLength(SOCKETS);
    for (const count of flushes.values()) expect(count).toBeLessThanOrEqual(2);
  });
});
