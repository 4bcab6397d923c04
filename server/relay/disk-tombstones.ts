/**
 * The disk store's tombstones of ended rooms: `ended/<room id>` in the data folder holds the
 * room's ENDED message (the signed delete, or the words for an expired room), and the file's
 * time is when it ended, so pruning drops those older than the idle period. Written atomically
 * (temp file + rename), so a crash leaves the old state or the whole tombstone.
 */
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { MessageType, decodeMessage, encodeMessage, isRoomId } from "@plainpad/wire";
import { readOptional, touch, writeAtomic } from "./disk-log";
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
    if (since !== undefined && since < before) await rm(this.file(roomId), { force: true });
  }
}
