/**
 * Live rooms kept in this browser: each room's Y state, the last log sequence it holds and its
 * unacknowledged updates, so a reload rejoins with everything (offline edits included). A
 * database of its own ("plainpad-live"), like the history database: adding it needed no
 * upgrade of the documents' database, which windows of an older version still hold open.
 * Implements app/collab's LiveStateStore (by shape: storage imports nothing from collab).
 * Browser only (fake-indexeddb in unit tests).
 */
import type { IDBPDatabase } from "idb";
import { SmallDatabase } from "./small-database";

export const LIVE_DB_NAME = "plainpad-live";
const ROOMS = "rooms";
/** Schema of a stored room record; a record of another schema is ignored (read as none). */
export const LIVE_ROOM_SCHEMA = 1;

/** What a live session keeps for a room (LiveRoomState in app/collab/live-state-store.ts). */
export interface KeptLiveRoom {
  state: Uint8Array;
  lastSeq: number;
  unacked: Uint8Array[];
  /** Each writer's message counter the state holds (to notice a relay that drops some). */
  heard?: [number, number][];
  /** The relay's room epoch lastSeq counts in (absent in records from before epochs). */
  epoch?: number;
}

/** Counters as kept, or undefined when absent or not of that shape. */
function heardOf(value: unknown): [number, number][] | undefined {
  if (!Array.isArray(value)) return undefined;
  const pairs = value.filter(
    (pair): pair is [number, number] =>
      Array.isArray(pair) && pair.length === 2 && pair.every((n) => Number.isSafeInteger(n)),
  );
  return pairs.length === value.length ? pairs : undefined;
}

interface LiveRoomRecord extends KeptLiveRoom {
  schema: number;
  roomId: string;
  savedAt: number;
}

function isRecord(value: unknown): value is LiveRoomRecord {
  if (!value || typeof value !== "object") return false;
  const record = value as Partial<LiveRoomRecord>;
  return (
    record.schema === LIVE_ROOM_SCHEMA &&
    record.state instanceof Uint8Array &&
    typeof record.lastSeq === "number" &&
    Array.isArray(record.unacked) &&
    record.unacked.every((update) => update instanceof Uint8Array)
  );
}

/** Rooms not saved for this long are pruned (the relay deletes rooms idle 30 days). */
export const LIVE_ROOM_KEEP_MS = 30 * 24 * 60 * 60 * 1000;

/** IndexedDB store of live rooms (one record per room id). */
export class LiveRoomsStore {
  private readonly database: SmallDatabase;
  private pruned = false;

  constructor(
    readonly name = LIVE_DB_NAME,
    private readonly now: () => number = Date.now,
  ) {
    this.database = new SmallDatabase(name, (db) => db.createObjectStore(ROOMS));
  }

  private db(): Promise<IDBPDatabase> {
    return this.database.db();
  }

  /** The room's kept state, or null (none, or a record this version cannot read). */
  async load(roomId: string): Promise<KeptLiveRoom | null> {
    if (!this.pruned) {
      // Once per page, on first use: rooms long gone from the relay need not stay here.
      this.pruned = true;
      await this.prune(LIVE_ROOM_KEEP_MS).catch(() => 0);
    }
    const value: unknown = await (await this.db()).get(ROOMS, roomId);
    if (!isRecord(value)) return null;
    const heard = heardOf(value.heard);
    const epoch = typeof value.epoch === "number" ? value.epoch : 0;
    return { state: value.state, lastSeq: value.lastSeq, unacked: value.unacked, epoch, heard };
  }

  /** Replaces the room's kept state. */
  async save(roomId: string, value: KeptLiveRoom): Promise<void> {
    const record: LiveRoomRecord = {
      schema: LIVE_ROOM_SCHEMA,
      roomId,
      savedAt: this.now(),
      state: value.state,
      lastSeq: value.lastSeq,
      unacked: value.unacked,
      epoch: value.epoch ?? 0,
      heard: value.heard,
    };
    await (await this.db()).put(ROOMS, record, roomId);
  }

  /** Forgets the room (it ended, or the person left it for good). */
  async delete(roomId: string): Promise<void> {
    await (await this.db()).delete(ROOMS, roomId);
  }

  /**
   * Deletes rooms not saved for maxAgeMs (the relay deletes idle rooms too, so their state
   * can no longer be merged anywhere) — unless they hold unacknowledged edits, which are kept
   * until a person decides. Returns how many were deleted.
   */
  async prune(maxAgeMs: number): Promise<number> {
    const db = await this.db();
    const tx = db.transaction(ROOMS, "readwrite");
    let deleted = 0;
    for (let cursor = await tx.store.openCursor(); cursor; cursor = await cursor.continue()) {
      const value: unknown = cursor.value;
      const stale = !isRecord(value) || this.now() - value.savedAt > maxAgeMs;
      if (stale && !(isRecord(value) && value.unacked.length > 0)) {
        await cursor.delete();
        deleted++;
      }
    }
    await tx.done;
    return deleted;
  }

  /** Closes the connection (tests); the next use opens it again. */
  close(): Promise<void> {
    return this.database.close();
  }
}
