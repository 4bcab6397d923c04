/**
 * Long work on the page (preparing a version-history snapshot of a big document) done in short
 * slices, so it never holds up typing. A `NextSlice` waits for the next chance to work and
 * resolves with how many milliseconds that slice may use.
 */
export type NextSlice = () => Promise<number>;

/** Longest stretch of work between yields. */
export const SLICE_MS = 8;

/**
 * Longest stretch of work between yields while a file is read (or a big text assembled) for a
 * user who waits on it. Shorter than SLICE_MS because V8 collects garbage in the middle of
 * these slices, and its pause adds to theirs: reading 500 MB, the young-generation and
 * compaction pauses reach 25-40 ms, so an 8 ms slice made tasks of 51-67 ms in three opens of
 * four, and a 4 ms slice none in sixteen (decision 011). The open takes no longer: yielding
 * costs far less than the work.
 */
export const READ_SLICE_MS = 4;

/** The next task, a full slice: for work the user's own action waits for. */
export const nextTaskSlice: NextSlice = () =>
  new Promise((resolve) => setTimeout(() => resolve(SLICE_MS), 0));

/**
 * While the user is typing (input in the last TYPING_WINDOW_MS), an idle slice is at most this
 * long. A keystroke that arrives during idle work waits for the slice to end: with full 8 ms
 * slices filling the gaps between keystrokes (a 500 MB document's version snapshot takes
 * seconds of them), typing cost up to 8 ms more per keystroke. The work goes on, slower, and
 * gets full slices again once typing stops.
 */
export const TYPING_SLICE_MS = 2;
const TYPING_WINDOW_MS = 1000;

let lastInputAt = Number.NEGATIVE_INFINITY;
let watchingInput = false;

function noteInput(): void {
  lastInputAt = performance.now();
}

function watchInput(): void {
  if (watchingInput || typeof window === "undefined") return;
  watchingInput = true;
  for (const type of ["keydown", "beforeinput", "pointerdown", "wheel"]) {
    window.addEventListener(type, noteInput, { capture: true, passive: true });
  }
}

/** How long an idle slice may run, given the idle period's time left. */
function idleBudget(deadline: IdleDeadline): number {
  if (deadline.didTimeout) return SLICE_MS;
  const typing = performance.now() - lastInputAt < TYPING_WINDOW_MS;
  return Math.min(typing ? TYPING_SLICE_MS : SLICE_MS, deadline.timeRemaining());
}

/**
 * The browser's next idle period, for as long as it lasts (at most a slice, a shorter one while
 * the user types): background work then never shares a frame with a keystroke. After a second
 * without idle time it gets a slice anyway, so it always finishes.
 */
export const idleSlice: NextSlice = () =>
  new Promise((resolve) => {
    if (typeof requestIdleCallback !== "function") return void nextTaskSlice().then(resolve);
    watchInput();
    requestIdleCallback((deadline) => resolve(idleBudget(deadline)), { timeout: 1000 });
  });

/** Longest a slice of work kept out of typing waits for a pause before it takes a short one. */
export const TYPING_PAUSE_WAIT_MS = 5000;

/**
 * An idle slice once the user has not typed for a second (idleSlice), for background work
 * nobody is waiting to see (a version-history snapshot). Short idle slices between keystrokes
 * still added up: a 50 MB snapshot ran two or three 2 ms slices beside each of the next 15-20
 * keystrokes, 5-7 ms of each one's main-thread time (issue 51). While typing goes on without a
 * pause, it takes a short slice every TYPING_PAUSE_WAIT_MS, so the work always finishes.
 */
export const sliceAfterTyping: NextSlice = async () => {
  watchInput();
  const asked = performance.now();
  for (;;) {
    const sinceInput = performance.now() - lastInputAt;
    const waited = performance.now() - asked;
    if (sinceInput >= TYPING_WINDOW_MS || waited >= TYPING_PAUSE_WAIT_MS) return idleSlice();
    const wait = Math.min(TYPING_WINDOW_MS - sinceInput, TYPING_PAUSE_WAIT_MS - waited);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
};

/**
 * While the user types, a short slice in the browser's idle time (idleSlice); otherwise a full
 * slice in the next task. For work the user sees arrive (the Markdown preview's blocks): it goes
 * at full speed when nobody types, and never shares a frame with a keystroke. Idle time alone
 * was too slow for it: Firefox gave a 1 MB preview's first render a third of the time a task
 * chain gets (30 s against 9 s).
 */
export const sliceAroundTyping: NextSlice = () => {
  watchInput();
  return performance.now() - lastInputAt < TYPING_WINDOW_MS ? idleSlice() : nextTaskSlice();
};

/**
 * Lets the page handle input and paint, then carries on at once: for a long job the user is
 * waiting on (reading a big file), where idle time or a clamped timer would only slow it down.
 * `scheduler.yield()` where the browser has it (Chromium), else a message-channel task.
 */
export function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Characters per piece when a big text is handed to a worker (about a millisecond to copy). */
export const WORKER_PIECE_CHARS = 1 << 20;

/** A string, or anything that slices like a CodeMirror `Text`. */
type Sliceable = string | { length: number; sliceString(from: number, to?: number): string };

/**
 * Hands [from, to) of `text` to a worker a piece at a time, one piece per task: posting a string
 * copies it on the page, and 10 MB in one message is one long task. `wrap` makes each message.
 */
export async function postTextInPieces(
  target: { postMessage(message: unknown): void },
  text: Sliceable,
  wrap: (piece: string) => unknown,
  from = 0,
  to = text.length,
): Promise<void> {
  for (let at = from; at < to; at += WORKER_PIECE_CHARS) {
    const end = Math.min(to, at + WORKER_PIECE_CHARS);
    target.postMessage(
      wrap(typeof text === "string" ? text.slice(at, end) : text.sliceString(at, end)),
    );
    await yieldToPage();
  }
}
