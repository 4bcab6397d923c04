import type { FileHits, FindEvent, FindProgress, FindSummary } from "./find-in-files";

/**
 * Find in files on several workers (issue 52; file-share.ts says which files each searches):
 * how many workers, and the merge of what they find back into folder order. Pure: the tests
 * split a search without workers.
 */

/** Most workers a search uses (beyond, the file system and the merge gain little). */
export const MAX_FIND_WORKERS = 4;
/** How many workers search a folder, from the number of logical processors. */
export function findWorkerCount(hardwareConcurrency: number | undefined): number {
  const cores = Number.isFinite(hardwareConcurrency) ? Math.floor(hardwareConcurrency!) : 1;
  return Math.max(1, Math.min(cores, MAX_FIND_WORKERS));
}

/** What a part's progress adds up to: its own searched files, the files listed so far. */
interface PartState {
  /** Every file of this part with a walk index up to this one has been searched. */
  through: number;
  /** Its files found with matches, not yet passed on (in walk order). */
  held: { index: number; hits: FileHits }[];
  progress: FindProgress | null;
  summary: FindSummary | null;
}

/**
 * Merges the events of a search split into `parts` (each part's events in its own order, the
 * parts interleaved in any way) into the events one search of the whole folder gives: files in
 * walk order, each passed on once every earlier file has been searched; progress adding the
 * parts' searched files; one summary adding their counts. The first error ends the merge.
 */
export class FindMerge {
  private readonly states: PartState[];
  private ended = false;

  constructor(
    parts: number,
    private readonly emit: (event: FindEvent) => void,
    /** Whether to pass progress events on (the query's `reportProgress`). */
    private readonly reportProgress = false,
  ) {
    this.states = Array.from({ length: parts }, () => ({
      through: -1,
      held: [],
      progress: null,
      summary: null,
    }));
  }

  /** True once the merged search has ended (done, or an error was passed on). */
  get finished(): boolean {
    return this.ended;
  }

  /** Takes one event of part `part`. */
  take(part: number, event: FindEvent): void {
    if (this.ended) return;
    const state = this.states[part];
    switch (event.type) {
      case "error":
        this.ended = true;
        this.emit(event);
        return;
      case "file":
        if (event.index === undefined) throw new Error("A split search's file has no index.");
        state.held.push({ index: event.index, hits: event.hits });
        state.through = Math.max(state.through, event.index);
        break;
      case "progress":
        state.progress = event.progress;
        if (event.through !== undefined) state.through = Math.max(state.through, event.through);
        break;
      case "done":
        state.summary = event.summary;
        state.through = Infinity;
        break;
    }
    this.release();
    if (event.type === "progress" && this.reportProgress) this.emitProgress();
    if (this.states.every((each) => each.summary)) this.finish();
  }

  /** Passes on every held file whose earlier files have all been searched, in walk order. */
  private release(): void {
    const searchedThrough = Math.min(...this.states.map((state) => state.through));
    for (;;) {
      let next: PartState | null = null;
      for (const state of this.states) {
        const head = state.held[0];
        if (head && head.index <= searchedThrough && (!next || head.index < next.held[0].index)) {
          next = state;
        }
      }
      if (!next) return;
      this.emit({ type: "file", hits: next.held.shift()!.hits });
    }
  }

  private emitProgress(): void {
    let searched = 0;
    let listed = 0;
    let listingDone = true;
    for (const { progress, summary } of this.states) {
      searched += progress?.searched ?? 0;
      listed = Math.max(listed, progress?.listed ?? 0);
      listingDone &&= Boolean(summary || progress?.listingDone);
    }
    this.emit({ type: "progress", progress: { searched, listed, listingDone } });
  }

  private finish(): void {
    this.ended = true;
    const summaries = this.states.map((state) => state.summary!);
    const sum = (key: Exclude<keyof FindSummary, "unreadable">) =>
      summaries.reduce((total, summary) => total + summary[key], 0);
    // A folder that cannot be listed is met by every part's walk: named once.
    const unreadable = [...new Set(summaries.flatMap((summary) => summary.unreadable))];
    const summary: FindSummary = {
      filesSearched: sum("filesSearched"),
      filesMatched: sum("filesMatched"),
      matchCount: sum("matchCount"),
      skippedBinary: sum("skippedBinary"),
      skippedTooLarge: sum("skippedTooLarge"),
      unreadable,
    };
    this.emit({ type: "done", summary });
  }
}
