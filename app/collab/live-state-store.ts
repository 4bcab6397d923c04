/**
 * Where a live session keeps its room between page loads: the Y state, the last contiguous
 * sequence it has, and the updates the relay never acknowledged, so edits made offline before
 * a reload still merge when the room is joined again. app/storage/live-rooms.ts keeps them in
 * IndexedDB.
 */

/** One room's kept state. */
export interface LiveRoomState {
  /** Y.encodeStateAsUpdate of the whole document. */
  state: Uint8Array;
  /** Highest contiguous log sequence the state holds (the next JOIN's sinceSeq). */
  lastSeq: number;
  /** Own Yjs updates not yet acknowledged by the relay, oldest first. */
  unacked: Uint8Array[];
  /** Each writer's message counter the state holds (live-ledger.ts); absent in older saves. */
  heard?: [writer: number, counter: number][];
  /** The relay's room epoch lastSeq counts in (0 or absent: none known). */
  epoch?: number;
}

/** Keeps live rooms' state across reloads. */
export interface LiveStateStore {
  load(roomId: string): Promise<LiveRoomState | null>;
  save(roomId: string, value: LiveRoomState): Promise<void>;
  delete(roomId: string): Promise<void>;
}
