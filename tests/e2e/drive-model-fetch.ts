/** A fetch double that answers Google Drive's URLs from a {@link DriveModel} (Node tests). */
import type { DriveModel } from "./drive-model";

/** A fetch that answers Drive's URLs from the model (Node tests); `offline()` makes it throw. */
export function modelFetch(
  model: DriveModel,
  network: { offline: boolean } = { offline: false },
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
    const payload = typeof answer.body === "string" ? answer.body : new Uint8Array(answer.body);
    return new Response(answer.status === 204 ? null : payload, {
      status: answer.status,
      headers: answer.headers,
    });
  };
}
