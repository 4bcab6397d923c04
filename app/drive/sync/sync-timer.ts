/**
 * When sync runs: a few seconds after typing rests (Real-time), every 30 seconds or 5 minutes,
 * or only when asked ("Sync now", the page getting focus). Runs never overlap: a request that
 * comes during a run gives one more run after it. After a run that Google rate-limited, the
 * next one waits (exponential backoff with jitter, or Google's Retry-After when longer).
 * Waits go through {@link SyncTimers}: the global setTimeout by default (vitest's fake timers
 * replace it), or a clock a test gives that jumps ahead, so rate limits cost it no real time.
 */
import type { SyncInterval } from "./sync-types";

/** Real-time: how long typing must rest before changes are sent. */
export const REALTIME_REST_MS = 3_000;
/** Real-time: how often Drive is asked for changes made elsewhere while nobody types here. */
export const REALTIME_POLL_MS = 15_000;
/** Time between runs per interval (null: none on a timer). */
export const INTERVAL_MS: Record<SyncInterval, number | null> = {
  realtime: REALTIME_POLL_MS,
  "30s": 30_000,
  "5min": 300_000,
  manual: null,
};
/** First wait after a rate-limited run; it doubles with each one in a row. */
export const RATE_LIMIT_BASE_MS = 5_000;
/** The longest wait after rate limits. */
export const RATE_LIMIT_MAX_MS = 300_000;

/** What a run reports to the timer. */
export interface RunReport {
  /** Google answered 429 or a rate-limit 403 (after the request layer's own retries). */
  rateLimited?: boolean;
  /** Google's Retry-After, when it gave one. */
  retryAfterMs?: number;
}

/**
 * The wait after the `count`-th rate-limited run in a row: base × 2^(count-1), plus up to the
 * same again at random (jitter, so two computers do not retry in step), at most the cap, and
 * at least Retry-After.
 */
export function rateLimitDelay(count: number, random: () => number, retryAfterMs = 0): number {
  const exponential = Math.min(RATE_LIMIT_BASE_MS * 2 ** (count - 1), RATE_LIMIT_MAX_MS);
  const jittered = Math.min(exponential + random() * exponential, RATE_LIMIT_MAX_MS);
  return Math.max(jittered, retryAfterMs);
}

/** Where the timer's waits come from (its `now` must be the same clock's). */
export interface SyncTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The page's own timers. */
const GLOBAL_TIMERS: SyncTimers = {
  // Looked up at each call, so vitest's fake timers (installed later) are the ones used.
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Options of {@link SyncTimer}. */
export interface SyncTimerOptions {
  interval: SyncInterval;
  /** One sync run; a rejection counts as a run that failed (the schedule goes on). */
  run: () => Promise<RunReport | void>;
  now?: () => number;
  random?: () => number;
  /** Default the global setTimeout and clearTimeout. */
  timers?: SyncTimers;
}

/** The scheduler of one notepad's sync runs. */
export class SyncTimer {
  private interval: SyncInterval;
  private active = false;
  private running = false;
  /** A run was asked for while one ran. */
  private again = false;
  private periodTimer: unknown = null;
  private restTimer: unknown = null;
  private backoffTimer: unknown = null;
  private backoffUntil = 0;
  private rateLimits = 0;
  /** Resolved when the next run that starts from now on is over. */
  private waiters: (() => void)[] = [];
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly timers: SyncTimers;

  constructor(private readonly options: SyncTimerOptions) {
    this.interval = options.interval;
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.timers = options.timers ?? GLOBAL_TIMERS;
  }

  /** Starts the schedule (no run at once: call {@link request} for that). */
  start(): void {
    if (this.active) return;
    this.active = true;
    this.armPeriod();
  }

  /** Stops every timer; a run under way finishes; waiting callers are released. */
  stop(): void {
    this.active = false;
    for (const timer of [this.periodTimer, this.restTimer, this.backoffTimer]) {
      if (timer) this.timers.clearTimeout(timer);
    }
    this.periodTimer = this.restTimer = this.backoffTimer = null;
    this.again = false;
    this.release();
  }

  /** True while started. */
  isActive(): boolean {
    return this.active;
  }

  /** The current interval. */
  getInterval(): SyncInterval {
    return this.interval;
  }

  /** Changes the interval; the period starts again from now. */
  setInterval(interval: SyncInterval): void {
    this.interval = interval;
    if (interval !== "realtime" && this.restTimer) {
      this.timers.clearTimeout(this.restTimer);
      this.restTimer = null;
    }
    if (this.active) this.armPeriod();
  }

  /** When the last rate limit lets the next run start (0: no wait). */
  waitingUntil(): number {
    return this.backoffUntil > this.now() ? this.backoffUntil : 0;
  }

  /**
   * Someone typed. Real-time: a run once typing has rested {@link REALTIME_REST_MS}; other
   * intervals send the change at their next run.
   */
  typed(): void {
    if (!this.active || this.interval !== "realtime") return;
    if (this.restTimer) this.timers.clearTimeout(this.restTimer);
    this.restTimer = this.timers.setTimeout(() => {
      this.restTimer = null;
      void this.request();
    }, REALTIME_REST_MS);
  }

  /**
   * A run as soon as possible ("Sync now", focus, back online): now, after the run under way,
   * or when a rate limit's wait is over. Resolves when that run is over (at once when stopped).
   */
  request(): Promise<void> {
    if (!this.active) return Promise.resolve();
    const done = new Promise<void>((resolve) => this.waiters.push(resolve));
    if (this.running) {
      this.again = true;
    } else if (this.waitingUntil()) {
      this.armBackoff();
    } else {
      void this.execute();
    }
    return done;
  }

  private async execute(): Promise<void> {
    this.running = true;
    const waiters = this.waiters;
    this.waiters = [];
    if (this.periodTimer) this.timers.clearTimeout(this.periodTimer);
    this.periodTimer = null;
    let report: RunReport | void = undefined;
    try {
      report = await this.options.run();
    } catch {
      // The run reports its own failures in the status; the schedule goes on.
    }
    this.running = false;
    if (report?.rateLimited) {
      this.rateLimits++;
      this.backoffUntil =
        this.now() + rateLimitDelay(this.rateLimits, this.random, report.retryAfterMs);
    } else {
      this.rateLimits = 0;
      this.backoffUntil = 0;
    }
    for (const resolve of waiters) resolve();
    if (!this.active) return this.release();
    this.armPeriod();
    if (report?.rateLimited) {
      this.again = false;
      this.armBackoff();
    } else if (this.again) {
      this.again = false;
      void this.request();
    }
  }

  /** One run when the rate-limit wait is over. */
  private armBackoff(): void {
    if (this.backoffTimer) return;
    const wait = Math.max(0, this.backoffUntil - this.now());
    this.backoffTimer = this.timers.setTimeout(() => {
      this.backoffTimer = null;
      this.backoffUntil = 0;
      void this.request();
    }, wait);
  }

  private armPeriod(): void {
    if (this.periodTimer) this.timers.clearTimeout(this.periodTimer);
    this.periodTimer = null;
    const period = INTERVAL_MS[this.interval];
    if (period === null) return;
    this.periodTimer = this.timers.setTimeout(() => {
      this.periodTimer = null;
      if (this.waitingUntil()) this.armPeriod();
      else void this.request();
    }, period);
  }

  private release(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}
