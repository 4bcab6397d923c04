/**
 * On-demand loading of Google's browser libraries, each once: the sign-in library (GIS), and
 * the gapi client initialised with the API key and the Drive v3 discovery document, plus the
 * Picker. Nothing here runs until the user points at, focuses or uses a Drive control.
 */
import { ScriptLoadError } from "./errors";
import { GAPI_SCRIPT_URL, GIS_SCRIPT_URL, SCRIPT_TIMEOUT_MS, loadScript } from "./script-loader";

/** The globals Google's scripts define, all optional until the scripts have run. */
interface GoogleGlobals {
  google?: { accounts?: { oauth2?: typeof google.accounts.oauth2 }; picker?: typeof google.picker };
  gapi?: typeof gapi;
}

/** Google's globals as they are right now (never read at module top level). */
export function googleGlobals(): GoogleGlobals {
  return globalThis as unknown as GoogleGlobals;
}

/** Discovery document gapi.client.init loads for Drive v3. */
export const DRIVE_DISCOVERY_DOC = "https://www.googleapis.com/discovery/v1/apis/drive/v3/rest";

/** Loads GIS and returns `google.accounts.oauth2`. */
export async function loadGoogleIdentity(): Promise<typeof google.accounts.oauth2> {
  await loadScript(GIS_SCRIPT_URL);
  const oauth2 = googleGlobals().google?.accounts?.oauth2;
  if (!oauth2) throw new ScriptLoadError(GIS_SCRIPT_URL);
  return oauth2;
}

let gapiReady: Promise<void> | null = null;

/**
 * Loads api.js, then `gapi.load('client:picker')`, once: the initialisation the spec awaits
 * before picking. `gapi.client.init({apiKey, discoveryDocs})` (the Drive v3 discovery document)
 * is started too but not waited for: open and save use Drive's REST endpoints with fetch and
 * never need it, so a discovery document that fails or hangs must not stop them.
 */
export function loadGapiWithPicker(apiKey: string): Promise<void> {
  if (!gapiReady) {
    gapiReady = initGapi(apiKey).catch((error: unknown) => {
      gapiReady = null; // let a later click retry
      throw error;
    });
  }
  return gapiReady;
}

async function initGapi(apiKey: string): Promise<void> {
  await loadScript(GAPI_SCRIPT_URL);
  const gapiGlobal = googleGlobals().gapi;
  if (!gapiGlobal?.load) throw new ScriptLoadError(GAPI_SCRIPT_URL);
  await new Promise<void>((resolve, reject) => {
    gapiGlobal.load("client:picker", {
      callback: () => resolve(),
      onerror: () => reject(new ScriptLoadError(GAPI_SCRIPT_URL)),
      timeout: SCRIPT_TIMEOUT_MS,
      ontimeout: () => reject(new ScriptLoadError(GAPI_SCRIPT_URL)),
    });
  });
  void initDiscovery(gapiGlobal, apiKey);
}

/** The gapi client with the Drive discovery document; a failure is only logged. */
async function initDiscovery(gapiGlobal: typeof gapi, apiKey: string): Promise<void> {
  try {
    await withTimeout(
      Promise.resolve(gapiGlobal.client.init({ apiKey, discoveryDocs: [DRIVE_DISCOVERY_DOC] })),
      SCRIPT_TIMEOUT_MS,
      () => new ScriptLoadError(DRIVE_DISCOVERY_DOC),
    );
  } catch (error) {
    console.warn(
      "Google Drive discovery document not loaded (open and save do not need it)",
      error,
    );
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(onTimeout()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** Loads the picker (through gapi) and returns `google.picker`. */
export async function loadPicker(apiKey: string): Promise<typeof google.picker> {
  await loadGapiWithPicker(apiKey);
  const picker = googleGlobals().google?.picker;
  if (!picker) throw new ScriptLoadError(GAPI_SCRIPT_URL);
  return picker;
}

/** Forgets the gapi initialisation (tests only). */
export function resetGapiForTests(): void {
  gapiReady = null;
}
