import { SmallDatabase } from "./small-database";
import type { NextSlice } from "./work-slices";

/**
 * The history database ("plainpad-history"), apart from the documents: version history
 * (history-store.ts) and recently closed tabs (recently-closed.ts) keep their texts there,
 * deflated. History can be thinned or lost without touching a document's text, and adding it
 * needed no upgrade of the documents' database (which windows still running an older version
 * hold open).
 */

export const HISTORY_DB_NAME = "plainpad-history";

/** The object stores of the history database. */
export const HISTORY_STORES = {
  /** Snapshot descriptions, keyed by id, indexed by document (`BY_DOC`). */
  meta: "snapshot-meta",
  /** Snapshot texts, deflated, keyed by snapshot id. */
  data: "snapshot-data",
  /** Closed tabs' descriptions, keyed by tab id. */
  closed: "closed-tabs",
  /** Closed tabs' texts, deflated, keyed by tab id. */
  closedData: "closed-tab-text",
  /** The index of `meta` by document key. */
  byDoc: "by-doc",
} as const;

/** One connection to the history database, opened on first use and shared by its stores. */
export class HistoryDatabase extends SmallDatabase {
  constructor(name = HISTORY_DB_NAME) {
    super(name, (db) => {
      const meta = db.createObjectStore(HISTORY_STORES.meta, { keyPath: "id" });
      meta.createIndex(HISTORY_STORES.byDoc, "docKey");
      db.createObjectStore(HISTORY_STORES.data);
      db.createObjectStore(HISTORY_STORES.closed, { keyPath: "id" });
      db.createObjectStore(HISTORY_STORES.closedData);
    });
  }
}

let worker: Worker | null = null;
let nextJob = 0;
const jobs = new Map<number, { resolve: (data: Uint8Array) => void; reject: (e: Error) => void }>();

/** The compression worker (browsers); null where there are no module workers (Node tests). */
function compressionWorker(): Worker | null {
  if (typeof Worker === "undefined" || typeof window === "undefined") return null;
  if (!worker) {
    worker = new Worker(new URL("./history-worker.ts", import.meta.url), { type: "module" });
    worker.onmessage = (event: MessageEvent<{ id: number; data?: Uint8Array; error?: string }>) => {
      const job = jobs.get(event.data.id);
      jobs.delete(event.data.id);
      if (event.data.data) job?.resolve(event.data.data);
      else job?.reject(new Error(event.data.error ?? "compression failed"));
    };
  }
  return worker;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: true });

/**
 * Deflates the text (given in pieces). In the browser a worker does the encoding and the
 * compression, so a 10 MB snapshot costs the page only the hand-over, done piece by piece in
 * the slices `nextSlice` gives; elsewhere fflate here.
 */
export async function compressText(
  parts: readonly string[],
  nextSlice: NextSlice,
): Promise<Uint8Array> {
  const target = compressionWorker();
  if (!target) {
    // fflate builds its tables when it loads (tens of milliseconds on a phone), so it is
    // imported only where there is no worker to do the work.
    const { deflateSync } = await import("fflate");
    return deflateSync(encoder.encode(parts.join("")), { level: 6 });
  }
  const id = ++nextJob;
  const done = new Promise<Uint8Array>((resolve, reject) => jobs.set(id, { resolve, reject }));
  let budget = await nextSlice();
  let sliceStart = performance.now();
  for (const part of parts) {
    target.postMessage({ id, part });
    if (performance.now() - sliceStart > budget) {
      budget = await nextSlice();
      sliceStart = performance.now();
    }
  }
  target.postMessage({ id, done: true });
  return done;
}

/** The text `compressText` deflated; throws when the bytes are not deflate-raw UTF-8. */
export async function decompressText(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  if (typeof DecompressionStream === "undefined") {
    const { inflateSync } = await import("fflate");
    return decoder.decode(inflateSync(bytes));
  }
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return decoder.decode(new Uint8Array(await new Response(stream).arrayBuffer()));
}
