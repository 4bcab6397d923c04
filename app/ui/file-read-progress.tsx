import { useSyncExternalStore } from "react";
import type { ReadFileOptions } from "~/storage/local-files";
import { formatBytes } from "~/storage/storage-health";

/** A file read the user can see and cancel. */
export interface FileReadState {
  fileName: string;
  loaded: number;
  total: number;
  /** Shown only once the read has taken a moment: a small file opens without a flash. */
  visible: boolean;
}

/** How long a read runs before its progress bar appears. */
export const PROGRESS_DELAY_MS = 300;

/**
 * The files one editor is reading, for its progress bar: one read at a time (a second file of
 * a multi-file drop follows the first). Both editors own one; reading goes through `track`,
 * which gives the options to pass to `readPickedFile` and ends the bar when the read settles.
 */
export class FileReadTracker {
  private state: FileReadState | null = null;
  private controller: AbortController | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): FileReadState | null => this.state;

  /** Runs `read` with progress reporting and a cancel signal for `file`. */
  async track<T>(
    file: { name: string; size: number },
    read: (options: ReadFileOptions) => Promise<T>,
  ): Promise<T> {
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    this.set({ fileName: file.name, loaded: 0, total: file.size, visible: false });
    this.clearTimer();
    this.timer = setTimeout(() => {
      if (this.state && this.controller === controller) this.set({ ...this.state, visible: true });
    }, PROGRESS_DELAY_MS);
    try {
      return await read({
        signal: controller.signal,
        onProgress: ({ loaded, total }) => {
          if (this.controller === controller && this.state) {
            this.set({ ...this.state, loaded, total });
          }
        },
      });
    } finally {
      if (this.controller === controller) {
        this.controller = null;
        this.clearTimer();
        this.set(null);
      }
    }
  }

  /** Cancels the read in progress (its promise rejects with an AbortError). */
  cancel = (): void => {
    this.controller?.abort();
  };

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private set(state: FileReadState | null): void {
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}

/** What the user is told when they cancelled opening a file. */
export function readCancelledMessage(fileName: string): string {
  return `Opening "${fileName}" was cancelled. Your document is unchanged.`;
}

/** 'Opening "x": 42% (210 MB of 500 MB)'. */
export function readProgressLabel({ fileName, loaded, total }: FileReadState): string {
  const percent = total > 0 ? Math.floor((loaded / total) * 100) : 100;
  return `Opening "${fileName}": ${percent}% (${formatBytes(loaded)} of ${formatBytes(total)})`;
}

/**
 * The progress bar of a big file being opened, with Cancel: the page stays usable meanwhile and
 * the open document is untouched until the whole file is read.
 */
export function FileReadProgress({ tracker }: { tracker: FileReadTracker }) {
  const state = useSyncExternalStore(tracker.subscribe, tracker.getSnapshot, () => null);
  if (!state?.visible) return null;
  const label = readProgressLabel(state);
  return (
    <div
      role="group"
      aria-label="Opening a file"
      className="fixed inset-x-3 bottom-12 z-40 mx-auto flex max-w-md flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-slate-300 bg-white px-4 py-3 text-sm text-slate-900 shadow-lg dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
    >
      <p className="min-w-0 flex-[1_1_100%] break-words">{label}</p>
      <progress
        className="h-2 min-w-0 flex-1 overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-blue-600 dark:[&::-webkit-progress-bar]:bg-slate-700 dark:[&::-webkit-progress-value]:bg-blue-400 [&::-moz-progress-bar]:bg-blue-600"
        aria-label={`Opening "${state.fileName}"`}
        max={state.total || 1}
        value={state.loaded}
      />
      <button
        type="button"
        onClick={tracker.cancel}
        className="rounded-md border border-slate-300 px-3 py-1 font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-slate-600 dark:hover:bg-slate-800"
      >
        Cancel
      </button>
    </div>
  );
}
