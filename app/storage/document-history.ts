import type { Text } from "@codemirror/state";
import { countWordsFrom } from "~/text/text-stats";
import {
  CorruptSnapshotError,
  HistoryFullError,
  type HistoryStore,
  type SnapshotMeta,
  type SnapshotReason,
  parseSnapshotReason,
} from "./history-store";
import { type NextSlice, nextTaskSlice, sliceAfterTyping } from "./work-slices";

/** A document as a snapshot takes it: CodeMirror's immutable text is captured, not copied. */
export interface SnapshotSource {
  text: Text | string;
  name: string;
  /** Its word count when the editor already knows it (then it is not counted again). */
  words?: number | null;
}

/** A kept version with its text, as a backup carries it. */
export interface KeptVersion {
  createdAt: number;
  reason: SnapshotReason;
  name: string;
  words: number;
  text: string;
}

/** Said when a snapshot could not be kept because browser storage is full. */
export const HISTORY_FULL_MESSAGE =
  "Browser storage is full, so no new version of your text could be kept in its history. Your text itself is kept. Free some space, or back up and remove tabs you no longer need.";

/** When snapshots are taken while editing. */
export interface HistoryTiming {
  /** An edit after this long without one starts a new editing session: snapshot first. */
  pauseMs: number;
  /** While editing goes on, at most one snapshot this often. */
  intervalMs: number;
  /**
   * An automatic snapshot's text is captured at the edit, but prepared (cut into pieces and
   * handed to the compression worker) only once typing has rested this long, or after
   * `quietMaxMs` of non-stop typing: the work then lands in a pause, not between keystrokes.
   */
  quietMs: number;
  quietMaxMs: number;
}

export const HISTORY_TIMING: HistoryTiming = {
  pauseMs: 60_000,
  intervalMs: 5 * 60_000,
  quietMs: 500,
  quietMaxMs: 20_000,
};

/** What the recorder tells the editor. */
export interface HistoryHost {
  /** A snapshot could not be kept: storage is full (the document itself is not affected). */
  historyFull(): void;
}

interface Tracked {
  lastEditAt: number;
  lastSnapshotAt: number;
}

/** Characters per piece of a snapshot's text. */
const PIECE_CHARS = 64 * 1024;

/**
 * The text's pieces of 64 KB (never one big string) and its word count (counted here only when
 * not given), in short slices so a 10 MB document never holds up typing.
 */
async function piecesInSlices(
  text: Text | string,
  knownWords: number | null | undefined,
  nextSlice: NextSlice,
): Promise<{ parts: string[]; words: number }> {
  if (typeof text === "string") {
    return { parts: [text], words: knownWords ?? countWordsFrom(text, false).count };
  }
  const parts: string[] = [];
  let words = 0;
  let inWord = false;
  let budget = await nextSlice();
  let sliceStart = performance.now();
  for (let from = 0; from < text.length; from += PIECE_CHARS) {
    // CodeMirror joins its own leaves for a range: far cheaper than walking every line here.
    const piece = text.sliceString(from, Math.min(text.length, from + PIECE_CHARS));
    parts.push(piece);
    if (knownWords == null) {
      const counted = countWordsFrom(piece, inWord);
      words += counted.count;
      inWord = counted.inWord;
    }
    if (performance.now() - sliceStart > budget) {
      budget = await nextSlice();
      sliceStart = performance.now();
    }
  }
  return { parts, words: knownWords ?? words };
}

/**
 * Takes the snapshots of one collection's documents (the simple editor's, or the notepad's
 * tabs) for the History panel. Automatic ones cost a keystroke nothing: an edit only compares
 * two times; when a snapshot is due, the text as it was before that edit (an immutable
 * CodeMirror Text) is kept by reference, and converted, counted and compressed when the browser
 * is idle. Explicit ones (`snapshotNow`) are taken before an operation replaces the text: a
 * Replace All, another window's or the disk's version, a file opened over it, a restore.
 */
export class DocumentHistory {
  private readonly docs = new Map<string, Tracked>();
  /** Snapshots still being written (tests wait for them). */
  private readonly writing = new Set<Promise<unknown>>();

  constructor(
    readonly store: HistoryStore,
    private readonly collection: "editor" | "notepad",
    private readonly host: HistoryHost,
    private readonly timing: HistoryTiming = HISTORY_TIMING,
    private readonly now: () => number = Date.now,
  ) {}

  /** The key of document `id` in the history store. */
  docKey(id: string): string {
    return `${this.collection}:${id}`;
  }

  /**
   * Document `id` was edited; `before` gives it as it was just before this edit. The first edit
   * after a pause, and then one edit every `intervalMs` while editing goes on, snapshot it.
   */
  noteEdit(id: string, before: () => SnapshotSource): void {
    const now = this.now();
    let doc = this.docs.get(id);
    if (!doc) {
      doc = { lastEditAt: -Infinity, lastSnapshotAt: -Infinity };
      this.docs.set(id, doc);
    }
    const afterPause = now - doc.lastEditAt >= this.timing.pauseMs;
    const due = now - doc.lastSnapshotAt >= this.timing.intervalMs;
    doc.lastEditAt = now;
    if (!afterPause && !due) return;
    doc.lastSnapshotAt = now;
    void this.keep(id, before(), "editing", true);
  }

