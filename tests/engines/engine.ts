import { existsSync } from "node:fs";

/**
 * What the cross-engine suite asks of a browser, one implementation per engine
 * (firefox.ts: puppeteer-core over WebDriver BiDi; webkit.ts: selenium-webdriver over
 * WebKitWebDriver). The tests are written once against this.
 */

/** A control as a person names it; matched in the page by page-probe.js's `find`. */
export interface ControlQuery {
  role?:
    | "button"
    | "link"
    | "menuitem"
    | "textbox"
    | "searchbox"
    | "dialog"
    | "heading"
    | "tab"
    | "checkbox"
    | "radio"
    | "alert"
    | "status"
    | "list"
    | "menu"
    | "tree"
    | "treeitem"
    | "combobox"
    | "option";
  /** The accessible name: exact, or a case-insensitive pattern with `nameMatches`. */
  name?: string;
  nameMatches?: boolean;
  /** A form field by its label. */
  label?: string;
  css?: string;
  /** Only inside the first element this matches (e.g. a dialog). */
  within?: ControlQuery;
}

/** A download the page offered (recorded by page-probe.js). */
export interface OfferedDownload {
  name: string;
  bytes: Buffer;
}

export interface EnginePage {
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  /** Runs `fn` in the page (awaiting a returned promise) with JSON arguments. */
  evaluate<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T>;
  /** Clicks the control with real pointer events (fails if it is not there). */
  click(query: ControlQuery): Promise<void>;
  /** Types text into the focused element as key presses. */
  type(text: string): Promise<void>;
  /** Presses a key or chord, e.g. "Enter", "Control+a". */
  press(chord: string): Promise<void>;
  /** Gives the file input the page last opened (its click() was the "dialog") these files. */
  chooseFiles(paths: string[]): Promise<void>;
  close(): Promise<void>;
}

export interface EngineBrowser {
  name: EngineName;
  newPage(): Promise<EnginePage>;
  close(): Promise<void>;
}

export type EngineName = "firefox" | "webkit";

/** The engines and the binaries they need (overridable for other machines). */
export const ENGINE_BINARIES: Record<EngineName, string[]> = {
  firefox: [process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr"],
  webkit: [
    process.env.WEBKIT_DRIVER_PATH ?? "/usr/bin/WebKitWebDriver",
    process.env.WEBKIT_BROWSER_PATH ?? "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
    "/usr/bin/xvfb-run",
  ],
};

/** Engines chosen by ENGINES (comma-separated; both by default). */
export function selectedEngines(): EngineName[] {
  const wanted = (process.env.ENGINES ?? "firefox,webkit").split(",").map((name) => name.trim());
  return wanted.filter((name): name is EngineName => name === "firefox" || name === "webkit");
}

/** The binaries an engine needs that this machine lacks. */
export function missingBinaries(engine: EngineName): string[] {
  return ENGINE_BINARIES[engine].filter((file) => !existsSync(file));
}

/** Polls `read` until `accept` holds, or fails with the last value seen. */
export async function waitUntil<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  what: string,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      last = await read();
      if (accept(last)) return last;
    } catch (error) {
      // A page between two documents (a reload) cannot answer yet.
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(
    `Timed out waiting for ${what}; last seen: ${JSON.stringify(last)}${
      lastError ? ` (last error: ${String(lastError)})` : ""
    }`,
  );
}

/** Splits "Control+Shift+a" into modifier keys and the key. */
export function parseChord(chord: string): { modifiers: string[]; key: string } {
  const parts = chord.split("+");
  const key = parts.pop() ?? "";
  return { modifiers: parts, key: key === "" ? "+" : key };
}

/**
 * The selected engines this machine can run. A missing browser fails the run under CI (where
 * .ci/run installs them) and is skipped with a note elsewhere.
 */
export function runnableEngines(): EngineName[] {
  return selectedEngines().filter((engine) => {
    const missing = missingBinaries(engine);
    if (!missing.length) return true;
    const message = `${engine}: skipped, not installed here (${missing.join(", ")})`;
    if (process.env.CI) throw new Error(message);
    console.warn(message);
    return false;
  });
}
