import type { Page, Request } from "@playwright/test";

/**
 * Stand-ins for Google for the Drive browser tests: the GIS, gapi and picker scripts served at
 * their real URLs, and the Drive REST endpoints, all through page.route. Nothing reaches Google.
 */

/** The access token the fake GIS hands out; it must never appear in any browser storage. */
export const FAKE_TOKEN = "ya29.FAKE-TOKEN-3f9c2b7e-never-store-me";
/** The address the fake user-info endpoint returns. */
export const FAKE_EMAIL = "ada.lovelace@example.com";

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
  /** Give a keyless build a configuration (window.__PLAINPAD_DRIVE_CONFIG__). */
  configure?: boolean;
}

const GIS_SCRIPT = `
(() => {
  const fake = window.__driveFake;
  window.google = window.google || {};
  window.google.accounts = { oauth2: {
    initTokenClient(config) {
      fake.clientConfig = { client_id: config.client_id, scope: config.scope };
      return { requestAccessToken(override) {
        fake.tokenRequests.push(override && override.prompt);
        setTimeout(() => {
          if (fake.token === "popup_closed") config.error_callback({ type: "popup_closed", message: "Popup window closed" });
          else if (fake.token === "access_denied") config.callback({ error: "access_denied" });
          else config.callback({ access_token: fake.accessToken, expires_in: "3599", token_type: "Bearer", scope: config.scope });
        }, 20);
      } };
    },
    revoke(token, done) {
      fetch("https://oauth2.googleapis.com/revoke", { method: "POST", body: "token=" + token,
        headers: { "Content-Type": "application/x-www-form-urlencoded" } }).finally(() => done());
    },
    hasGrantedAllScopes() { return true; },
  } };
})();
`;

const GAPI_SCRIPT = `
(() => {
  const fake = window.__driveFake;
  function definePicker() {
    const record = fake.picker = { views: [], features: [] };
    class DocsView {
      constructor(viewId) { this.options = { viewId }; record.views.push(this.options); }
      setMimeTypes(v) { this.options.mimeTypes = v; return this; }
      setOwnedByMe(v) { this.options.ownedByMe = v; return this; }
      setIncludeFolders(v) { this.options.includeFolders = v; return this; }
      setSelectFolderEnabled(v) { this.options.selectFolderEnabled = v; return this; }
    }
    class PickerBuilder {
      addView(v) { return this; }
      enableFeature(f) { record.features.push(f); return this; }
      setOAuthToken(t) { record.hasToken = t === fake.accessToken; return this; }
      setDeveloperKey(k) { record.developerKey = k; return this; }
      setAppId(a) { record.appId = a; return this; }
      setOrigin(o) { return this; }
      setCallback(cb) { this.cb = cb; return this; }
      build() {
        const cb = this.cb;
        return { setVisible(visible) {
          if (!visible) return;
          record.shown = (record.shown || 0) + 1;
          setTimeout(() => {
            const pick = fake.pick;
            if (pick === "cancel") cb({ action: "cancel" });
            else cb({ action: "picked", docs: [{ id: pick.id, name: pick.name, mimeType: "text/plain" }] });
          }, 20);
        } };
      }
    }
    window.google = window.google || {};
    window.google.picker = { DocsView, PickerBuilder,
      Action: { CANCEL: "cancel", PICKED: "picked", ERROR: "error" },
      ViewId: { DOCS: "all" }, Feature: { MULTISELECT_ENABLED: "multiselectEnabled" } };
  }
  window.gapi = {
    load(name, config) {
      fake.gapiLoads.push(name);
      if (name.includes("picker")) definePicker();
      const callback = typeof config === "function" ? config : config.callback;
      setTimeout(callback, 0);
    },
    client: { init(args) { fake.gapiInit = args; return Promise.resolve(); } },
  };
})();
`;

/** A request the fake Drive endpoints answered. */
export interface SeenRequest {
  method: string;
  url: URL;
  body: string;
  authorization: string;
}

/** Handle on the fakes of one page: requests seen, and knobs to change answers. */
export interface DriveFakes {
  /** Every request to a Drive host, scripts included. */
  googleRequests: string[];
  /** Requests to the Drive REST API (www.googleapis.com/drive, /upload). */
  driveCalls: SeenRequest[];
  revokes: string[];
  /** Status to answer uploads with (default 200). */
  uploadStatus: number;
  /** When set, uploads are answered only once this settles (a slow network). */
  uploadGate: Promise<void> | null;
  /** Content served for alt=media, per file id. */
  contents: Map<string, string>;
}