  /** Snapshots document `id` now (its text is captured at once), for `reason`. */
  snapshotNow(
    id: string,
    source: SnapshotSource,
    reason: SnapshotReason,
  ): Promise<SnapshotMeta | null> {
    const doc = this.docs.get(id);
    if (doc) doc.lastSnapshotAt = this.now();
    return this.keep(id, source, reason, false);
  }

  private keep(
    id: string,
    source: SnapshotSource,
    reason: SnapshotReason,
    whenIdle: boolean,
  ): Promise<SnapshotMeta | null> {
    const at = this.now();
    const work = (async () => {
      const { text, name, words: knownWords } = source;
      if (text.length === 0) return null;
      if (whenIdle) await this.typingRests(id);
      const nextSlice = whenIdle ? sliceAfterTyping : nextTaskSlice;
      const { parts, words } = await piecesInSlices(text, knownWords, nextSlice);
      try {
        return await this.store.add(
          this.docKey(id),
          { text: parts, name, words, reason },
          at,
          nextSlice,
        );
      } catch (error) {
        if (error instanceof HistoryFullError) this.host.historyFull();
        else console.error("Keeping a version of the document failed", error);
        return null;
      }
    })();
    this.writing.add(work);
    void work.finally(() => this.writing.delete(work));
    return work;
  }

  /** Resolves once document `id` has had no edit for `quietMs` (or after `quietMaxMs`). */
  private async typingRests(id: string): Promise<void> {
    const { quietMs, quietMaxMs } = this.timing;
    const giveUpAt = Date.now() + quietMaxMs;
    for (;;) {
      const lastEditAt = this.docs.get(id)?.lastEditAt ?? -Infinity;
      const wait = lastEditAt + quietMs - this.now();
      if (wait <= 0 || Date.now() >= giveUpAt) return;
      await new Promise((resolve) => setTimeout(resolve, Math.min(wait, quietMs)));
    }
  }

  /** Resolves when every snapshot started so far is written (or failed). */
  async whenWritten(): Promise<void> {
    while (this.writing.size) await Promise.allSettled([...this.writing]);
  }

  /**
   * Files the versions of document `fromId`, and of every document whose id continues it with
   * "/…" (the files of a renamed folder), under the same id beginning `toId` instead.
   */
  async moveVersions(fromId: string, toId: string): Promise<void> {
    const [from, to] = [this.docKey(fromId), this.docKey(toId)];
    const moves = (await this.store.listAll()).flatMap((meta) =>
      meta.docKey === from || meta.docKey.startsWith(`${from}/`)
        ? [{ id: meta.id, docKey: to + meta.docKey.slice(from.length) }]
        : [],
    );
    if (moves.length > 0) await this.store.rekey(moves);
  }

  /** The snapshots of document `id`, newest first. */
  list(id: string): Promise<SnapshotMeta[]> {
    return this.store.list(this.docKey(id));
  }

  /** A snapshot's text (rejects with CorruptSnapshotError for an unreadable one). */
  read(snapshotId: string): Promise<string> {
    return this.store.read(snapshotId);
  }

  /**
   * Every readable kept version of document `id` with its text, oldest first (for a backup).
   * An unreadable one is skipped (and kept aside by the store).
   */
  async exportVersions(id: string): Promise<KeptVersion[]> {
    const versions: KeptVersion[] = [];
    for (const meta of (await this.list(id)).reverse()) {
      try {
        const text = await this.store.read(meta.id);
        const { createdAt, reason, name, words } = meta;
        versions.push({ createdAt, reason, name, words, text });
      } catch (error) {
        if (!(error instanceof CorruptSnapshotError)) throw error;
      }
    }
    return versions;
  }

  /**
   * Adds versions read from a backup to document `id`'s history, at their own times; the
   * budget then applies as to any other. Returns how many were kept (storage may be full).
   */
  async importVersions(
    id: string,
    versions: readonly {
      createdAt: number;
      reason: string;
      name: string;
      words: number;
      text: string;
    }[],
  ): Promise<number> {
    let kept = 0;
    for (const version of [...versions].sort((a, b) => a.createdAt - b.createdAt)) {
      if (!version.text) continue;
      try {
        await this.store.add(
          this.docKey(id),
          {
            text: version.text,
            name: version.name,
            words: version.words,
            reason: parseSnapshotReason(version.reason),
          },
          version.createdAt,
        );
        kept += 1;
      } catch (error) {
        if (error instanceof HistoryFullError) {
          this.host.historyFull();
          break;
        }
        throw error;
      }
    }
    await this.store.thin(this.now());
    return kept;
  }
}
