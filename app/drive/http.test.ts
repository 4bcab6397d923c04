import { describe, expect, it } from "vitest";
import { DriveHttpError } from "./errors";
import { BACKOFF_MAX_MS, driveRequest, parseRetryAfter, type DriveHttpContext } from "./http";

/** A context whose fetch answers from `answers` in turn and records the waits. */
function context(answers: (() => Response)[]) {
  const waits: number[] = [];
  let calls = 0;
  const http: DriveHttpContext = {
    tokens: { getToken: async () => "token", renewToken: async () => "token" },
    fetchImpl: async () => answers[Math.min(calls++, answers.length - 1)](),
    sleep: async (ms) => void waits.push(ms),
    random: () => 0,
  };
  return { http, waits, calls: () => calls };
}

const request = {
  url: "https://www.googleapis.com/drive/v3/files/x",
  operation: "metadata" as const,
};
const text = (response: Response) => response.text();
const busy = (status: number, retryAfter: string) => () =>
  new Response("{}", { status, headers: { "Retry-After": retryAfter } });

describe("Retry-After", () => {
  it("waits as long as Google asks before trying again (429 and 503)", async () => {
    for (const status of [429, 503]) {
      const { http, waits } = context([busy(status, "9"), () => new Response("done")]);
      await expect(driveRequest(http, request, text)).resolves.toBe("done");
      expect(waits).toEqual([9_000]);
    }
  });

  it("does not retry before a longer Retry-After: the error carries it for the schedule", async () => {
    const { http, waits, calls } = context([busy(429, "120"), () => new Response("done")]);
    const error = await driveRequest(http, request, text).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DriveHttpError);
    expect((error as DriveHttpError).retryAfterMs).toBe(120_000);
    expect(calls()).toBe(1);
    expect(waits).toEqual([]);
  });

  it("reads delay-seconds and HTTP dates", () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 0);
    expect(parseRetryAfter("30", now)).toBe(30_000);
    expect(parseRetryAfter("Thu, 01 Jan 2026 12:02:00 GMT", now)).toBe(120_000);
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(BACKOFF_MAX_MS).toBeLessThan(120_000);
  });
});
