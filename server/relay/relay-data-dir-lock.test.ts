// One relay process per data folder (data-dir-lock.ts), with real processes on 127.0.0.1: a
// second relay given the same RELAY_DATA_DIR (no Redis) refuses to start and names the folder
// and the holder, while the first keeps serving; the lock goes on a clean stop; a holder killed
// with SIGKILL leaves its lock behind and the next start takes it over, with the rooms intact.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MessageType } from "@plainpad/wire";
import { LOCK_FILE } from "./data-dir-lock";
import { joinMessage, newKeys, until, updateMessage } from "./test-client";
import { joinedClient, relayProcessesForFile, type RelayProcess } from "./test-relay-process";

const relays = relayProcessesForFile();

/** The pid the folder's lock file names, or null without one. */
function lockHolder(dataDir: string): number | null {
  const file = path.join(dataDir, LOCK_FILE);
  if (!existsSync(file)) return null;
  return (JSON.parse(readFileSync(file, "utf8")) as { pid: number }).pid;
}

/** Writes `text` into a new room through `relay`; resolves once it is acknowledged. */
async function writeRoom(relay: RelayProcess, text: string) {
  const keys = newKeys();
  const writer = await joinedClient(relay.url, joinMessage(keys));
  writer.send(updateMessage(keys, text));
  await until(() => writer.ofType(MessageType.Ack).length > 0, 10_000, "ACK");
  await writer.closeAndWait();
  return keys;
}

async function readRoom(relay: RelayProcess, keys: ReturnType<typeof newKeys>) {
  const reader = await joinedClient(relay.url, joinMessage(keys, 0, false));
  const texts = reader.entryTexts(keys);
  await reader.closeAndWait();
  return texts;
}

describe("one relay process per data folder", () => {
  it("a second relay on the same folder refuses to start, naming it and the holder; the first still serves", async () => {
    const dataDir = await relays.dataDir();
    const first = await relays.start({ RELAY_DATA_DIR: dataDir });
    expect(lockHolder(dataDir)).toBe(first.pid);

    const second = relays.start({ RELAY_DATA_DIR: dataDir });
    await expect(second).rejects.toThrow(/exited with 78/);
    const message = await second.catch((error: Error) => error.message);
    expect(message).toContain(dataDir);
    expect(message).toContain(`pid ${first.pid}`);

    const keys = await writeRoom(first, "written after the refusal");
    expect(await readRoom(first, keys)).toEqual(["written after the refusal"]);
    expect(lockHolder(dataDir)).toBe(first.pid);
  }, 60_000);

  it("the lock goes on a clean stop, and the next process on the folder has its rooms", async () => {
    const dataDir = await relays.dataDir();
    const first = await relays.start({ RELAY_DATA_DIR: dataDir });
    const keys = await writeRoom(first, "kept over a restart");
    expect(await first.stop()).toBe(0);
    expect(lockHolder(dataDir)).toBeNull();

    const next = await relays.start({ RELAY_DATA_DIR: dataDir });
    expect(lockHolder(dataDir)).toBe(next.pid);
    expect(await readRoom(next, keys)).toEqual(["kept over a restart"]);
  }, 60_000);

  it("a holder killed with SIGKILL leaves its lock, and the next start takes it over", async () => {
    const dataDir = await relays.dataDir();
    const killed = await relays.start({ RELAY_DATA_DIR: dataDir });
    const keys = await writeRoom(killed, "acknowledged before the kill");
    process.kill(killed.pid, "SIGKILL");
    await until(() => !existsSync(`/proc/${killed.pid}`), 10_000, "the holder to be gone");
    expect(lockHolder(dataDir)).toBe(killed.pid);

    const next = await relays.start({ RELAY_DATA_DIR: dataDir });
    expect(lockHolder(dataDir)).toBe(next.pid);
    expect(await readRoom(next, keys)).toEqual(["acknowledged before the kill"]);
  }, 60_000);
});
