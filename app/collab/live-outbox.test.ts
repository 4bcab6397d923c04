import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as Y from "yjs";
import { viewOnlyKeys } from "./live-keys";
import { verifyWrite } from "@plainpad/wire/seal";
import { LiveOutbox } from "./live-outbox";
import { openUpdate, testKeys, textOf } from "./live-test-support";
import { updateBinding, type UpdateMessage } from "@plainpad/wire";

const keys = testKeys(3);

function typist() {
  const doc = new Y.Doc();
  const updates: Uint8Array[] = [];
  doc.on("update", (update: Uint8Array) => updates.push(update));
  return { doc, text: doc.getText("text"), updates };
}

/** Numbers own messages 1, 2, 3… as a session's ledger does. */
function numbering(writer = 1) {
  let counter = 0;
  return { writer, nextCounter: () => ++counter };
}

function outbox(connected: { value: boolean }, sent: UpdateMessage[]) {
  return new LiveOutbox({
    keys,
    numbering: numbering(),
    canSend: () => connected.value,
    send: (message) => sent.push(message),
  });
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("LiveOutbox", () => {
  it("sends the first keystroke at once, then one signed, sealed update per batch", () => {
    const sent: UpdateMessage[] = [];
    const box = outbox({ value: true }, sent);
    const { text, updates } = typist();
    text.observe(() => undefined);
    for (const letter of "hello") {
      text.insert(text.length, letter);
      box.add(updates[updates.length - 1]);
      vi.advanceTimersByTime(10);
    }
    // "h" went at once (after a pause); "ello" waits for the end of the batch window.
    expect(sent).toHaveLength(1);
    expect(textOf([openUpdate(keys, sent[0])])).toBe("h");
    vi.advanceTimersByTime(60);
    expect(sent).toHaveLength(2);
    for (const message of sent) {
      const binding = updateBinding(keys.roomId, message.messageId);
      expect(verifyWrite(keys.verifyKey, binding, message.sealed, message.signature)).toBe(true);
    }
    expect(textOf(sent.map((message) => openUpdate(keys, message)))).toBe("hello");
    // Nothing more to send: the window closes, and the next keystroke after a pause goes at once.
    vi.advanceTimersByTime(200);
    expect(sent).toHaveLength(2);
    text.insert(text.length, "!");
    box.add(updates[updates.length - 1]);
    expect(sent).toHaveLength(3);
    expect(box.busy).toBe(true);
    for (const message of sent) {
      expect(box.acknowledge(message.messageId)).toBe(message.sealed.length);
    }
    expect(box.acknowledge(sent[0].messageId)).toBeNull(); // a second ACK of a duplicate
    expect(box.busy).toBe(false);
  });

  it("sends at most one update per batch window while typing goes on", () => {
    const sent: UpdateMessage[] = [];
    const box = outbox({ value: true }, sent);
    const { text, updates } = typist();
    for (let key = 0; key < 100; key++) {
      text.insert(text.length, "x");
      box.add(updates[updates.length - 1]);
      vi.advanceTimersByTime(10); // 100 keys a second for one second
    }
    vi.advanceTimersByTime(200);
    expect(sent.length).toBeLessThanOrEqual(1 + Math.ceil(1000 / 60));
    expect(textOf(sent.map((message) => openUpdate(keys, message)))).toBe("x".repeat(100));
  });

  it("keeps everything while offline and sends it merged after the next WELCOME", () => {
    const sent: UpdateMessage[] = [];
    const connected = { value: false };
    const box = outbox(connected, sent);
    const { text, updates } = typist();
    for (const word of ["one ", "two ", "three"]) {
      text.insert(text.length, word);
      box.add(updates[updates.length - 1]);
      vi.advanceTimersByTime(100);
    }
    expect(sent).toHaveLength(0);
    expect(box.busy).toBe(true); // kept as one merged update, sealed when it can go
    connected.value = true;
    box.resendAll();
    expect(sent).toHaveLength(1);
    expect(textOf([openUpdate(keys, sent[0])])).toBe("one two three");
    // Sent again after another drop, until acknowledged: duplicates are harmless.
    box.resendAll();
    expect(sent).toHaveLength(2);
    expect(textOf([openUpdate(keys, sent[0]), openUpdate(keys, sent[1])])).toBe("one two three");
  });

  it("keeps the batch and the unacknowledged updates for a reload", () => {
    const box = outbox({ value: false }, []);
    const { text, updates } = typist();
    text.insert(0, "saved ");
    box.add(updates[0]);
    vi.advanceTimersByTime(100);
    text.insert(6, "and pending");
    box.add(updates[1]);
    const kept = box.keep();
    expect(textOf(kept)).toBe("saved and pending");
    const sent: UpdateMessage[] = [];
    const restored = outbox({ value: true }, sent);
    restored.restore(kept);
    restored.resendAll();
    expect(textOf(sent.map((message) => openUpdate(keys, message)))).toBe("saved and pending");
  });

  it("never writes with view-only keys", () => {
    const sent: UpdateMessage[] = [];
    const box = new LiveOutbox({
      keys: viewOnlyKeys(keys),
      numbering: numbering(),
      canSend: () => true,
      send: (message) => sent.push(message),
    });
    const { text, updates } = typist();
    text.insert(0, "nope");
    box.add(updates[0]);
    box.restore(updates);
    vi.advanceTimersByTime(1000);
    box.resendAll();
    expect(sent).toHaveLength(0);
    expect(box.busy).toBe(false);
  });
});
