import { expect, type BrowserContext, type Page, type Request } from "@playwright/test";
import { answerDrive, type DriveApiState } from "./drive-api-fake";
import { DriveModel } from "../support/drive-model";
import { FAKE_GOOGLE_SCRIPTS } from "../support/fake-google-scripts";

export { FAKE_EMAIL } from "./drive-api-fake";

/**
 * Stand-ins for Google for the Drive browser tests: the GIS, gapi and picker scripts served at
 * their real URLs, and the Drive REST endpoints, all through page.route. Nothing reaches Google.
 * This is the one fake Google sign-in of every Drive browser test and the bench; the one fake
 * Drive (a DriveModel, tests/support/drive-model.ts) answers every REST call.
 *
 * They behave as Google's documentation says where the app depends on it:
 * - a token request opens Google's window, which the browser allows only inside a user
 *   activation: the fake records `navigator.userActivation.isActive` (and the event being
 *   handled) when `requestAccessToken` or `window.open` is called, and answers a request made
 *   outside one, or outside the handling of a user event (Safari's rule), as GIS does when the
 *   popup is blocked (`popup_failed_to_open`);
 *   {@link expectPopupsOnlyInClicks} fails the test on any such call;
 * - the token response carries the scopes granted, and `hasGrantedAllScopes` reads them;
 * - each token comes from the model (`model.grantToken`), so `model.revokeTokens()` makes
 *   Google refuse every token so far (401) until the user signs in again.
 */

/** What every access token the fake GIS hands out starts with; never in browser storage. */
const TOKEN_PREFIX = "ya29.FAKE-TOKEN-3f9c2b7e-never-store-me";
/** The first access token the fake GIS hands out (on a Drive no other page signed in to). */
export const FAKE_TOKEN = `${TOKEN_PREFIX}-1`;
/** The app id (Cloud project number) the fake configuration carries. */
export const FAKE_APP_ID = "123456789012";

/** Hosts the Drive integration talks to; no request to them may happen before a Drive action. */
export const DRIVE_HOSTS = [
  "accounts.google.com",
  "apis.google.com",
  "www.googleapis.com",
  "content.googleapis.com",
  "oauth2.googleapis.com",
  "docs.google.com",
];

/** True for a request to one of {@link DRIVE_HOSTS}. */
export function isDriveHost(url: string): boolean {
  return DRIVE_HOSTS.includes(new URL(url).hostname);
}

/** Per-test behaviour of the fakes (read by the fake scripts from window.__driveFake). */
export interface FakeOptions {
  /** What the picker answers when shown. */
  pick?: { id: string; name: string } | "cancel";
  /** What the token client answers. */
  token?: "grant" | "popup_closed" | "access_denied";
  /** Scopes the token response says were granted (default: all asked for). */
  grantedScopes?: string;
  /** Give a keyless build a configuration (window.__PLAINPAD_DRIVE_CONFIG__). */
  configure?: boolean;
  /** The configuration asks for drive.readonly as well (VITE_GOOGLE_DRIVE_READONLY=true). */
  readonly?: boolean;
  /** gapi.client.init (the discovery document) fails. */
  discoveryFails?: boolean;
  /** Serve the sign-in script this late (a click that comes before it is ready). */
  gisDelayMs?: number;
  /**
   * The Drive that answers every REST call (default: a new, empty one, as `fakes.model`); pass
   * the same model to the pages of two browser contexts for two computers on one Drive.
   */
  model?: DriveModel;
  /** The token's lifetime in seconds as GIS reports it (default "3599"; "61" expires in 1 s). */
  expiresIn?: string;
}

/** A call that opens (or would open) a window, as the page saw it. */
export interface PopupCall {
  what: "token request" | "window.open";
  /** navigator.userActivation.isActive at the call. */
  isActive: boolean;
  /** Type of the event being dispatched at the call ('' when none: not inside a handler). */
  event: string;
}

