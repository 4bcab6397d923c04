import { formatCount, formatCountOf } from "~/text/number-format";
import { compileSearch } from "~/text/search";
import { decodeBytes, type TextEncodingId } from "~/text/text-encoding";
import {
  type FileHits,
  type FindEvent,
  type FindProgress,
  type FindQuery,
  type FindSummary,
  invalidPatternMessage,
  MATCHES_KEPT_PER_FILE,
} from "~/workspace/find-in-files";
import {
  applyReplacePlan,
  planReplace,
  type ReplaceChoice,
  type SkippedFile,
  type UndoRecord,
  undoReplace,
} from "~/workspace/replace-plan";
import type { WorkspaceFolder } from "~/workspace/workspace-folder";
import { ReplaceSelection } from "./find-in-files-selection";

/**
 * Find in files and Replace in files of an opened folder (issue 52), without React: the form,
 * a search run (in the worker, results streaming in), the review of a replace (a checkbox per
 * match and per file), the replace itself through the folder, what it did not write and why,
 * and one "Undo replace in files" that puts every written file back byte for byte. The view
 * (find-in-files-view.tsx) renders `state` and calls the methods.
 */

/** The fields of the form. */
export interface FindInFilesForm {
  query: string;
  replacement: string;
  regexp: boolean;
  matchCase: boolean;
  wholeWord: boolean;
  /** Globs, comma-separated ("*.md, docs"). */
  include: string;
  exclude: string;
}

export const EMPTY_FORM: FindInFilesForm = {
  query: "",
  replacement: "",
  regexp: false,
  matchCase: false,
  wholeWord: false,
  include: "",
  exclude: "",
};

/** A search running, and how to stop it (find-off-thread's RunningFind is one). */
export interface FindRun {
  cancel(): void;
}

/** What a replace (or its undo) did. */
export interface ReplaceOutcome {
  /** "Replaced 5 matches in 3 files." / "Put back 3 files as they were." */
  message: string;
  /** The files written, with how many matches in each. */
  written: { path: string; replaced: number }[];
  /** Files not written, each with the words why. */
  notWritten: SkippedFile[];
}

export type FindInFilesPhase =
  "idle" | "searching" | "searched" | "reviewing" | "replacing" | "replaced" | "undoing";

export interface FindInFilesState {
  form: FindInFilesForm;
  phase: FindInFilesPhase;
  /** An invalid pattern, a search that failed, a folder that cannot be written: in words. */
  error: string | null;
  files: readonly FileHits[];
  progress: FindProgress | null;
  summary: FindSummary | null;
  selection: ReplaceSelection;
  outcome: ReplaceOutcome | null;
  /** "Undo replace in files" can put the last replace's files back. */
  canUndo: boolean;
}

/** A tab open on a file of the folder, as the replace needs to know it. */
export interface OpenFileTab {
  /** It has edits not saved to the file: the file is then not written. */
  modified: boolean;
}

/** What the session needs of the notepad and the opened folder. */
export interface FindInFilesHost {
  readonly folder: WorkspaceFolder;
  /** Starts a search (the worker: find-off-thread.ts), its events to `onEvent`. */
  startFind(query: FindQuery, onEvent: (event: FindEvent) => void): FindRun;
  /** The tab open on `path`, if any. */
  openTab?(path: string): OpenFileTab | null;
  /** `path` was written with `bytes` (a replace or its undo): a tab open on it shows them. */
  fileWritten?(path: string, bytes: Uint8Array): void;
  /** Keeps a file's text from before the replace as a version in History. */
  keepVersion?(path: string, text: string): Promise<unknown> | void;
}

/** Why a file with unsaved edits in its tab is not written. */
export function unsavedTabMessage(path: string): string {
  return `"${path}" is open in a tab with changes not saved yet, so it was not changed (your edits are kept). Save or close that tab, then search again.`;
}

/** "1 match", "12 matches". */
export function matchesWords(count: number): string {
  return `${formatCount(count)} ${count === 1 ? "match" : "matches"}`;
}

/** The words under a search: how many were searched, and what was skipped and why. */
export function summaryWords(summary: FindSummary): string[] {
  const words = [
    summary.matchCount === 0
      ? `No matches in ${formatCountOf(summary.filesSearched, "file")}.`
      : `${matchesWords(summary.matchCount)} in ${formatCountOf(summary.filesMatched, "file")} (${formatCount(summary.filesSearched)} searched).`,
  ];
  if (summary.skippedBinary > 0) {
    words.push(
      `${formatCountOf(summary.skippedBinary, "binary file")} (images, archives and the like) not searched.`,
    );
  }
  if (summary.skippedTooLarge > 0) {
    words.push(`${formatCountOf(summary.skippedTooLarge, "file")} over 64 MB not searched.`);
  }
  if (summary.unreadable.length > 0) {
    words.push(
      `${formatCount(summary.unreadable.length)} ${summary.unreadable.length === 1 ? "file or folder" : "files or folders"} could not be read (moved, deleted, or not allowed): ${summary.unreadable.join(", ")}.`,
    );
  }
  return words;
}

