// Hocuspocus 3 (@hocuspocus/server) as the anchor of the relay load bench (collab-load.mjs):
// the server in a process of its own, and clients speaking its protocol with raw `ws` (the
// provider is not installed): per message the document name, then Auth (a token) or Sync
// (y-protocols) messages. Each client edits its own Y.Doc: one small insert per update, whose
// text carries the send time, which the receivers read back from the update's bytes.
import { performance } from "node:perf_hooks";
import * as decoding from "lib0/decoding";
import * as encoding from "lib0/encoding";
import WebSocket from "ws";
import * as syncProtocol from "y-protocols/sync";
import * as Y from "yjs";

const MESSAGE_SYNC = 0;
const MESSAGE_AUTH = 2;
const AUTH_TOKEN = 0;
const AUTH_AUTHENTICATED = 2;
const STAMP = /<t(\d+)@(\d+\.\d+)>/g;

const SERVER = `
import { Server } from "@hocuspocus/server";
const server = new Server({ port: Number(process.env.PORT), address: "127.0.0.1", quiet: true, stopOnSignals: true });
await server.listen();
console.log("hocuspocus listening");
`;

/** Starts the Hocuspocus server (no extensions: documents in memory) on `port`. */
export async function startHocuspocus(port, startProcess) {
  const { child, started } = startProcess(
    ["--input-type=module", "-e", SERVER],
    { PORT: String(port) },
    "hocuspocus listening",
    "hocuspocus",
  );
  await started;
  child.stdout.resume();
  return { url: `ws://127.0.0.1:${port}/`, pid: child.pid, child };
}

function frame(documentName, write) {
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, documentName);
  write(encoder);
  return encoding.toUint8Array(encoder);
}

/** One simulated Hocuspocus client (the same interface as the relay's in collab-load.mjs). */
export function hocuspocusClient({ url, room, index, onSent }) {
  const documentName = `bench-room-${room}`;
  const doc = new Y.Doc();
  const text = doc.getText("content");
  const ws = new WebSocket(url);
  ws.binaryType = "nodebuffer";
  doc.on("update", (update, origin) => {
    if (origin === "remote" || ws.readyState !== WebSocket.OPEN) return;
    ws.send(
      frame(documentName, (e) => {
        encoding.writeVarUint(e, MESSAGE_SYNC);
        syncProtocol.writeUpdate(e, update);
      }),
    );
  });
  const ready = new Promise((resolve, reject) => {
    ws.once("open", () => {
      ws.send(
        frame(documentName, (e) => {
          encoding.writeVarUint(e, MESSAGE_AUTH);
          encoding.writeVarUint(e, AUTH_TOKEN);
          encoding.writeVarString(e, "");
        }),
      );
      ws.send(
        frame(documentName, (e) => {
          encoding.writeVarUint(e, MESSAGE_SYNC);
          syncProtocol.writeSyncStep1(e, doc);
        }),
      );
    });
    ws.once("error", reject);
    ws.once("close", (code, reason) => reject(new Error(`closed ${code} ${reason}`)));
    ws.on("message", (data) => {
      const decoder = decoding.createDecoder(new Uint8Array(data));
      decoding.readVarString(decoder);
      const type = decoding.readVarUint(decoder);
      if (type === MESSAGE_AUTH) {
        if (decoding.readVarUint(decoder) === AUTH_AUTHENTICATED) resolve(undefined);
        return;
      }
      if (type !== MESSAGE_SYNC) return;
      // Receivers keep no document (as the relay's clients decrypt nothing): the stamps of the
      // inserts are read from the update's bytes, where Yjs writes strings as UTF-8.
      // Hocuspocus also sends each update back to its sender: those are not fan-out.
      const now = performance.now();
      for (const match of Buffer.from(data).toString("latin1").matchAll(STAMP)) {
        if (Number(match[1]) !== index) onSent(Number(match[2]), now);
      }
    });
  });
  return {
    ready,
    send() {
      // Inserted at the start, away from everyone else's items: a real, small Yjs update.
      text.insert(0, `<t${index}@${performance.now().toFixed(3)}>`);
    },
    close: () => ws.terminate(),
    get open() {
      return ws.readyState === WebSocket.OPEN;
    },
  };
}
