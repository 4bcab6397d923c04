/**
 * The one way Drive REST calls are made: bearer token, a time limit per attempt (AbortController),
 * one silent token renewal on 401, and exponential backoff with jitter on 429, rate-limit 403s
 * and 5xx (at most {@link MAX_ATTEMPTS} tries). Other failures are not retried.
 */
import {
  DriveHttpError,
  DriveNetworkError,
  DriveTimeoutError,
  driveErrorReasons,
  type DriveOperation,
} from "./errors";

/** Where access tokens come from (the auth module; a stub in tests). */
export interface TokenSource {
  /**
   * A token believed valid. Called outside any click, so when a new token needs Google's
   * sign-in window it waits for the user to press a "Reconnect" button.
   */
  getToken(): Promise<string>;
  /** Drops the current token and gets a new one (prompt ''), after a 401; same rule. */
  renewToken(): Promise<string>;
}

/** What a request needs besides its own description; all but `tokens` have defaults. */
export interface DriveHttpContext {
  tokens: TokenSource;
  fetchImpl?: typeof fetch;
  /** Waits between retries; tests pass an instant one. */
  sleep?: (ms: number) => Promise<void>;
  /** 0 <= x < 1, for the jitter. */
  random?: () => number;
}

/** One Drive call. The body must be re-sendable (a string or Blob), since it may be retried. */
export interface DriveRequest {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string | Blob;
  operation: DriveOperation;
  /** Per attempt, including reading the answer. Default {@link DEFAULT_TIMEOUT_MS}. */
  timeoutMs?: number;
  /**
   * Statuses besides 2xx handed to `read` instead of failing (a resumable upload's 308, or the
   * 404 of an expired upload session).
   */
  acceptStatuses?: readonly number[];
  /** Tries for retryable answers; default {@link MAX_ATTEMPTS}. 1 leaves retrying to the caller. */
  maxAttempts?: number;
}

/** Tries per call for retryable answers (the first try included). */
export const MAX_ATTEMPTS = 3;
/** Default time limit of one attempt. */
export const DEFAULT_TIMEOUT_MS = 30_000;
/** First backoff step; doubles each retry, plus up to the same again of jitter. */
export const BACKOFF_BASE_MS = 1_000;
/**
 * No single wait is longer than this. A longer Retry-After is not waited for inside the call:
 * the call fails at once with it ({@link DriveHttpError.retryAfterMs}) and the caller's schedule
 * waits (the sync's timer), so Google's word is kept without holding a request open.
 */
export const BACKOFF_MAX_MS = 16_000;

const RATE_LIMIT_REASONS = new Set(["rateLimitExceeded", "userRateLimitExceeded"]);

/** True for a 403 whose error reason is a rate limit (Drive reports some limits that way). */
export function isRateLimitBody(body: string): boolean {
  return driveErrorReasons(body).some((reason) => RATE_LIMIT_REASONS.has(reason));
}

/** Whether a failed answer is worth another try. */
export function isRetryable(status: number, body: string): boolean {
  return status === 429 || status >= 500 || (status === 403 && isRateLimitBody(body));
}

/** Wait before retry number `retry` (1-based): base * 2^(retry-1) plus jitter, capped. */
export function backoffDelay(retry: number, random: () => number, retryAfterMs?: number): number {
  const exponential = BACKOFF_BASE_MS * 2 ** (retry - 1);
  const jittered = exponential + random() * exponential;
  return Math.min(BACKOFF_MAX_MS, Math.max(jittered, retryAfterMs ?? 0));
}

/** Retry-After in milliseconds: delay-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (value.trim() !== "" && Number.isFinite(seconds)) {
    return seconds >= 0 ? seconds * 1000 : undefined;
  }
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - now) : undefined;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Performs the request and hands the ok response to `read` (inside the same time limit).
 * Throws {@link DriveHttpError}, {@link DriveTimeoutError} or {@link DriveNetworkError}.
 */
export async function driveRequest<T>(
  context: DriveHttpContext,
  request: DriveRequest,
  read: (response: Response) => Promise<T>,
): Promise<T> {
  const fetchImpl = context.fetchImpl ?? ((input, init) => fetch(input, init));
  const sleep = context.sleep ?? defaultSleep;
  const random = context.random ?? Math.random;
  const timeoutMs = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxAttempts = request.maxAttempts ?? MAX_ATTEMPTS;
  let token = await context.tokens.getToken();
  let renewed = false;
  for (let attempt = 1; ; attempt++) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      let response: Response;
      try {
        response = await fetchImpl(request.url, {
          method: request.method ?? "GET",
          headers: { ...request.headers, Authorization: `Bearer ${token}` },
          body: request.body,
          signal: controller.signal,
        });
      } catch (error) {
        if (controller.signal.aborted) throw new DriveTimeoutError(request.operation, timeoutMs);
        throw Object.assign(new DriveNetworkError(request.operation), { cause: error });
      }
      if (response.ok || request.acceptStatuses?.includes(response.status)) {
        try {
          return await read(response);
        } catch (error) {
          if (controller.signal.aborted) throw new DriveTimeoutError(request.operation, timeoutMs);
          throw error;
        }
      }
      const body = await response.text().catch(() => "");
      if (response.status === 401 && !renewed) {
        // An expired or revoked token: renew once silently and try again.
        renewed = true;
        clearTimeout(timer);
        token = await context.tokens.renewToken();
        attempt--; // the renewal does not use up a try
        continue;
      }
      const retryAfterMs = parseRetryAfter(response.headers.get("Retry-After"));
      const waitable = retryAfterMs === undefined || retryAfterMs <= BACKOFF_MAX_MS;
      if (attempt < maxAttempts && waitable && isRetryable(response.status, body)) {
        clearTimeout(timer);
        await sleep(backoffDelay(attempt, random, retryAfterMs));
        continue;
      }
      throw new DriveHttpError(request.operation, response.status, body, retryAfterMs);
    } finally {
      clearTimeout(timer);
    }
  }
}