/** Handle on the fakes of one page: requests seen, and knobs to change answers. */
export interface DriveFakes extends DriveApiState {
  /** Every request to a Drive host, scripts included. */
  googleRequests: string[];
  revokes: string[];
  /** Token requests and window.open calls, with the user activation at the time. */
  popupCalls: PopupCall[];
}

/** What GIS's own URL answers: the fake sign-in the page already holds, put in place. */
const GIS_SCRIPT = "window.__driveFake.installSignIn();";

/** What gapi's own URL answers: the fake gapi and picker the page already holds, put in place. */
const GAPI_SCRIPT = "window.__driveFake.installGapi();";

/** Fakes installed in the running test, checked by {@link expectPopupsOnlyInClicks}. */
const installed: DriveFakes[] = [];

/**
 * Fails when a token request or window.open was made outside a user activation, or outside
 * the handling of a user event (where Safari would block it even within the activation's
 * time); forgets the fakes checked. Call it in afterEach of every Drive spec.
 */
export function expectPopupsOnlyInClicks(): void {
  const calls = installed.flatMap((fakes) => fakes.popupCalls);
  installed.length = 0;
  const outside = calls.filter((call) => !call.isActive || call.event === "");
  expect(outside, "windows opened outside a click").toEqual([]);
}

/**
 * Installs the fakes on `page`, or on every page of a browser context (one computer: the
 * sync's tests); call before the first navigation. The sign-in hands out the model's tokens
 * and the model (`options.model`, or a new one) answers every Drive REST call.
 */
export async function installDriveFakes(
  page: Page | BrowserContext,
  options: FakeOptions = {},
): Promise<DriveFakes> {
  const fakes: DriveFakes = {
    googleRequests: [],
    driveCalls: [],
    revokes: [],
    popupCalls: [],
    model: options.model ?? new DriveModel(),
    offline: false,
  };
  installed.push(fakes);
  await page.exposeFunction("__driveFakeGrant", () => fakes.model.grantToken(TOKEN_PREFIX));
  await page.exposeFunction("__driveFakeReportPopup", (call: PopupCall) => {
    fakes.popupCalls.push(call);
  });
  await page.addInitScript(
    ({ token, pick, configure, readonly, grantedScopes, discoveryFails, appId, expiresIn }) => {
      const w = window as unknown as Record<string, unknown>;
      w.__driveFake = {
        token,
        pick,
        accessToken: "",
        grantedScopes,
        discoveryFails,
        expiresIn,
        tokenRequests: [],
        gapiLoads: [],
        // The sign-in (tests/support/fake-google-scripts.ts) asks the test for each token,
        // and tells it of every window opened.
        grant: () => (w.__driveFakeGrant as () => Promise<string>)(),
        reportPopup: (call: PopupCall) =>
          void (w.__driveFakeReportPopup as (c: PopupCall) => Promise<void>)(call),
      };
      if (configure) {
        w.__PLAINPAD_DRIVE_CONFIG__ = {
          clientId: "test-client.apps.googleusercontent.com",
          apiKey: "test-key",
          appId,
          readonly,
        };
      }
    },
    {
      token: options.token ?? "grant",
      pick: options.pick ?? { id: "file-123", name: "picked.txt" },
      configure: options.configure ?? true,
      readonly: options.readonly ?? false,
      grantedScopes: options.grantedScopes ?? "",
      discoveryFails: options.discoveryFails ?? false,
      appId: FAKE_APP_ID,
      expiresIn: options.expiresIn ?? "",
    },
  );
  // The one fake sign-in, shared with the cross-engine suite.
  await page.addInitScript({ content: FAKE_GOOGLE_SCRIPTS });
  const onRequest = (request: Request) => {
    if (isDriveHost(request.url())) fakes.googleRequests.push(request.url());
  };
  if ("goto" in page) page.on("request", onRequest);
  else page.on("request", onRequest);
  await page.route("https://accounts.google.com/**", async (route) => {
    if (!route.request().url().startsWith("https://accounts.google.com/gsi/client")) {
      return route.fulfill({ status: 404, body: "" });
    }
    if (options.gisDelayMs) await new Promise((resolve) => setTimeout(resolve, options.gisDelayMs));
    return route.fulfill({ contentType: "text/javascript", body: GIS_SCRIPT });
  });
  await page.route("https://apis.google.com/**", (route) =>
    route.request().url().startsWith("https://apis.google.com/js/api.js")
      ? route.fulfill({ contentType: "text/javascript", body: GAPI_SCRIPT })
      : route.fulfill({ status: 404, body: "" }),
  );
  await page.route("https://oauth2.googleapis.com/**", (route) => {
    fakes.revokes.push(route.request().postData() ?? "");
    return route.fulfill({ status: 200, contentType: "application/json", body: "{}" });
  });
  await page.route("https://www.googleapis.com/**", (route) => answerDrive(route, fakes));
  return fakes;
}