/** "Searched 120 of 900 files" while the search runs. */
export function progressWords(progress: FindProgress): string {
  const { searched, listed, listingDone } = progress;
  return listingDone
    ? `Searched ${formatCount(searched)} of ${formatCountOf(listed, "file")}…`
    : `Searched ${formatCount(searched)} of ${formatCountOf(listed, "file")} listed so far…`;
}

/** How often results streaming in are shown. */
const SHOW_EVERY_MS = 100;

export class FindInFilesSession {
  private current: FindInFilesState = {
    form: EMPTY_FORM,
    phase: "idle",
    error: null,
    files: [],
    progress: null,
    summary: null,
    selection: new ReplaceSelection(),
    outcome: null,
    canUndo: false,
  };
  private readonly listeners = new Set<() => void>();
  private run: { search: FindRun; stop(): void } | null = null;
  /** The originals of the last replace: kept until the next replace or the session ends. */
  private undoRecord: UndoRecord | null = null;
  /** The folder was closed: nothing more is shown. */
  private ended = false;

  constructor(private readonly host: FindInFilesHost) {}

  get state(): FindInFilesState {
    return this.current;
  }

  /** For React's useSyncExternalStore. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): FindInFilesState => this.current;

  private set(change: Partial<FindInFilesState>): void {
    this.current = { ...this.current, ...change };
    for (const listener of this.listeners) listener();
  }

  setForm(change: Partial<FindInFilesForm>): void {
    this.set({ form: { ...this.current.form, ...change }, error: null });
  }

  /** The form's pattern, or the words why it is none. */
  private compiled(): { ok: true; regexp: RegExp } | { ok: false; message: string } {
    const { query, regexp, matchCase, wholeWord } = this.current.form;
    const compiled = compileSearch(query, { regexp, matchCase, wholeWord });
    if (compiled === null) return { ok: false, message: "Type what to find." };
    if (!compiled.ok) return { ok: false, message: invalidPatternMessage(query) };
    return compiled;
  }

  /** Starts a search with the form (a running one is stopped). Resolves when it ends. */
  search(): Promise<void> {
    this.cancel();
    const compiled = this.compiled();
    if (!compiled.ok) {
      this.set({ error: compiled.message, phase: "idle", files: [], summary: null });
      return Promise.resolve();
    }
    const { query, regexp, matchCase, wholeWord, include, exclude } = this.current.form;
    this.set({
      phase: "searching",
      error: null,
      files: [],
      progress: null,
      summary: null,
      selection: new ReplaceSelection(),
      outcome: null,
    });
    return new Promise((resolve) => {
      const found: FileHits[] = [];
      let latest: FindProgress | null = null;
      let timer: ReturnType<typeof setTimeout> | null = null;
      // Results are shown at most every SHOW_EVERY_MS, not per file: 10,000 files found
      // re-render the list a hundred times, not ten thousand.
      const show = (change: Partial<FindInFilesState> = {}) => {
        if (timer !== null) clearTimeout(timer);
        timer = null;
        this.set({ files: found.slice(), progress: latest, ...change });
      };
      const run: FindRun = this.host.startFind(
        { query, regexp, matchCase, wholeWord, include, exclude, reportProgress: true },
        (event) => {
          if (this.run?.search !== run) return;
          if (event.type === "file" || event.type === "progress") {
            if (event.type === "file") found.push(event.hits);
            else latest = event.progress;
            if (found.length === 1 && event.type === "file") show();
            else timer ??= setTimeout(() => this.run?.search === run && show(), SHOW_EVERY_MS);
            return;
          }
          this.run = null;
          if (event.type === "done") show({ phase: "searched", summary: event.summary });
          else show({ phase: "searched", error: event.message });
          resolve();
        },
      );
      this.run = {
        search: run,
        stop: () => {
          run.cancel();
          show({ phase: "searched" });
          resolve();
        },
      };
    });
  }

  /** Stops a running search; the results so far stay. */
  cancel(): void {
    const running = this.run;
    if (!running) return;
    this.run = null;
    running.stop();
  }

  /** "Replace all…": shows the review, every match ticked. */
  review(): void {
    if (!this.host.folder.writable) {
      this.set({
        error:
          "This browser cannot write to folders, so Replace in files is not available here. Open the folder in Chrome or Edge to replace in its files.",
      });
      return;
    }
    if (this.current.files.length === 0 || this.run) return;
    this.set({ phase: "reviewing", error: null });
  }

  /** Leaves the review without replacing anything. */
  closeReview(): void {
    if (this.current.phase === "reviewing") this.set({ phase: "searched" });
  }

  toggleMatch(path: string, from: number): void {
    this.set({ selection: this.current.selection.toggleMatch(path, from) });
  }

  toggleFile(hits: FileHits): void {
    this.set({ selection: this.current.selection.toggleFile(hits) });
  }

