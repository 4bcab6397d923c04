/**
 * The sync's three-way merge, off the main thread when the texts are big: below
 * {@link WORKER_MERGE_FROM_CHARS} the merge is quicker than handing the texts over, so it runs
 * here; above, a module worker (merge-worker.ts) runs the same {@link mergeTexts}. Where there
 * is no worker (Node, or a worker that failed to start) the merge runs here: never lost, only
 * slower.
 */
import { mergeTexts, type MergeInput, type MergeOutcome } from "./merge";
import type { MergeReply, MergeRequest } from "./merge-job";

/** From this many characters (the three texts together) a merge goes to the worker. */
export const WORKER_MERGE_FROM_CHARS = 200_000;

/** What the merge needs of a worker (a Worker; tests pass a stand-in). */
export interface MergeWorker {
  postMessage(request: MergeRequest): void;
  onmessage: ((event: MessageEvent<MergeReply>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

type WorkerFactory = () => MergeWorker | null;

function pageWorker(): MergeWorker | null {
  if (typeof Worker === "undefined" || typeof window === "undefined") return null;
  return new Worker(new URL("./merge-worker.ts", import.meta.url), { type: "module" });
}

let factory: WorkerFactory = pageWorker;
let worker: MergeWorker | null | undefined;
let nextJob = 0;
const jobs = new Map<number, (reply: MergeReply | null) => void>();

/** Replaces where the worker comes from (tests); the next big merge makes a new one. */
export function setMergeWorkerFactory(next: WorkerFactory | null): void {
  factory = next ?? pageWorker;
  worker = undefined;
}

function mergeWorker(): MergeWorker | null {
  if (worker !== undefined) return worker;
  try {
    worker = factory();
  } catch {
    worker = null;
  }
  if (!worker) return null;
  worker.onmessage = (event) => {
    jobs.get(event.data.id)?.(event.data);
    jobs.delete(event.data.id);
  };
  worker.onerror = () => {
    // The worker could not run (it failed to load): every merge waiting runs here instead.
    worker = null;
    for (const settle of jobs.values()) settle(null);
    jobs.clear();
  };
  return worker;
}

/** {@link mergeTexts}, in the worker when the texts are big. */
export async function mergeOffThread(input: MergeInput): Promise<MergeOutcome> {
  const size = input.local.length + input.remote.length + (input.base?.length ?? 0);
  const target = size >= WORKER_MERGE_FROM_CHARS ? mergeWorker() : null;
  if (!target) return mergeTexts(input);
  const id = ++nextJob;
  const reply = await new Promise<MergeReply | null>((resolve) => {
    jobs.set(id, resolve);
    target.postMessage({ id, input });
  });
  if (reply && "outcome" in reply) return reply.outcome;
  return mergeTexts(input);
}

/**
 * The merge of a tab's text with Drive's, with the text the tab holds once it is done: a big
 * merge runs in the worker while the person may type, so it is merged again with what they
 * typed; the last try runs here, where no typing can come in between. `readText` reads the
 * tab now (null: it was closed meanwhile, and so is the answer).
 */
export async function mergeWithTyping(
  readText: () => string | null,
  base: string | null,
  local: string,
  remote: string,
): Promise<(MergeOutcome & { local: string }) | null> {
  for (let tries = 1; ; tries++) {
    const input = { base, local, remote };
    const outcome = tries < 3 ? await mergeOffThread(input) : mergeTexts(input);
    const now = readText();
    if (now === null) return null;
    if (now === local) return { ...outcome, local };
    local = now;
  }
}

/**
 * {@link mergeWithTyping}'s answer, checked once more by its caller where nothing can come in
 * between (its own synchronous code, just before the text is put into the tab): text typed
 * while the answer was on its way is merged in here. Null: the tab was closed meanwhile.
 */
export function mergedWithTextNow(
  outcome: (MergeOutcome & { local: string }) | null,
  readText: () => string | null,
  base: string | null,
  remote: string,
): (MergeOutcome & { local: string }) | null {
  if (!outcome) return null;
  const now = readText();
  if (now === null) return null;
  if (now === outcome.local) return outcome;
  return { ...mergeTexts({ base, local: now, remote }), local: now };
}
