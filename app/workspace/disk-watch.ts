import {
  changesInScope,
  changesOfRecords,
  type DiskChanges,
  noChanges,
  type ObserverRecord,
  StampPoller,
  type WatchScope,
} from "./disk-changes";
import type { WorkspaceFolder } from "./workspace-folder";

/**
 * Watching the opened folder for what other programs change (issue 52), the small adapter over
 * disk-changes.ts: FileSystemObserver where the browser has it (Chromium, behind a flag or an
 * origin trial in 2026), else a cheap check of the open files' sizes and times and the shown
 * folders' names when the page gets focus and every few seconds while it is visible. The page
 * gives what it knows of itself (focus, visibility): this module touches no DOM.
 */

/** What the page tells the watcher about itself. */
export interface WatchEnvironment {
  /** Calls `wake` when the page gets focus or is shown again; returns what stops that. */
  onWake(wake: () => void): () => void;
  /** True while the page is hidden: the checks pause. */
  isHidden(): boolean;
}

/** A running watch. */
export interface FolderWatch {
  /** "observer" once FileSystemObserver took over, "poll" while the checks run on a timer. */
  readonly mode: "observer" | "poll";
  /** Checks now (the tree's refresh), reporting what changed. */
  checkNow(): Promise<void>;
  /** Takes the folder as it is now as the baseline: after the page's own changes. */
  rebase(): Promise<void>;
  stop(): void;
}

export interface WatchOptions {
  folder: WorkspaceFolder;
  scope: () => WatchScope;
  onChanges: (changes: DiskChanges) => void;
  /** A check failed (a permission withdrawn): the page says so; the watch goes on. */
  onError?: (error: unknown) => void;
  environment: WatchEnvironment;
  /** How often the visible page checks, in ms. Default 3 s. */
  intervalMs?: number;
  /** The folder's directory handle, for FileSystemObserver; none: checks only. */
  observe?: unknown;
}

/** The constructor of Chromium's FileSystemObserver, the parts used. */
interface ObserverConstructor {
  new (callback: (records: ObserverRecord[]) => void): {
    observe(handle: unknown, options: { recursive: boolean }): Promise<void>;
    disconnect(): void;
  };
}

/** Default time between two checks of a visible page. */
export const WATCH_INTERVAL_MS = 3000;

export function watchFolder(options: WatchOptions): FolderWatch {
  const { folder, scope, onChanges, onError, environment } = options;
  const poller = new StampPoller(folder, scope);
  const report = (changes: DiskChanges) => {
    if (!noChanges(changes)) onChanges(changes);
  };
  const checkNow = async () => {
    try {
      report(await poller.check());
    } catch (error) {
      onError?.(error);
    }
  };
  // The first check finds nothing: it takes the baseline.
  void checkNow();

  let mode: FolderWatch["mode"] = "poll";
  let timer: ReturnType<typeof setInterval> | null = setInterval(() => {
    if (!environment.isHidden()) void checkNow();
  }, options.intervalMs ?? WATCH_INTERVAL_MS);
  // Even with an observer, a check on focus is cheap and catches what a sleeping page missed.
  const stopWake = environment.onWake(() => void checkNow());

  const Observer = (globalThis as { FileSystemObserver?: ObserverConstructor }).FileSystemObserver;
  const observer =
    Observer && options.observe
      ? new Observer((records) => {
          const changes = changesOfRecords(records);
          if (changes === null) void checkNow();
          else report(changesInScope(changes, scope()));
        })
      : null;
  observer?.observe(options.observe, { recursive: true }).then(
    () => {
      mode = "observer";
      if (timer !== null) clearInterval(timer);
      timer = null;
    },
    // Refused (a flag off, a handle it cannot watch): the checks go on.
    () => undefined,
  );

  return {
    get mode() {
      return mode;
    },
    checkNow,
    rebase: () => poller.rebase(),
    stop() {
      if (timer !== null) clearInterval(timer);
      timer = null;
      stopWake();
      observer?.disconnect();
    },
  };
}
