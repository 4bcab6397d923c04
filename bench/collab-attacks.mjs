// The attacks of the relay bench's "under attack" phase (collab-relay.bench.mjs; issue 49 §2 and
// §3), run against one relay on 127.0.0.1 while honest rooms keep typing on it. Each attack is
// bounded in connections, bytes and time (it stops at `until` or when stop() is called) and
// reports what happened to it (what the relay accepted, how it closed the attacker's sockets),
// so the bench can say how the relay held up instead of failing when it does not.
import { randomBytes } from "node:crypto";
import { relayClient, relayRoomKeys, signedUpdate } from "./collab-load.mjs";

const KiB = 1024;
const MiB = 1024 * KiB;

/** The attacks' sizes: bounded so that even a relay that keeps everything stays well under 1 GiB. */
export const ATTACK = {
  /** Replay: the updates an editor writes and a view-only holder captures, and their size. */
  capturedUpdates: 16,
  capturedBytes: 96 * KiB,
  /** Replay: the view-only holder's connections, each replaying under the relay's write rate. */
  replayers: 4,
  replaysPerSecond: 35,
  /** Replay: every connection the replayers may open in all (they reconnect when closed). */
  maxReplayConnections: 40,
  /** Presence flood: readers that never read, flooders, message size, and bytes sent in all. */
  slowReaders: 10,
  flooders: 2,
  presenceBytes: 60 * KiB,
  presencePerSecond: 50,
  maxPresenceBytes: 48 * MiB,
  /** Unfinished pieces before JOIN: connections, each sending all pieces of a 24 MiB message but the last. */
  pieceHolders: 12,
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Counts of the relay's close codes, printed as "4403 x3". Closes after the attack has ended
 * (the bench's own) are not counted.
 */
class Closes {
  constructor(ended) {
    this.codes = new Map();
    this.ended = ended;
  }
  add(code) {
    if (this.ended()) return;
    this.codes.set(code, (this.codes.get(code) ?? 0) + 1);
  }
  toString() {
    if (this.codes.size === 0) return "none";
    return [...this.codes].map(([code, n]) => `${code} x${n}`).join(", ");
  }
}

/**
 * Notes that `socket` is about to send for the attack of `report`, when it really will: `ws`
 * drops a send on a socket that is closing, which the attack loops still count.
 */
function noteSend(report, socket) {
  if (socket.readyState === socket.OPEN) report.lastSentAt = Date.now();
}

/** Waits while a socket holds more than `bytes` unsent, so the bench itself stays small. */
async function drained(socket, bytes, until) {
  while (socket.bufferedAmount > bytes && socket.readyState === socket.OPEN && Date.now() < until) {
    await sleep(20);
  }
}

/**
 * A view-only holder replays signed entries it captured (issue 49 §3): an editor writes
 * ATTACK.capturedUpdates updates into its room, a view-only connection records their ENTRYs, and
 * ATTACK.replayers view-only connections send them back as UPDATEs. Reports the replays the relay
 * acknowledged, how it closed the replayers, and whether the editor can still write afterwards.
 */
async function replayAttack(wire, url, until, stopped, started) {
  const ended = () => stopped() || Date.now() >= until;
  const room = relayRoomKeys(wire);
  const report = {
    sent: 0,
    acknowledged: 0,
    connections: 0,
    closes: new Closes(ended),
    lastSentAt: 0,
  };
  const editor = await relayClient(wire, url, room, {
    address: "10.250.0.1",
    create: true,
    prove: true,
  });
  const captured = [];
  const onCapture = (message) => {
    if (message.type === wire.MessageType.Entry) captured.push(message);
  };
  const viewer = await relayClient(wire, url, room, {
    address: "10.250.0.2",
    onMessage: onCapture,
  });
  for (let i = 0; i < ATTACK.capturedUpdates; i++) {
    editor.socket.send(signedUpdate(wire, room, new Uint8Array(randomBytes(ATTACK.capturedBytes))));
  }
  for (let waited = 0; captured.length < ATTACK.capturedUpdates && waited < 5000; waited += 50) {
    await sleep(50);
  }
  viewer.socket.close();
  started();
  if (captured.length === 0) return { ...report, outcome: "no entries captured" };

  const replayer = async (index) => {
    while (!stopped() && Date.now() < until && report.connections < ATTACK.maxReplayConnections) {
      report.connections++;
      let client;
      try {
        client = await relayClient(wire, url, room, {
          address: `10.250.1.${index}`,
          onMessage: (message) => {
            if (message.type === wire.MessageType.Ack) report.acknowledged++;
          },
        });
      } catch {
        report.closes.add("join refused");
        await sleep(250);
        continue;
      }
      let open = true;
      void client.closed.then((code) => {
        open = false;
        report.closes.add(code);
      });
      for (let i = 0; open && !stopped() && Date.now() < until; i++) {
        const entry = captured[i % captured.length];
        const { messageId, signature, sealed } = entry;
        noteSend(report, client.socket);
        client.socket.send(
          wire.encodeMessage({ type: wire.MessageType.Update, messageId, signature, sealed }),
        );
        report.sent++;
        await sleep(1000 / ATTACK.replaysPerSecond);
      }
      client.socket.terminate();
      await sleep(250);
    }
  };
  await Promise.all(Array.from({ length: ATTACK.replayers }, (_, i) => replayer(i + 1)));

  // Can the room's editor still write? (A room filled by replays refuses it: RoomFull.)
  const editorAck = new Promise((resolve) => {
    editor.socket.on("message", (data) => {
      try {
        if (
          wire.decodeMessage(new Uint8Array(/** @type {Buffer} */ (data))).type ===
          wire.MessageType.Ack
        )
          resolve("acknowledged");
      } catch {
        // not a message this check reads
      }
    });
    void editor.closed.then((code) => resolve(`closed ${code}`));
    setTimeout(() => resolve("no answer in 3 s"), 3000);
  });
  editor.socket.send(signedUpdate(wire, room, new Uint8Array(randomBytes(64))));
  const editorWrite = await editorAck;
  editor.socket.terminate();
  return { ...report, outcome: `the editor's next write: ${editorWrite}` };
}

/**
 * Slow readers under a presence flood (issue 49 §2): ATTACK.slowReaders connections join a room
 * and never read (their sockets paused), while ATTACK.flooders connections of the room send
 * presence messages of ATTACK.presenceBytes at ATTACK.presencePerSecond, up to
 * ATTACK.maxPresenceBytes in all. Reports the bytes sent and how the relay closed each side.
 */
async function presenceFloodAttack(wire, url, until, stopped, started) {
  const ended = () => stopped() || Date.now() >= until;
  // Paused readers see a close by the relay only once they read again, at the end.
  let readersDone = false;
  const room = relayRoomKeys(wire);
  const report = {
    sentBytes: 0,
    flooderCloses: new Closes(ended),
    readerCloses: new Closes(() => readersDone),
    lastSentAt: 0,
  };
  const owner = await relayClient(wire, url, room, {
    address: "10.251.0.1",
    create: true,
    prove: true,
  });
  const readers = [];
  for (let i = 0; i < ATTACK.slowReaders; i++) {
    const reader = await relayClient(wire, url, room, { address: "10.251.0.2" });
    reader.socket.pause();
    readers.push(reader);
  }
  started();
  const flooder = async (index) => {
    const client = await relayClient(wire, url, room, { address: `10.251.1.${index}` });
    let open = true;
    void client.closed.then((code) => {
      open = false;
      report.flooderCloses.add(code);
    });
    const sealed = new Uint8Array(randomBytes(ATTACK.presenceBytes));
    const frame = wire.encodeMessage({ type: wire.MessageType.Awareness, sealed });
    while (open && !stopped() && Date.now() < until && report.sentBytes < ATTACK.maxPresenceBytes) {
      noteSend(report, client.socket);
      client.socket.send(frame);
      report.sentBytes += frame.length;
      await drained(client.socket, 4 * MiB, until);
      await sleep(1000 / ATTACK.presencePerSecond);
    }
    return client;
  };
  const flooders = await Promise.all(
    Array.from({ length: ATTACK.flooders }, (_, i) => flooder(i + 1)),
  );
  // Hold the readers (never reading) until the phase ends, then see how the relay closed them.
  while (!stopped() && Date.now() < until) await sleep(100);
  for (const reader of readers) {
    void reader.closed.then((code) => report.readerCloses.add(code));
    reader.socket.resume();
  }
  await sleep(500);
  readersDone = true;
  for (const client of [owner, ...readers, ...flooders]) client.socket.terminate();
  return { ...report, sentMiB: (report.sentBytes / MiB).toFixed(1) };
}

/**
 * Connections holding unfinished pieces before any JOIN (issue 49 §2): ATTACK.pieceHolders
 * sockets each send every piece of a message of LIVE_LIMITS.maxMessageBytes but the last, paced
 * by their own send buffer, and hold them. Reports the bytes sent and how the relay closed them.
 */
async function unfinishedPiecesAttack(wire, url, until, stopped, started) {
  const ended = () => stopped() || Date.now() >= until;
  const { maxMessageBytes, pieceBytes } = wire.LIVE_LIMITS;
  const count = Math.ceil(maxMessageBytes / pieceBytes);
  const report = { sentBytes: 0, closes: new Closes(ended), lastSentAt: 0 };
  const bytes = new Uint8Array(randomBytes(pieceBytes));
  started();
  const holder = async (index) => {
    const { WebSocket } = await import("ws");
    const socket = new WebSocket(url, { headers: { "X-Forwarded-For": `10.252.0.${index}` } });
    socket.on("error", () => {});
    let open = true;
    socket.once("close", (code) => {
      open = false;
      report.closes.add(code);
    });
    const opened = await new Promise((resolve) => {
      socket.once("open", () => resolve(true));
      socket.once("close", () => resolve(false));
    });
    const pieceId = new Uint8Array(randomBytes(16));
    for (let i = 0; opened && open && i < count - 1 && !stopped() && Date.now() < until; i++) {
      noteSend(report, socket);
      socket.send(
        wire.encodeMessage({ type: wire.MessageType.Piece, pieceId, index: i, count, bytes }),
      );
      report.sentBytes += bytes.length;
      await drained(socket, MiB, until);
    }
    return socket;
  };
  const sockets = await Promise.all(
    Array.from({ length: ATTACK.pieceHolders }, (_, i) => holder(i + 1)),
  );
  while (!stopped() && Date.now() < until) await sleep(100);
  for (const socket of sockets) socket.terminate();
  await sleep(100);
  return { ...report, sentMiB: (report.sentBytes / MiB).toFixed(1) };
}

/**
 * Starts every attack against the relay at `url`: each sets up (rooms, captured entries, paused
 * readers) and then attacks until stop() or `seconds` after it was started. `running` resolves
 * once every attack has set up and begun (or failed to). stop() ends them and resolves with each
 * attack's report as words (an attack that could not run says why), `text`, and when it last
 * sent anything, `lastSentAt` (ms since the epoch; 0 for never).
 */
export function startAttacks(wire, url, seconds) {
  const until = Date.now() + seconds * 1000;
  let stopFlag = false;
  const stopped = () => stopFlag;
  const begun = [];
  const settle = (name, run) => {
    let started;
    begun.push(new Promise((resolve) => (started = resolve)));
    return run(wire, url, until, stopped, started).then(
      (report) => ({ text: `${name}: ${describe(report)}`, lastSentAt: report.lastSentAt }),
      (error) => {
        started();
        return { text: `${name}: could not run (${error.message})`, lastSentAt: 0 };
      },
    );
  };
  const finished = Promise.all([
    settle("view-only replay of captured entries", replayAttack),
    settle("presence flood to slow readers", presenceFloodAttack),
    settle("unfinished pieces before JOIN", unfinishedPiecesAttack),
  ]);
  return {
    running: Promise.all(begun),
    stop() {
      stopFlag = true;
      return finished;
    },
  };
}

function describe(report) {
  return Object.entries(report)
    .filter(([key]) => key !== "sentBytes" && key !== "lastSentAt")
    .map(([key, value]) => `${key} ${value}`)
    .join("; ");
}
