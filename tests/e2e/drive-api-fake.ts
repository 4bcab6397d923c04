import type { Request, Route } from "@playwright/test";
import type { DriveModel } from "../support/drive-model";
import { answerFromModel } from "../support/drive-model-route";

export { MODEL_ACCOUNT_EMAIL as FAKE_EMAIL } from "../support/drive-model";

/**
 * The Drive REST side of drive-fakes.ts: every call is recorded (so a spec can check what the
 * page sent), then answered by the one fake Drive (tests/support/drive-model.ts), which several
 * pages (two browser contexts: two computers) can share. What a spec wants of Drive (files with
 * their text, refusals, dropped connections, slow answers) it sets up on the model.
 */

/** A request the fake Drive endpoints answered. */
export interface SeenRequest {
  method: string;
  url: URL;
  body: string;
  authorization: string;
  contentRange: string;
}

/** What the fake REST API reads and records: the part of drive-fakes.ts's handle it serves. */
export interface DriveApiState {
  /** Requests to the Drive REST API (www.googleapis.com/drive, /upload), user info left out. */
  driveCalls: SeenRequest[];
  /** The Drive that answers every call. */
  model: DriveModel;
  /** Drive calls fail as a dropped connection (the page is offline). */
  offline: boolean;
}

function record(request: Request): SeenRequest {
  return {
    method: request.method(),
    url: new URL(request.url()),
    body: request.postData() ?? "",
    authorization: request.headers()["authorization"] ?? "",
    contentRange: request.headers()["content-range"] ?? "",
  };
}

/** Records a Drive REST call of the page and answers it from the model. */
export function answerDrive(route: Route, fakes: DriveApiState): Promise<void> {
  const request = route.request();
  const userInfo = new URL(request.url()).pathname === "/oauth2/v3/userinfo";
  if (!userInfo && request.method() !== "OPTIONS") fakes.driveCalls.push(record(request));
  return answerFromModel(route, fakes.model, fakes.offline);
}
