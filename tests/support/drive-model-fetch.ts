/**
 * A fetch double that answers Google Drive's URLs from a {@link DriveModel} (Node tests), and
 * acts out the model's transport faults as a browser's fetch would: a lost answer or no
 * network rejects with TypeError("Failed to fetch"); a timed-out connection rejects with a
 * TimeoutError; "hang" holds the answer until the caller's AbortSignal fires (its own limit).
 */
import type { DriveModel } from "./drive-model";

/** One computer's network: `offline` makes every call fail before it is sent. */
export interface ModelNetwork {
  offline: boolean;
}

function rejectWhenAborted(signal: AbortSignal | null | undefined): Promise<never> {
  return new Promise((_, reject) => {
    const fail = () => reject(signal?.reason ?? new DOMException("aborted", "AbortError"));
    if (signal?.aborted) fail();
    else signal?.addEventListener("abort", fail, { once: true });
  });
}

/** A fetch that answers Drive's URLs from the model (Node tests). */
export function modelFetch(
  model: DriveModel,
  network: ModelNetwork = { offline: false },
): typeof fetch {
  return async (input, init) => {
    if (network.offline) throw new TypeError("Failed to fetch");
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => (headers[key] = value));
    const body = init?.body
      ? new Uint8Array(await new Response(init.body).arrayBuffer())
      : new Uint8Array();
    const answer = await model.answer({
      method: init?.method ?? "GET",
      url: String(input),
      headers,
      body,
    });
    switch (answer.transport) {
      case "offline":
      case "lost":
        throw new TypeError("Failed to fetch");
      case "timeout":
        throw new DOMException("The operation timed out.", "TimeoutError");
      case "hang":
        return rejectWhenAborted(init?.signal);
    }
    const payload = typeof answer.body === "string" ? answer.body : new Uint8Array(answer.body);
    return new Response(answer.status === 204 || answer.status === 308 ? null : payload, {
      status: answer.status,
      headers: answer.headers,
    });
  };
}
