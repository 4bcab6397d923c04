/**
 * The fake Drive (drive-model.ts) behind Playwright's page.route / context.route: one Drive
 * REST request of the page answered by the model, with CORS as Google sends it, and the
 * model's transport faults acted out as the browser would see them (a timed-out or dropped
 * connection, no network).
 */
import type { Route } from "@playwright/test";
import type { DriveModel, ModelTransport } from "./drive-model";

const CORS = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "Location, Range",
};

const ABORTS: Record<ModelTransport, string> = {
  timeout: "timedout",
  lost: "connectionreset",
  offline: "internetdisconnected",
  hang: "timedout",
};

/** Answers `route` from `model`; `offline` drops it as a browser with no network would. */
export async function answerFromModel(
  route: Route,
  model: DriveModel,
  offline = false,
): Promise<void> {
  const request = route.request();
  if (request.method() === "OPTIONS")
    return route.fulfill({
      status: 204,
      headers: {
        ...CORS,
        "access-control-allow-headers": "*",
        "access-control-allow-methods": "*",
      },
    });
  if (offline) return route.abort("internetdisconnected");
  const answer = await model.answer({
    method: request.method(),
    url: request.url(),
    headers: request.headers(),
    body: new Uint8Array(request.postDataBuffer() ?? Buffer.alloc(0)),
  });
  if (answer.transport) return route.abort(ABORTS[answer.transport]);
  return route.fulfill({
    status: answer.status,
    headers: { ...CORS, ...answer.headers },
    body: typeof answer.body === "string" ? answer.body : Buffer.from(answer.body),
  });
}