function record(request: Request): SeenRequest {
  return {
    method: request.method(),
    url: new URL(request.url()),
    body: request.postData() ?? "",
    authorization: request.headers()["authorization"] ?? "",
  };
}

/** Installs the fakes on `page` (call before the first navigation). */
export async function installDriveFakes(
  page: Page,
  options: FakeOptions = {},
): Promise<DriveFakes> {
  const fakes: DriveFakes = {
    googleRequests: [],
    driveCalls: [],
    revokes: [],
    uploadStatus: 200,
    uploadGate: null,
    contents: new Map(),
  };
  await page.addInitScript(
    ({ token, pick, accessToken, configure }) => {
      const w = window as unknown as Record<string, unknown>;
      w.__driveFake = { token, pick, accessToken, tokenRequests: [], gapiLoads: [] };
      if (configure) {
        w.__PLAINPAD_DRIVE_CONFIG__ = {
          clientId: "test-client.apps.googleusercontent.com",
          apiKey: "test-key",
          appId: "123456",
        };
      }
    },
    {
      token: options.token ?? "grant",
      pick: options.pick ?? { id: "file-123", name: "picked.txt" },
      accessToken: FAKE_TOKEN,
      configure: options.configure ?? true,
    },
  );
  page.on("request", (request) => {
    if (isDriveHost(request.url())) fakes.googleRequests.push(request.url());
  });
  await page.route("https://accounts.google.com/**", (route) =>
    route.request().url().startsWith("https://accounts.google.com/gsi/client")
      ? route.fulfill({ contentType: "text/javascript", body: GIS_SCRIPT })
      : route.fulfill({ status: 404, body: "" }),
  );
  await page.route("https://apis.google.com/**", (route) =>
    route.request().url().startsWith("https://apis.google.com/js/api.js")
      ? route.fulfill({ contentType: "text/javascript", body: GAPI_SCRIPT })
      : route.fulfill({ status: 404, body: "" }),
  );
  await page.route("https://oauth2.googleapis.com/**", (route) => {
    fakes.revokes.push(route.request().postData() ?? "");
    return route.fulfill({ status: 200, contentType: "application/json", body: "{}" });
  });
  await page.route("https://www.googleapis.com/**", async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const cors = {
      "Access-Control-Allow-Origin": "*",
      "Access-Control-Expose-Headers": "Location",
    };
    if (url.pathname === "/oauth2/v3/userinfo") {
      return route.fulfill({
        headers: cors,
        contentType: "application/json",
        body: JSON.stringify({ email: FAKE_EMAIL }),
      });
    }
    const seen = record(request);
    fakes.driveCalls.push(seen);
    const json = (value: unknown, status = 200) =>
      route.fulfill({
        status,
        headers: cors,
        contentType: "application/json",
        body: JSON.stringify(value),
      });
    if (url.pathname.startsWith("/upload/drive/v3/files")) {
      if (fakes.uploadGate) await fakes.uploadGate;
      if (fakes.uploadStatus !== 200) {
        return route.fulfill({
          status: fakes.uploadStatus,
          headers: cors,
          contentType: "text/plain",
          body: "fake failure",
        });
      }
      const id = url.pathname.split("/")[5] ?? "new-file-1";
      return json({ id: decodeURIComponent(id) });
    }
    const fileMatch = /^\/drive\/v3\/files\/([^/]+)$/.exec(url.pathname);
    if (fileMatch) {
      const id = decodeURIComponent(fileMatch[1]);
      if (url.searchParams.get("alt") === "media") {
        return route.fulfill({
          headers: cors,
          contentType: "text/plain",
          body: fakes.contents.get(id) ?? "",
        });
      }
      return json({ id, name: `${id}.txt`, mimeType: "text/plain" });
    }
    if (url.pathname === "/drive/v3/files" && request.method() === "GET")
      return json({ files: [] });
    if (url.pathname === "/drive/v3/files" && request.method() === "POST")
      return json({ id: "folder-1" });
    return route.fulfill({ status: 404, headers: cors, body: "not faked" });
  });
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

/** Collects dialogs; answers confirms from `answers` (true = accept), alerts are accepted. */
export function collectDialogs(page: Page, answers: boolean[] = []): string[] {
  const messages: string[] = [];
  page.on("dialog", (dialog) => {
    messages.push(dialog.message());
    if (dialog.type() === "confirm") {
      void ((answers.shift() ?? false) ? dialog.accept() : dialog.dismiss());
    } else {
      void dialog.accept();
    }
  });
  return messages;
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