  /** How many matches in how many files the review has ticked. */
  tickedCounts(): { matches: number; files: number } {
    return this.current.selection.counts(this.current.files);
  }

  /**
   * "Replace N matches in M files": writes the ticked matches, each file in its own encoding,
   * after keeping its text in History; files changed on disk since the search, open with
   * unsaved edits, or whose encoding cannot hold the replacement are listed, not written.
   */
  async replace(): Promise<ReplaceOutcome | null> {
    if (this.current.phase !== "reviewing") return null;
    const compiled = this.compiled();
    if (!compiled.ok) {
      this.set({ error: compiled.message });
      return null;
    }
    const { form, files, selection } = this.current;
    this.set({ phase: "replacing", error: null });
    const notWritten: SkippedFile[] = [];
    const choices: ReplaceChoice[] = [];
    for (const choice of selection.choices(files)) {
      if (this.host.openTab?.(choice.hits.path)?.modified) {
        notWritten.push({ path: choice.hits.path, message: unsavedTabMessage(choice.hits.path) });
      } else choices.push(choice);
    }
    const plan = await planReplace(this.host.folder, choices, {
      replacement: form.replacement,
      regexp: form.regexp ? compiled.regexp : undefined,
    });
    notWritten.push(...plan.changed, ...plan.refused);
    // History keeps each file's text before it is written: the replace never loses text.
    const encodings = new Map(files.map((hits) => [hits.path, hits.encoding]));
    await Promise.allSettled(
      plan.writes.map((write) => this.keepVersion(write.path, write.before, encodings)),
    );
    // A tab may be typed in while the files are read and written: each file's tab is checked
    // right before that file is written, and a file with unsaved edits is left alone.
    const written = await applyReplacePlan(this.host.folder, plan, (path) =>
      this.host.openTab?.(path)?.modified ? unsavedTabMessage(path) : null,
    );
    notWritten.push(...written.failed);
    const writtenPaths = new Set(written.undo.files.map((file) => file.path));
    const writes = plan.writes.filter((write) => writtenPaths.has(write.path));
    for (const write of writes) this.host.fileWritten?.(write.path, write.after);
    const replaced = writes.reduce((sum, write) => sum + write.replaced, 0);
    const outcome: ReplaceOutcome = {
      message:
        writes.length === 0
          ? "Nothing was replaced."
          : `Replaced ${matchesWords(replaced)} in ${formatCountOf(writes.length, "file")}.`,
      written: writes.map((write) => ({ path: write.path, replaced: write.replaced })),
      notWritten,
    };
    if (this.ended) return outcome;
    this.undoRecord = written.undo.files.length > 0 ? written.undo : null;
    this.set({
      phase: "replaced",
      outcome,
      files: [],
      summary: null,
      progress: null,
      selection: new ReplaceSelection(),
      canUndo: this.undoRecord !== null,
    });
    return outcome;
  }

  private async keepVersion(
    path: string,
    bytes: Uint8Array,
    encodings: Map<string, TextEncodingId>,
  ): Promise<void> {
    const encoding = encodings.get(path);
    const text = encoding ? decodeBytes(bytes, encoding) : null;
    // As a tab holds a file's text: lines ending in "\n" (the file's own endings are its meta).
    if (text !== null) await this.host.keepVersion?.(path, text.replace(/\r\n?/g, "\n"));
  }

  /** "Undo replace in files": every file the last replace wrote, back byte for byte. */
  async undo(): Promise<ReplaceOutcome | null> {
    const record = this.undoRecord;
    if (!record || this.current.phase === "undoing") return null;
    this.set({ phase: "undoing", error: null });
    // Each file's tab is checked right before that file is written: typing goes on meanwhile.
    const notWritten = await undoReplace(this.host.folder, record, (path) =>
      this.host.openTab?.(path)?.modified ? unsavedTabMessage(path) : null,
    );
    const failed = new Set(notWritten.map((file) => file.path));
    const restored = record.files.filter((file) => !failed.has(file.path));
    for (const file of restored) this.host.fileWritten?.(file.path, file.original);
    this.undoRecord = null;
    const outcome: ReplaceOutcome = {
      message: `Put back ${formatCountOf(restored.length, "file")} as ${restored.length === 1 ? "it was" : "they were"} before the replace.`,
      written: restored.map((file) => ({ path: file.path, replaced: 0 })),
      notWritten,
    };
    this.set({ phase: "replaced", outcome, canUndo: false });
    return outcome;
  }

  /** The folder was closed: a running search stops and the originals are let go. */
  end(): void {
    this.cancel();
    this.ended = true;
    this.undoRecord = null;
    this.listeners.clear();
  }
}

/** Said under the review when a file has more matches than its result lists. */
export function moreThanListedWords(hits: FileHits): string | null {
  if (hits.matchCount <= MATCHES_KEPT_PER_FILE) return null;
  return `Only the first ${formatCount(MATCHES_KEPT_PER_FILE)} of its ${formatCount(hits.matchCount)} matches are listed and replaced; search again to replace the rest.`;
}
