import { walkShownFiles } from "~/workspace/folder-walk";
import { QuickOpenIndex } from "~/workspace/fuzzy-rank";
import type { WorkspaceFolder } from "~/workspace/workspace-folder";

/** Files added between two progress reports (the count quick open shows while it grows). */
const REPORT_EVERY = 250;
/** Files walked between two yields to the page (the walk never holds the main thread long). */
const YIELD_EVERY = 200;

/**
 * Quick open's index of an opened folder (issue 52): every file the tree would show
 * (`.gitignore`d and hidden ones left out, as `walkShownFiles` does), added to a
 * `QuickOpenIndex` as the walk finds them, so a query is answered while it grows. Built once
 * per opened folder, after the first listing is shown.
 */
export class FolderIndex {
  readonly index = new QuickOpenIndex();
  private stopped = false;
  /** Resolves when every file is in (or the walk was stopped). */
  readonly done: Promise<void>;

  constructor(
    folder: WorkspaceFolder,
    /** Told the count as it grows, and once more at the end with `finished`. */
    progress: (count: number, finished: boolean) => void,
  ) {
    this.done = this.walk(folder, progress);
  }

  private async walk(
    folder: WorkspaceFolder,
    progress: (count: number, finished: boolean) => void,
  ): Promise<void> {
    // After the page has painted the panel.
    await pause();
    try {
      for await (const path of walkShownFiles(folder)) {
        if (this.stopped) return;
        this.index.add(path);
        const count = this.index.size;
        if (count % REPORT_EVERY === 0) progress(count, false);
        if (count % YIELD_EVERY === 0) await pause();
      }
    } catch (error) {
      // What was found stays searchable; the folder's own failures were skipped by the walk.
      console.error("Indexing the folder failed", error);
    }
    if (!this.stopped) progress(this.index.size, true);
  }

  /** Stops the walk (the folder was closed or another opened). */
  stop(): void {
    this.stopped = true;
  }
}

function pause(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
