import { type IDBPDatabase, openDB } from "idb";

/**
 * A small IndexedDB database of its own (version 1, its stores made on creation), opened on
 * first use and shared by everything that reads it. Used by the history database and the live
 * rooms: each is apart from the documents' database, so adding it needed no upgrade of that
 * one (which windows still running an older version hold open). Browser only.
 */
export class SmallDatabase {
  private dbPromise: Promise<IDBPDatabase> | null = null;

  constructor(
    readonly name: string,
    /** Makes the object stores (and indexes) when the database is created. */
    private readonly createStores: (db: IDBPDatabase) => void,
  ) {}

  /** The open database (opened, and created at version 1, on first call). */
  db(): Promise<IDBPDatabase> {
    const createStores = this.createStores;
    this.dbPromise ??= openDB(this.name, 1, {
      upgrade(db) {
        createStores(db);
      },
      blocking: () => {
        // A newer version of Plainpad wants to upgrade this database: let it.
        void this.dbPromise?.then((db) => db.close());
        this.dbPromise = null;
      },
    }).catch((error: unknown) => {
      // Not kept: the next use tries again (a private window may allow it later).
      this.dbPromise = null;
      throw error;
    });
    return this.dbPromise;
  }

  /** Closes the connection (tests); the next use opens it again. */
  async close(): Promise<void> {
    const db = await this.dbPromise;
    db?.close();
    this.dbPromise = null;
  }
}
