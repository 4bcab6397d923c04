/**
 * The fake Drive (drive-model.ts) behind a plain Node HTTP server, for browsers a test cannot
 * intercept requests of (Firefox and WebKit over WebDriver: tests/engines/site-server.ts), as
 * drive-model-route.ts serves it behind Playwright's routes and drive-model-fetch.ts to Node.
 */
import type http from "node:http";
import type { DriveModel } from "./drive-model";

/**
 * Answers a page's call to Google that reached a test's own HTTP server as `/<prefix>/<rest>`
 * (`rest`: the part after www.googleapis.com/, or `__token` for a new access token, or
 * `__oauth2/...` for oauth2.googleapis.com): the cross-engine suite's pages send them there
 * (tests/engines/fake-google.js). A transport fault drops the connection.
 */
export async function answerFromModelOverHttp(
  model: DriveModel,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  rest: string,
): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  if (rest === "__token") {
    res.end(model.grantToken());
    return;
  }
  if (rest.startsWith("__oauth2/")) {
    // Google's revoke endpoint: the fake sign-in's `revoke` calls it on signing out.
    res.setHeader("Content-Type", "application/json");
    res.end("{}");
    return;
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers))
    if (typeof value === "string") headers[name] = value;
  const answer = await model.answer({
    method: req.method ?? "GET",
    url: `https://www.googleapis.com/${rest}`,
    headers,
    body: new Uint8Array(Buffer.concat(chunks)),
  });
  if (answer.transport) {
    req.socket.destroy();
    return;
  }
  res.writeHead(answer.status, answer.headers);
  res.end(typeof answer.body === "string" ? answer.body : Buffer.from(answer.body));
}
