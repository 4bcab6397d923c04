import { ScriptLoadError } from "./errors";

/** Google Identity Services (the OAuth token client). */
export const GIS_SCRIPT_URL = "https://accounts.google.com/gsi/client";
/** The gapi loader (client + picker). */
export const GAPI_SCRIPT_URL = "https://apis.google.com/js/api.js";

/** A script that neither loads nor fails within this time counts as failed. */
export const SCRIPT_TIMEOUT_MS = 20_000;

const loads = new Map<string, Promise<void>>();

/**
 * Adds `<script src=url async>` once and resolves when it has run. Concurrent and later calls
 * share the first load; a failed load is forgotten so a later click can try again.
 * Rejects with {@link ScriptLoadError} ('Failed to load script: {url}').
 */
export function loadScript(url: string, timeoutMs = SCRIPT_TIMEOUT_MS): Promise<void> {
  const existing = loads.get(url);
  if (existing) return existing;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = url;
    script.async = true;
    script.defer = true;
    const timer = setTimeout(() => fail(), timeoutMs);
    function fail() {
      clearTimeout(timer);
      script.remove();
      loads.delete(url);
      reject(new ScriptLoadError(url));
    }
    script.addEventListener("load", () => {
      clearTimeout(timer);
      resolve();
    });
    script.addEventListener("error", fail);
    document.head.appendChild(script);
  });
  loads.set(url, promise);
  return promise;
}

/** Forgets every load (tests only). */
export function resetScriptLoadsForTests(): void {
  loads.clear();
}
