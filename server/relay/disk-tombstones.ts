/**
 * The disk store's tombstones of ended rooms: `ended/<room id>` in the data folder holds the
 * room's ENDED message (the signed delete, or the words for an expired room), and the file's
 * time is when it ended, so pruning drops those older than the idle period. Written atomically
 * (temp file + rename), so a crash leaves the old state or the whole tombstone.
 */
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { MessageType, decodeMessage, encodeMessage, isRoomId } from "@plainpad/wire";
import {
  readOptional,
  removeRoomFolder,
  syncFolder,
  touch,
  writeAtomic,
  type RoomMeta,
} from "./disk-log";
import type { RoomEnding } from "./room-store";

/** The tombstones under one data folder (the store runs each room's calls one at a time). */
export class DiskTombstones {
  private readonly folder: string;

  constructor(
    dir: string,
    private readonly durable: boolean,
  ) {
    this.folder = path.join(dir, "ended");
  }

  private file(roomId: string): string {
    return path.join(this.folder, roomId);
  }

  /** The room's tombstone, or null when it has none. */
  async read(roomId: string): Promise<RoomEnding | null> {
    const bytes = await readOptional(this.file(roomId));
    if (!bytes) return null;
    const message = decodeMessage(bytes);
    if (message.type !== MessageType.Ended) throw new Error("bad tombstone file");
    const { cause, at, signature } = message;
    return { cause, at, signature };
  }

  /** Keeps `ending` as the room's tombstone from `now`. */
  async write(roomId: string, ending: RoomEnding, now: number): Promise<void> {
    await mkdir(this.folder, { recursive: true });
    const tombstone = encodeMessage({ type: MessageType.Ended, ...ending });
    await writeAtomic(this.file(roomId), tombstone, this.durable);
    await touch(this.file(roomId), now);
  }

  /** The rooms with a tombstone. */
  async list(): Promise<string[]> {
    try {
      return (await readdir(this.folder)).filter(isRoomId);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
  }

  /** Drops the room's tombstone when it was kept since before `before`. */
  async dropIfBefore(roomId: string, before: number): Promise<void> {
    const since = (await stat(this.file(roomId)).catch(() => null))?.mtimeMs;
    if (since === undefined || since >= before) return;
    await rm(this.file(roomId), { force: true });
    // Before the room can be made again: a power cut must not bring the tombstone back
    // beside the new room (finishDeletions would take that room for an ended one).
    if (this.durable) await syncFolder(this.folder);
  }

  /**
   * Finishes the deletions a power cut cut short: the tombstone is synced before the room's
   * folder is renamed away, so the folder can come back beside it, whole. A room made after
   * its tombstone's time is a new one (the tombstone's pruning was what the cut lost): kept.
   * Returns how many folders went.
   */
  async finishDeletions(dir: string): Promise<number> {
    let finished = 0;
    for (const roomId of await this.list()) {
      const endedAt = (await stat(this.file(roomId)).catch(() => null))?.mtimeMs;
      const meta = await readOptional(path.join(dir, roomId, "meta.json"));
      if (endedAt === undefined || meta === null) continue;
      if ((JSON.parse(meta.toString("utf8")) as RoomMeta).createdAt > endedAt) continue;
      if (await removeRoomFolder(dir, roomId)) finished++;
    }
    return finished;
  }
}
