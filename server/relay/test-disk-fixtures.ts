/**
 * What the disk store's tests share: temp data folders removed after the file's tests, and
 * entries and snapshots whose bytes tell them apart (every byte is the fill number).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import type { StoredEntry } from "./room-store";

/** A fresh temp folder per call, all removed once the calling test file is done. */
export function tempDirs(prefix: string): () => Promise<string> {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });
  return async () => {
    const dir = await mkdtemp(path.join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
}

/** The verifying key the tests' rooms are made with. */
export const testKey = new Uint8Array(32).fill(9);

/** An update as a writer sends it, every byte `fill`, its sealed part `length` bytes. */
export const testEntry = (fill: number, length = 100) => ({
  messageId: new Uint8Array(16).fill(fill),
  sealed: new Uint8Array(length).fill(fill),
  signature: new Uint8Array(64).fill(fill),
  origin: "t",
});

/** The entry a log holds at `seq`, made from {@link testEntry} with `seq` as its fill. */
export function storedEntry(seq: number): StoredEntry {
  const { messageId, sealed, signature } = testEntry(seq);
  return { seq, messageId, sealed, signature };
}

/** A snapshot up to `upToSeq`, its sealed part `sealedBytes` long. */
export function testSnapshot(upToSeq: number, sealedBytes = 50, fill = 1) {
  return {
    snapshotId: new Uint8Array(16).fill(fill),
    upToSeq,
    baseSeq: 0,
    sealed: new Uint8Array(sealedBytes).fill(42),
    signature: new Uint8Array(64).fill(43),
  };
}
