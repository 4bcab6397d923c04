import { isAtOrUnder } from "./file-operations";
import { FolderError, type FileStamp, type WorkspaceFolder } from "./workspace-folder";

/**
 * Noticing what another program changed in the opened folder (issue 52), the pure half: what
 * the watcher looks at (the files open as tabs, the folders the tree shows expanded), a
 * snapshot of it (sizes and times, and the names listed), and the difference of two snapshots.
 * disk-watch.ts runs it on focus and every few seconds, or takes FileSystemObserver's records.
 */

/** What changed on disk: paths relative to the folder. */
export interface DiskChanges {
  /** Files whose size or time changed (an open tab's file, written by another program). */
  changed: string[];
  /** Entries that appeared in a folder the tree shows. */
  added: string[];
  /** Entries that went (an open tab's file, or one of a folder the tree shows). */
  removed: string[];
}

/** What the watcher looks at. */
export interface WatchScope {
  /** The files open as tabs. */
  files: readonly string[];
  /** The folders whose listing the tree shows ("" for the root). */
  folders: readonly string[];
}

/** Each path seen: a file's stamp, or null for an entry only listed (its time not asked). */
export type StampMap = ReadonlyMap<string, FileStamp | null>;

const parentOf = (path: string) => path.slice(0, Math.max(0, path.lastIndexOf("/")));

/** True when `scope` looks at `path`: an open file, or an entry of a folder it lists. */
export function inScope(path: string, scope: WatchScope): boolean {
  return scope.files.includes(path) || scope.folders.includes(parentOf(path));
}

/**
 * The difference between two snapshots: a path only after is added, only before is removed,
 * in both with two stamps that differ is changed (a listed entry has no stamp to compare).
 */
export function diffStamps(before: StampMap, after: StampMap): DiskChanges {
  const changes: DiskChanges = { changed: [], added: [], removed: [] };
  for (const [path, stamp] of after) {
    if (!before.has(path)) changes.added.push(path);
    else {
      const earlier = before.get(path);
      if (
        earlier &&
        stamp &&
        (earlier.size !== stamp.size || earlier.lastModified !== stamp.lastModified)
      )
        changes.changed.push(path);
    }
  }
  for (const path of before.keys()) if (!after.has(path)) changes.removed.push(path);
  return changes;
}

/** True when nothing changed. */
export function noChanges({ changed, added, removed }: DiskChanges): boolean {
  return changed.length === 0 && added.length === 0 && removed.length === 0;
}

/** The folders whose listing changed (to list again): those of the added and removed entries. */
export function foldersToRelist({ added, removed }: DiskChanges): string[] {
  return [...new Set([...added, ...removed].map(parentOf))];
}

/** The paths of `map` that `scope` looks at. */
function restricted(map: StampMap, scope: WatchScope): StampMap {
  return new Map([...map].filter(([path]) => inScope(path, scope)));
}

/**
 * What `scope` sees now: the names of each folder listed, and each open file's size and time.
 * A folder or a file that went is simply not in it (its parent's listing, or the open file's
 * absence, says it went); other failures (permission withdrawn) are thrown.
 */
export async function takeSnapshot(
  folder: WorkspaceFolder,
  scope: WatchScope,
): Promise<Map<string, FileStamp | null>> {
  const seen = new Map<string, FileStamp | null>();
  const gone = (error: unknown) => error instanceof FolderError && error.failure === "not-found";
  for (const listed of scope.folders) {
    try {
      for (const entry of await folder.list(listed)) seen.set(entry.path, null);
    } catch (error) {
      if (!gone(error)) throw error;
    }
  }
  for (const file of scope.files) {
    try {
      seen.set(file, await folder.stat(file));
    } catch (error) {
      if (!gone(error)) throw error;
      seen.delete(file);
    }
  }
  return seen;
}

/**
 * Compares the folder with what it was at the last check, within what both checks looked at (a
 * folder just expanded is not "added": it only starts to be watched; a file just opened as a
 * tab is named "changed" once, for the page to check against the tab's own record).
 * `rebase` takes a new baseline without reporting, after the page's own changes.
 */
export class StampPoller {
  private last: { scope: WatchScope; stamps: StampMap } | null = null;
  private running: Promise<DiskChanges> | null = null;

  constructor(
    private readonly folder: WorkspaceFolder,
    private readonly scope: () => WatchScope,
  ) {}

  /** What changed since the last check (one check at a time: a second call shares the first's). */
  check(): Promise<DiskChanges> {
    this.running ??= this.compare().finally(() => (this.running = null));
    return this.running;
  }

  private async compare(): Promise<DiskChanges> {
    const scope = this.scope();
    const stamps = await takeSnapshot(this.folder, scope);
    const last = this.last;
    this.last = { scope, stamps };
    if (!last) return { changed: [], added: [], removed: [] };
    const both: WatchScope = {
      files: scope.files.filter((file) => last.scope.files.includes(file)),
      folders: scope.folders.filter((listed) => last.scope.folders.includes(listed)),
    };
    const changes = diffStamps(restricted(last.stamps, both), restricted(stamps, both));
    // A file just opened as a tab may have changed between its reading and this check: it is
    // named once, for the page to compare with its own record of the file.
    for (const file of scope.files)
      if (!last.scope.files.includes(file) && stamps.get(file)) changes.changed.push(file);
    return changes;
  }

  /** Takes the folder as it is now as the baseline (after the page changed it itself). */
  async rebase(): Promise<void> {
    await this.running?.catch(() => undefined);
    const scope = this.scope();
    this.last = { scope, stamps: await takeSnapshot(this.folder, scope) };
  }
}

/** One record of FileSystemObserver (Chromium), the parts used. */
export interface ObserverRecord {
  type: "appeared" | "disappeared" | "modified" | "moved" | "unknown" | "errored";
  relativePathComponents: readonly string[];
  relativePathMovedFrom?: readonly string[] | null;
}

/**
 * FileSystemObserver's records as changes; null when a record says it lost track ("unknown",
 * "errored"): then the folder is checked by snapshots instead.
 */
export function changesOfRecords(records: readonly ObserverRecord[]): DiskChanges | null {
  const changes: DiskChanges = { changed: [], added: [], removed: [] };
  for (const record of records) {
    const path = record.relativePathComponents.join("/");
    if (record.type === "unknown" || record.type === "errored") return null;
    if (record.type === "appeared") changes.added.push(path);
    else if (record.type === "disappeared") changes.removed.push(path);
    else if (record.type === "modified") changes.changed.push(path);
    else {
      if (record.relativePathMovedFrom)
        changes.removed.push(record.relativePathMovedFrom.join("/"));
      changes.added.push(path);
    }
  }
  return changes;
}

/** The changes that concern what the page shows: open files, and the folders it lists. */
export function changesInScope(changes: DiskChanges, scope: WatchScope): DiskChanges {
  const concerns = (path: string) =>
    inScope(path, scope) || scope.files.some((file) => isAtOrUnder(file, path));
  return {
    changed: changes.changed.filter(concerns),
    added: changes.added.filter(concerns),
    removed: changes.removed.filter(concerns),
  };
}
