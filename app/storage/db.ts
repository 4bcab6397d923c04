import { type IDBPDatabase, openDB } from "idb";
import { IDB } from "./keys";

let dbPromise: Promise<IDBPDatabase> | null = null;

/** Thrown when IndexedDB cannot be opened (private mode in some browsers, disabled storage). */
export class StorageUnavailableError extends Error {
  constructor(cause: unknown) {
    super("Browser storage (IndexedDB) is not available.", { cause });
    this.name = "StorageUnavailableError";
  }
}

/**
 * Opens Plainpad's IndexedDB database once per page, creating its object stores. Browser only.
 * A failure is not cached, so a later call may succeed.
 */
export function openPlainpadDb(): Promise<IDBPDatabase> {
  if (!dbPromise) {
    dbPromise = openDB(IDB.name, IDB.version, {
      upgrade(db) {
        for (const store of Object.values(IDB.stores)) {
          if (!db.objectStoreNames.contains(store)) db.createObjectStore(store);
        }
      },
    }).catch((error: unknown) => {
      dbPromise = null;
      throw new StorageUnavailableError(error);
    });
  }
  return dbPromise;
}
