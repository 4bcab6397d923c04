import { type DocumentLoadResult, type DocumentStore, isQuotaError } from "./document-store";
import type {
  DocumentSyncHost,
  DocumentSyncOptions,
  SyncMessage,
  TrackedDocument,
} from "./document-sync-types";
import { followMessage, type RemoteContext } from "./document-sync-remote";
import { askPersistenceAfterFirstStore } from "./storage-persistence";
import { TextChunkTracker } from "./text-chunks";
import { DocumentWriteStatus } from "./document-write-status";
import {
  applyRescue,
  clearRescue,
  type PendingDocument,
  rescueKey,
  RescueInWaiting,
  takeRescue,
  writeRescue,
} from "./unload-rescue";
import { followPageWrites, startWriteTimer } from "./write-timing";

export type {
  DocumentSnapshot,
  DocumentSyncHost,
  DocumentSyncOptions,
  RemoteDocument,
  StorageStatus,
} from "./document-sync-types";

/**
 * One persistence client for a collection of documents, shaped like tldraw's
 * TLLocalSyncClient and used by both editors: nothing is written before the stored state has
 * loaded; changes are written after a debounce with a maximum wait (only the chunks an edit
 * touched); pending writes start on page hide and close; every write checks the revision, so
 * two windows never overwrite each other blindly (`host.conflict`); other windows hear of
 * saves, deletions and order over a BroadcastChannel and adopt them unless they have unstored
 * edits of their own; a full or failing store is reported and retried, the text staying in
 * memory. Browser only.
 */
export class DocumentSyncClient {
  private readonly docs = new Map<string, TrackedDocument>();
  private readonly origin = Math.random().toString(36).slice(2);
  private channel: BroadcastChannel | null = null;
  private loaded = false;
  private disposed = false;
  /** IndexedDB could not be opened: nothing is attempted (the host said so to the user). */
  private unavailable = false;
  private readonly writes: DocumentWriteStatus;
  /** Order and delete writes still running. */
  private pendingWrites = 0;
  /** Per document closed here: deletes begun, and the one still running (document-sync-remote). */
  private readonly deletions = new Map<string, { begun: number; running: Promise<void> | null }>();
  private readonly cleanups: (() => void)[] = [];
  /** The unload copies taken back at load, cleared once their text is stored again. */
  private readonly rescue = new RescueInWaiting();

  constructor(
    readonly store: DocumentStore,
    private readonly host: DocumentSyncHost,
    private readonly options: DocumentSyncOptions,
  ) {
    this.writes = new DocumentWriteStatus(host, () => this.flushAll(), options.retryMs);
  }

  /**
   * Loads the stored documents, tracks them, and from then on writes changes and listens to
   * other windows. Rejects when IndexedDB is unavailable (then nothing is ever written).
   */
  async load(): Promise<DocumentLoadResult> {
    let stored: DocumentLoadResult;
    try {
      stored = await this.store.loadAll();
    } catch (error) {
      this.unavailable = true;
      throw error;
    }
    // Edits the last page copied as it went away, whose write did not land (unload-rescue.ts).
    const taken = takeRescue(this.options.channelName);
    const { result, rescued } = applyRescue(stored, taken.entries);
    this.rescue.begin(taken, rescued);
    for (const doc of result.documents) {
      this.track(doc.id, doc.revision);
      // The first save after the reload then writes only what changed since.
      if (doc.storedChunks) this.docs.get(doc.id)?.chunks.adopt(doc.content, doc.storedChunks);
    }
    for (const id of rescued) this.noteChange(id);
    return result;
  }

  /**
   * Opens the load gate: from now on changes are written. Call once the loaded documents are
   * shown (a change made before would be based on the placeholder state).
   */
  start(): void {
    if (this.loaded || this.disposed) return;
    this.loaded = true;
    const onHide = () => {
      this.copyPending();
      this.flushAll();
    };
    // Before the page reloads itself (a new version): everything written, or no reload.
    const flushed = async () => {
      await this.whenStored();
      return this.isAllStored();
    };
    this.cleanups.push(...followPageWrites(onHide, flushed));
    if (typeof BroadcastChannel !== "undefined") {
      this.channel = new BroadcastChannel(this.options.channelName);
      this.channel.onmessage = (event: MessageEvent<SyncMessage>) =>
        void followMessage(this.remoteContext(), event.data);
    }
    for (const [id, doc] of this.docs) if (doc.dirty) this.schedule(id, 0);
  }

  /** True once `start()` ran (and not disposed). */
  get isStarted(): boolean {
    return this.loaded && !this.disposed;
  }

  /** True when IndexedDB could not be opened. */
  get isUnavailable(): boolean {
    return this.unavailable;
  }

