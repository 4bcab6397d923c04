/// <reference lib="webworker" />
/**
 * Compresses a version-history snapshot off the main thread: the page posts the text piece by
 * piece (one big message would cost the page a long copy), then "done"; this worker encodes and
 * deflates it and transfers the bytes back. (Encoding and compressing 10 MB takes a few hundred
 * milliseconds, which on the page would stall typing.)
 */
import { deflateSync } from "fflate";

const encoder = new TextEncoder();
const pending = new Map<number, string[]>();

type Message = { id: number; part: string } | { id: number; done: true };

self.onmessage = (event: MessageEvent<Message>) => {
  const message = event.data;
  const parts = pending.get(message.id) ?? [];
  if ("part" in message) {
    parts.push(message.part);
    pending.set(message.id, parts);
    return;
  }
  pending.delete(message.id);
  try {
    const data = deflateSync(encoder.encode(parts.join("")), { level: 6 });
    (self as unknown as Worker).postMessage({ id: message.id, data }, [data.buffer]);
  } catch (error) {
    (self as unknown as Worker).postMessage({ id: message.id, error: String(error) });
  }
};
