// Sockets that send nothing, against the bundled server as a process on 127.0.0.1: Node's
// headersTimeout starts at a request's first byte, so before, such a socket was kept forever
// and enough of them used up the process's file descriptors. Now each is closed after
// HTTP_IDLE_TIMEOUT_MS, while a quiet WebSocket stays open and served.
import net from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { MessageType } from "@plainpad/wire";
import { joinMessage, newKeys, until, updateMessage } from "./relay/test-client";
import { SocketClient, relayProcessesForFile, type RelayProcess } from "./relay/test-relay-process";

const relays = relayProcessesForFile();
let server: RelayProcess;

beforeAll(async () => {
  server = await relays.start({
    RELAY_DATA_DIR: await relays.dataDir("plainpad-idle-"),
    HTTP_IDLE_TIMEOUT_MS: "500",
  });
}, 60_000);

describe("idle sockets (real process)", () => {
  it("closes sockets that send nothing, and keeps a quiet WebSocket", async () => {
    const keys = newKeys();
    const editor = new SocketClient(server.url);
    await editor.opened;
    editor.send(joinMessage(keys, 0, true));
    await until(() => editor.ofType(MessageType.Synced).length > 0, 20_000, "SYNCED");

    const idle = Array.from({ length: 50 }, () => {
      const socket = net.connect(server.port, "127.0.0.1");
      const state = { closed: false };
      socket.on("close", () => (state.closed = true));
      socket.on("error", () => {});
      return state;
    });
    await until(() => idle.every((socket) => socket.closed), 20_000, "idle sockets closed");

    // The WebSocket stays as quiet for three times the timeout, and is still served.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(editor.closed).toBeNull();
    editor.send(updateMessage(keys, "still here"));
    await until(() => editor.ofType(MessageType.Ack).length === 1, 20_000, "ACK");
    await editor.closeAndWait();
  }, 60_000);
});