  /** Writes pending changes and stops listening. */
  dispose(): void {
    this.flushAll();
    this.disposed = true;
    for (const cleanup of this.cleanups) cleanup();
    this.channel?.close();
    this.writes.stop();
  }

  /** Starts tracking a document based on stored `revision` (0: never stored). */
  track(id: string, revision = 0): void {
    const existing = this.docs.get(id);
    if (existing) {
      existing.revision = revision;
      return;
    }
    this.docs.set(id, {
      revision,
      dirty: false,
      changeCount: 0,
      pendingSince: 0,
      saving: false,
      flushAfterSave: false,
      timer: null,
      chunks: new TextChunkTracker(),
    });
  }

  /** The stored revision a document is based on (0 when never stored or not tracked). */
  revisionOf(id: string): number {
    return this.docs.get(id)?.revision ?? 0;
  }

  /** True when the document has changes not yet written (or being written). */
  hasUnstored(id: string): boolean {
    const doc = this.docs.get(id);
    return !!doc && (doc.dirty || doc.saving);
  }

  /** True when every change is written (tests, the unload warning). */
  isAllStored(): boolean {
    for (const doc of this.docs.values()) if (doc.dirty || doc.saving) return false;
    return this.pendingWrites === 0;
  }

  /**
   * A document changed: it is written after the debounce (at once with `immediate`, for
   * one-off changes such as a rename or a new document).
   */
  noteChange(id: string, immediate = false): void {
    const doc = this.docs.get(id);
    if (!doc) return;
    if (!doc.dirty) doc.pendingSince = Date.now();
    doc.dirty = true;
    doc.changeCount += 1;
    if (immediate) {
      this.schedule(id, 0);
      return;
    }
    const { delay } = this.options;
    const maxWait =
      typeof this.options.maxWait === "function" ? this.options.maxWait(id) : this.options.maxWait;
    const wait =
      maxWait === null
        ? delay
        : Math.max(0, Math.min(delay, doc.pendingSince + maxWait - Date.now()));
    this.schedule(id, wait);
  }

  /**
   * The document's stored record was replaced by another window's version, now shown here:
   * base later writes on `revision` and write every chunk next time.
   */
  adopted(id: string, revision: number): void {
    const doc = this.docs.get(id);
    if (!doc) return;
    doc.revision = revision;
    doc.chunks.reset();
  }

  private schedule(id: string, delay: number): void {
    const doc = this.docs.get(id);
    if (!doc || !this.loaded || this.disposed) return;
    doc.timer?.();
    const run = () => {
      doc.timer = null;
      void this.saveNow(id);
    };
    doc.timer = startWriteTimer(run, delay);
  }

  /**
   * Copies the unstored edits synchronously before the page may go away: some engines stop the
   * IndexedDB write that flushAll starts then (unload-rescue.ts).
   */
  private copyPending(): void {
    const pending: PendingDocument[] = [];
    for (const [id, doc] of this.docs) {
      const snapshot = doc.dirty ? this.host.snapshot(id) : null;
      if (snapshot) {
        pending.push({ id, baseRevision: doc.revision, olderWriteRunning: doc.saving, snapshot });
      }
    }
    writeRescue(rescueKey(this.options.channelName, this.origin), pending);
  }

  /** Starts writing every changed document now (page hidden or closing). */
  flushAll(): void {
    if (!this.loaded) return;
    for (const [id, doc] of this.docs) {
      if (!doc.dirty) continue;
      doc.timer?.();
      doc.timer = null;
      if (doc.saving) doc.flushAfterSave = true;
      else void this.saveNow(id, true);
    }
  }

