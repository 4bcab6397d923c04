// The workspace engine as the bench runs it in Node (bundled by esbuild from app/workspace/),
// with a WorkspaceFolder over the real disk.
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { readdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { loadLegacyEncoders } from "~/text/legacy-encodings";
import { compileSearch } from "~/text/search";
import { encodeText } from "~/text/text-encoding";
import { applyLineEnding } from "~/text/line-endings";
import {
  type EncodingMemo,
  type FindEvent,
  type FindQuery,
  findInFolder,
} from "~/workspace/find-in-files";
import { FindMerge, findWorkerCount } from "~/workspace/find-split";
import { walkShownFiles } from "~/workspace/folder-walk";
import { QuickOpenIndex } from "~/workspace/fuzzy-rank";
import { applyReplacePlan, planReplace, undoReplace } from "~/workspace/replace-plan";
import type { FileStamp, FolderEntry, WorkspaceFolder } from "~/workspace/workspace-folder";

export class DiskFolder implements WorkspaceFolder {
  readonly writable = true;
  readonly name: string;

  constructor(private readonly root: string) {
    this.name = path.basename(root);
  }

  async list(folder: string): Promise<FolderEntry[]> {
    const entries = await readdir(path.join(this.root, folder), { withFileTypes: true });
    return entries.map((entry) => ({
      name: entry.name,
      path: folder === "" ? entry.name : `${folder}/${entry.name}`,
      kind: entry.isDirectory() ? "folder" : "file",
    }));
  }

  async stat(file: string): Promise<FileStamp> {
    const info = await stat(path.join(this.root, file));
    return { size: info.size, lastModified: info.mtimeMs };
  }

  async read(file: string) {
    const read = await this.readUpTo(file, Infinity);
    if (read === "too-large") throw new Error("unreachable: no file is over Infinity bytes");
    return read;
  }

  /**
   * One open file for its size, time and bytes (as a browser's File gives them together), as
   * the page's folders do (`HandleFolder.readUpTo`): a file over `maxBytes` is not read. With
   * Node's synchronous calls, as a native tool reads (ripgrep, the anchor, does): each of
   * `fs.promises`' open, stat, read and close is a round trip through libuv's thread pool,
   * and those four were a third of a search's time here, a cost of Node's, not the engine's.
   */
  async readUpTo(file: string, maxBytes: number) {
    const fd = openSync(path.join(this.root, file), "r");
    try {
      const info = fstatSync(fd);
      if (info.size > maxBytes) return "too-large" as const;
      const bytes = new Uint8Array(info.size);
      let filled = 0;
      while (filled < bytes.length) {
        const got = readSync(fd, bytes, filled, bytes.length - filled, filled);
        if (got === 0) break;
        filled += got;
      }
      return { bytes: bytes.subarray(0, filled), size: filled, lastModified: info.mtimeMs };
    } finally {
      closeSync(fd);
    }
  }

  async write(file: string, bytes: Uint8Array): Promise<FileStamp> {
    await writeFile(path.join(this.root, file), bytes);
    return this.stat(file);
  }

  // The bench changes files only by writing them: the tree's file commands are not measured.
  kindOf = notMeasured;
  createFile = notMeasured;
  createFolder = notMeasured;
  rename = notMeasured;
  move = notMeasured;
  remove = notMeasured;
}

function notMeasured(): never {
  throw new Error("The workspace bench does not create, rename, move or delete files.");
}

/** What the main thread asks a search thread, and what the thread answers. */
type ThreadRequest = { id: number; query: FindQuery };
type ThreadReply = { id: number; event: FindEvent };

/**
 * Find in files on `parts` threads, as the page runs it on its workers (find-off-thread.ts):
 * each thread walks the folder and searches its share (file-share.ts), keeping its files'
 * encodings between searches, and the page's own merge (find-split.ts) puts what they find
 * back into folder order. `close` ends the threads.
 */
export function threadedFinder(root: string, parts: number, moduleUrl: string) {
  const threads = Array.from(
    { length: parts },
    (_, part) => new Worker(new URL(moduleUrl), { workerData: { root, part, parts } }),
  );
  let nextId = 0;
  return {
    async *find(query: FindQuery): AsyncGenerator<FindEvent> {
      const id = nextId++;
      const events: FindEvent[] = [];
      let wake: (() => void) | null = null;
      const merge = new FindMerge(parts, (event) => {
        events.push(event);
        wake?.();
      });
      const listeners = threads.map((thread, part) => {
        const listener = (reply: ThreadReply) => {
          if (reply.id === id) merge.take(part, reply.event);
        };
        thread.on("message", listener);
        thread.postMessage({ id, query } satisfies ThreadRequest);
        return listener;
      });
      try {
        for (;;) {
          while (events.length > 0) {
            const event = events.shift()!;
            yield event;
            if (event.type === "done" || event.type === "error") return;
          }
          await new Promise<void>((resolve) => (wake = resolve));
          wake = null;
        }
      } finally {
        threads.forEach((thread, part) => thread.off("message", listeners[part]));
      }
    },
    close: () => Promise.all(threads.map((thread) => thread.terminate())),
  };
}

// A search thread of `threadedFinder`: this same module, started with its share.
if (!isMainThread && parentPort && workerData?.parts) {
  const { root, part, parts } = workerData as { root: string; part: number; parts: number };
  const port = parentPort;
  const folder = new DiskFolder(root);
  const memo: EncodingMemo = new Map();
  const loaded = loadLegacyEncoders();
  port.on("message", async ({ id, query }: ThreadRequest) => {
    await loaded;
    for await (const event of findInFolder(folder, query, undefined, memo, { part, parts })) {
      port.postMessage({ id, event } satisfies ThreadReply);
    }
  });
}

export {
  applyLineEnding,
  applyReplacePlan,
  compileSearch,
  encodeText,
  findInFolder,
  findWorkerCount,
  loadLegacyEncoders,
  planReplace,
  QuickOpenIndex,
  undoReplace,
  walkShownFiles,
};