/** What the fake scripts recorded in the page. */
export interface PageFakeState {
  tokenRequests: (string | undefined)[];
  gapiLoads: string[];
  gapiInit?: { apiKey?: string; discoveryDocs?: string[] };
  clientConfig?: { client_id: string; scope: string };
  picker?: {
    views: Record<string, unknown>[];
    features: string[];
    hasToken?: boolean;
    developerKey?: string;
    appId?: string;
    shown?: number;
    disposed: number;
  };
}

/** Reads what the fake scripts recorded. */
export function pageFakeState(page: Page): Promise<PageFakeState> {
  return page.evaluate(() => {
    const fake = (window as unknown as { __driveFake: PageFakeState & { accessToken?: string } })
      .__driveFake;
    const { tokenRequests, gapiLoads, gapiInit, clientConfig, picker } = fake;
    return JSON.parse(JSON.stringify({ tokenRequests, gapiLoads, gapiInit, clientConfig, picker }));
  });
}

/** Collects dialogs (alerts; the app asks its questions in the page), accepting each. */
export function collectDialogs(page: Page): string[] {
  const messages: string[] = [];
  page.on("dialog", (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  return messages;
}

/**
 * Waits until the page has created its token client (Google's sign-in library prepared), as it
 * does when the pointer or the focus reaches a Drive control: a click after this opens the
 * sign-in window at once. (A click before it gets a "Continue" button; drive.spec.ts tests that.)
 */
export async function waitForSignInReady(page: Page): Promise<void> {
  await expect
    .poll(() => pageFakeState(page).then((state) => state.clientConfig?.client_id ?? ""))
    .not.toBe("");
}

/** The page's Drive question (app/ui/drive-prompt.tsx), by its title. */
export function drivePrompt(page: Page, title: string) {
  return page.getByRole("dialog", { name: title });
}

/** Everything the page keeps in storage, as one string (localStorage, sessionStorage, every
 * IndexedDB database and store, cookies). */
export function dumpAllStorage(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const parts: string[] = [];
    for (const store of [localStorage, sessionStorage]) {
      for (let i = 0; i < store.length; i++) {
        const key = store.key(i) ?? "";
        parts.push(key, store.getItem(key) ?? "");
      }
    }
    parts.push(document.cookie);
    const databases = await indexedDB.databases();
    for (const info of databases) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(info.name!);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      for (const storeName of Array.from(db.objectStoreNames)) {
        const values = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(storeName, "readonly").objectStore(storeName).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        const keys = await new Promise<IDBValidKey[]>((resolve, reject) => {
          const request = db.transaction(storeName, "readonly").objectStore(storeName).getAllKeys();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        parts.push(info.name, storeName, JSON.stringify(keys), JSON.stringify(values));
      }
      db.close();
    }
    parts.push(`databases:${databases.length}`);
    return parts.join("\n");
  });
}