  /** Resolves when every pending change is written (or failed). */
  async whenStored(): Promise<void> {
    this.flushAll();
    while (!this.isAllStored() && !this.unavailable && this.writes.isOk) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /**
   * Writes document `id` if it has unstored changes. `closing`: the page is going away and
   * this write finishes a flush, so it runs even after dispose().
   */
  private async saveNow(id: string, closing = false): Promise<void> {
    const doc = this.docs.get(id);
    if (!doc || !doc.dirty || this.unavailable || !this.loaded) return;
    if (this.disposed && !closing) return;
    if (doc.saving) {
      doc.flushAfterSave = true;
      return;
    }
    const snapshot = this.host.snapshot(id);
    if (!snapshot) return;
    doc.saving = true;
    const changeCount = doc.changeCount;
    const plan = doc.chunks.plan(snapshot.text);
    const written = this.writes.writing();
    try {
      const result = await this.store.save(
        {
          id,
          name: snapshot.name,
          content: plan.chunks,
          lastModified: snapshot.lastModified,
          isModified: snapshot.isModified,
          driveFileId: snapshot.driveFileId,
          file: snapshot.file,
        },
        doc.revision,
      );
      if (result.ok) {
        plan.commit();
        doc.revision = result.revision;
        // What was rescued is in the store now (with any edit made since).
        this.rescue.done([id]);
        if (doc.changeCount === changeCount) doc.dirty = false;
        this.post({ type: "saved", origin: this.origin, id, revision: result.revision });
        this.writes.set("ok");
        if (snapshot.text.length > 0) {
          askPersistenceAfterFirstStore();
          this.host.stored?.(id);
        }
      } else {
        // Another window replaced the record (and its chunks): write everything next time,
        // on top of its revision, once the host has kept its text.
        doc.chunks.reset();
        doc.revision = result.conflict.revision;
        doc.dirty = true;
        this.host.conflict(id, result.conflict, snapshot.text.toString());
        doc.flushAfterSave = true;
      }
    } catch (error) {
      this.writes.set(isQuotaError(error) ? "full" : "failed", error);
      this.writes.scheduleRetry();
    } finally {
      doc.saving = false;
      written();
    }
    // Everything is stored: the copy taken when the page was hidden stands for nothing now.
    if (this.isAllStored()) clearRescue(rescueKey(this.options.channelName, this.origin));
    const flushNow = doc.flushAfterSave;
    doc.flushAfterSave = false;
    if (doc.dirty && this.docs.get(id) === doc && this.writes.isOk) {
      if (flushNow) {
        // The page may be closing: write now, not on a timer that may never run.
        doc.timer?.();
        doc.timer = null;
        void this.saveNow(id, true);
      } else if (!doc.timer) {
        this.schedule(id, this.options.delay);
      }
    }
  }

  /**
   * Deletes documents from storage (closed tabs) and tells the other windows. With
   * `keptElsewhere` (the closed tabs being written to the history), the stored copies are
   * deleted only once it settles: a page closed in between finds the documents again on its
   * next load, rather than in neither place. Resolves when the delete is done.
   */
  forget(ids: string[], keptElsewhere?: Promise<unknown>): Promise<void> {
    if (ids.length === 0) return Promise.resolve();
    for (const id of ids) {
      const doc = this.docs.get(id);
      doc?.timer?.();
      this.docs.delete(id);
    }
    // A closed tab's text goes to the history (keptElsewhere): its rescued copy is done with.
    const settle = () => this.rescue.done(ids);
    if (!this.loaded || this.unavailable) return Promise.resolve(settle());
    this.pendingWrites += 1;
    const running = Promise.resolve(keptElsewhere)
      .catch(() => undefined)
      .then(() => this.store.delete(ids))
      .then(settle)
      .then(() => this.post({ type: "deleted", origin: this.origin, ids }))
      .catch((error: unknown) => console.error("Deleting stored documents failed", error))
      .finally(() => {
        this.pendingWrites -= 1;
        for (const id of ids) {
          const deletion = this.deletions.get(id);
          if (deletion?.running === running) deletion.running = null;
        }
      });
    // Another window's save heard before this delete lands must not bring the tab back.
    for (const id of ids) {
      this.deletions.set(id, { begun: (this.deletions.get(id)?.begun ?? 0) + 1, running });
    }
    return running;
  }

  /**
   * Stores the document order. A document never stored yet (an untouched first tab) is
   * written too, so the order can restore it.
   */
  saveOrder(order: readonly string[]): void {
    if (!this.loaded || this.unavailable) return;
    for (const id of order) {
      const doc = this.docs.get(id);
      if (doc && doc.revision === 0 && !doc.dirty && !doc.saving) this.noteChange(id, true);
    }
    this.pendingWrites += 1;
    const list = [...order];
    this.store
      .saveOrder(list)
      .then(() => this.post({ type: "order", origin: this.origin, order: list }))
      .catch((error: unknown) => console.error("Saving the document order failed", error))
      .finally(() => (this.pendingWrites -= 1));
  }

  private post(message: SyncMessage): void {
    try {
      this.channel?.postMessage(message);
    } catch {
      // A closed channel (page unloading) needs no message.
    }
  }

  /** What the remote-message follower (document-sync-remote.ts) may read and call. */
  private remoteContext(): RemoteContext {
    return {
      store: this.store,
      host: this.host,
      docs: this.docs,
      origin: this.origin,
      isDisposed: () => this.disposed,
      hasUnstored: (id) => this.hasUnstored(id),
      adopted: (id, revision) => this.adopted(id, revision),
      track: (id, revision) => this.track(id, revision),
      deletion: (id) => {
        const deletion = this.deletions.get(id);
        return deletion && { ...deletion };
      },
    };
  }
}
