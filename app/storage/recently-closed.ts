import { compressText, decompressText, HistoryDatabase, HISTORY_STORES } from "./history-db";
import { nextTaskSlice } from "./work-slices";

/**
 * Recently closed notepad tabs: each closed tab's text (deflated), name and what the notepad
 * needs to reopen it as it was, kept for CLOSED_TAB_DAYS in the history database
 * (history-db.ts). Browser only (fake-indexeddb in unit tests).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long a closed tab can be reopened. */
export const CLOSED_TAB_DAYS = 30;

/** A closed notepad tab, kept to be reopened. */
export interface ClosedTab<Extra = unknown> {
  id: string;
  name: string;
  closedAt: number;
  chars: number;
  /** What the notepad needs to restore the tab as it was (Drive id, file format and handle). */
  extra: Extra;
}

const { closed: CLOSED, closedData: CLOSED_DATA } = HISTORY_STORES;

/** The recently closed tabs, in the history database. */
export class RecentlyClosedTabs {
  constructor(private readonly database: HistoryDatabase = new HistoryDatabase()) {}

  /** Keeps a closed tab (its text compressed) so it can be reopened for CLOSED_TAB_DAYS. */
  async keep<Extra>(
    tab: { id: string; name: string; text: string; extra: Extra },
    now = Date.now(),
  ): Promise<void> {
    const data = await compressText([tab.text], nextTaskSlice);
    const record: ClosedTab<Extra> = {
      id: tab.id,
      name: tab.name,
      closedAt: now,
      chars: tab.text.length,
      extra: tab.extra,
    };
    const db = await this.database.db();
    const tx = db.transaction([CLOSED, CLOSED_DATA], "readwrite");
    await Promise.all([
      tx.objectStore(CLOSED_DATA).put(data, tab.id),
      tx.objectStore(CLOSED).put(record),
    ]);
    await tx.done;
  }

  /** Closed tabs younger than CLOSED_TAB_DAYS, most recently closed first; older ones go. */
  async list<Extra>(now = Date.now()): Promise<ClosedTab<Extra>[]> {
    const db = await this.database.db();
    const all = (await db.getAll(CLOSED)) as ClosedTab<Extra>[];
    const expired = all.filter((tab) => now - tab.closedAt > CLOSED_TAB_DAYS * DAY_MS);
    if (expired.length) await this.forget(expired.map((tab) => tab.id));
    return all
      .filter((tab) => now - tab.closedAt <= CLOSED_TAB_DAYS * DAY_MS)
      .sort((a, b) => b.closedAt - a.closedAt);
  }

  /** A closed tab's text (null when it is gone or unreadable). */
  async read(id: string): Promise<string | null> {
    const db = await this.database.db();
    const data: unknown = await db.get(CLOSED_DATA, id);
    if (!(data instanceof Uint8Array)) return null;
    try {
      return await decompressText(data as Uint8Array<ArrayBuffer>);
    } catch {
      return null;
    }
  }

  /**
   * Changes what closed tab `id` keeps besides its text (the Drive sync made its file after it
   * closed). Resolves false when the tab is not kept (reopened, expired, never written).
   */
  async update<Extra>(id: string, change: (extra: Extra) => Extra): Promise<boolean> {
    const db = await this.database.db();
    const tx = db.transaction(CLOSED, "readwrite");
    const store = tx.objectStore(CLOSED);
    const record = (await store.get(id)) as ClosedTab<Extra> | undefined;
    if (record) await store.put({ ...record, extra: change(record.extra) });
    await tx.done;
    return record !== undefined;
  }

  /** Removes closed tabs (reopened, or expired). */
  async forget(ids: readonly string[]): Promise<void> {
    const db = await this.database.db();
    const tx = db.transaction([CLOSED, CLOSED_DATA], "readwrite");
    await Promise.all(
      ids.flatMap((id) => [
        tx.objectStore(CLOSED).delete(id),
        tx.objectStore(CLOSED_DATA).delete(id),
      ]),
    );
    await tx.done;
  }
}
