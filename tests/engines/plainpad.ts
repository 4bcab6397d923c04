import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";
import {
  type EngineBrowser,
  type EngineName,
  type EnginePage,
  type OfferedDownload,
  waitUntil,
} from "./engine";
import { launchEngine } from "./launch-engine";
import { type SiteServer, startSiteServer } from "./site-server";

/**
 * Plainpad as the cross-engine tests see it: one browser per engine and test file, a fresh
 * page on a fresh origin per test (empty storage), and the reads a test needs, done the way
 * the Chromium tests in tests/e2e do them.
 */
export interface EngineTest {
  engine: EngineName;
  site: SiteServer;
  browser: EngineBrowser;
  page: EnginePage;
  /** The origin of this test's page (a new one each test). */
  origin: string;
  /** Opens another page (its own storage) on `origin`, closed after the test. */
  otherPage(): Promise<EnginePage>;
}

/** Registers the hooks of one engine's describe block; the returned object fills in per test. */
export function useEngine(engine: EngineName): EngineTest {
  const state = { engine } as EngineTest;
  const extraPages: EnginePage[] = [];
  beforeAll(async () => {
    state.site = startSiteServer();
    state.browser = await launchEngine(engine);
  });
  afterAll(async () => {
    await state.browser?.close();
    await state.site?.close();
  });
  beforeEach(async (context) => {
    // Under CI a test that fails runs once more (vitest.engines.config.ts); each failed attempt
    // is printed here, so a pass on the second attempt still shows in the log.
    context.onTestFailed(({ task }) => {
      const attempt = (task.result?.retryCount ?? 0) + 1;
      const reason = task.result?.errors?.[0]?.message ?? "no error recorded";
      console.warn(`${engine}: "${task.name}" failed on attempt ${attempt}: ${reason}`);
    });
    state.site.offline = false;
    state.origin = await state.site.origin();
    state.page = await state.browser.newPage();
    state.otherPage = async () => {
      const page = await state.browser.newPage();
      extraPages.push(page);
      return page;
    };
  });
  afterEach(async () => {
    state.site.offline = false;
    const errors = await pageErrors(state.page).catch(() => []);
    await Promise.allSettled([state.page.close(), ...extraPages.map((page) => page.close())]);
    extraPages.length = 0;
    expect(errors, "uncaught errors in the page").toEqual([]);
  });
  return state;
}

/** Opens `path` and waits until React has hydrated it. */
export async function open(page: EnginePage, url: string): Promise<void> {
  await page.goto(url);
  await waitForHydration(page);
}

export async function waitForHydration(page: EnginePage): Promise<void> {
  await waitUntil(
    () => page.evaluate(() => document.documentElement.dataset.hydrated === "true"),
    Boolean,
    "the page to hydrate",
  );
}

/** The editing area's rendered text (small documents are rendered whole). */
export function shownText(page: EnginePage): Promise<string> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll(".cm-content .cm-line"))
      .map((line) => {
        const clone = line.cloneNode(true) as HTMLElement;
        clone.querySelectorAll(".cm-placeholder").forEach((node) => node.remove());
        return clone.textContent ?? "";
      })
      .join("\n"),
  );
}

/** Waits until the editing area shows exactly `text`. */
export function expectShownText(page: EnginePage, text: string, timeoutMs?: number) {
  return waitUntil(
    () => shownText(page),
    (shown) => shown === text,
    `text "${text}"`,
    timeoutMs,
  );
}

/** Waits until a control is there (visible). */
export function waitForControl(
  page: EnginePage,
  query: Parameters<EnginePage["click"]>[0],
  timeoutMs?: number,
) {
  return waitUntil(
    () =>
      page.evaluate(
        (q) =>
          (
            window as unknown as { __engineProbe: { find(q: object): Element | null } }
          ).__engineProbe.find(q) !== null,
        query,
      ),
    Boolean,
    `control ${JSON.stringify(query)}`,
    timeoutMs,
  );
}

/** Clicks a control once it is there. */
export async function clickWhenShown(page: EnginePage, query: Parameters<EnginePage["click"]>[0]) {
  await waitForControl(page, query);
  await page.click(query);
}

/** Empties the focused editor and types `text`, as a person would. */
export async function typeDocument(page: EnginePage, text: string): Promise<void> {
  await clickWhenShown(page, { role: "textbox", name: "Document text" });
  await page.press("Control+a");
  await page.press("Delete");
  await page.type(text);
}

/** Opens a notepad menu and runs one of its items. */
export async function runMenu(page: EnginePage, menu: string, item: string): Promise<void> {
  await clickWhenShown(page, { role: "menuitem", name: menu });
  await clickWhenShown(page, { role: "menuitem", name: item, within: { role: "menu" } });
}

/**
 * Opens the notepad at `url` and waits until its stored tabs are shown: before that its
 * engine (window.__plainpadNotepad, set as soon as the page runs) takes no tab actions, and a
 * tab made then would be lost (in Firefox, whose storage answers later, a race).
 */
export async function openNotepad(page: EnginePage, url: string): Promise<void> {
  await open(page, url);
  await waitUntil(
    () =>
      page.evaluate(
        () =>
          (window as unknown as { __plainpadNotepad?: { ready: boolean } }).__plainpadNotepad
            ?.ready ?? false,
      ),
    Boolean,
    "the notepad's stored tabs",
  );
}

/** The notepad's active tab text from its engine (exact), null while it loads. */
export function notepadText(page: EnginePage): Promise<string | null> {
  return page.evaluate(() => {
    const controller = (
      window as unknown as {
        __plainpadNotepad?: { getView(): { state: { doc: { toString(): string } } } | null };
      }
    ).__plainpadNotepad;
    return controller?.getView()?.state.doc.toString() ?? null;
  });
}

/** Waits until the notepad has stored every edit. */
export function waitForNotepadStored(page: EnginePage) {
  return waitUntil(
    () =>
      page.evaluate(
        () =>
          (
            window as unknown as { __plainpadNotepad?: { isAllStored(): boolean } }
          ).__plainpadNotepad?.isAllStored() ?? false,
      ),
    Boolean,
    "the notepad to store its tabs",
  );
}

/** Downloads the page offered so far (recorded by page-probe.js instead of saved). */
export async function offeredDownloads(page: EnginePage): Promise<OfferedDownload[]> {
  const raw = await page.evaluate(async () => {
    const probe = (
      window as unknown as { __engineProbe: { downloads: { name: string; blob: Blob }[] } }
    ).__engineProbe;
    const read = (blob: Blob) =>
      new Promise<string>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result).split(",")[1] ?? "");
        reader.onerror = () => reject(reader.error);
        reader.readAsDataURL(blob);
      });
    return Promise.all(
      probe.downloads.map(async (download) => ({
        name: download.name,
        base64: await read(download.blob),
      })),
    );
  });
  return raw.map(({ name, base64 }) => ({ name, bytes: Buffer.from(base64, "base64") }));
}

/** Waits for the page's next download after `count` earlier ones. */
export async function nextDownload(page: EnginePage, count = 0): Promise<OfferedDownload> {
  const all = await waitUntil(
    () => offeredDownloads(page),
    (downloads) => downloads.length > count,
    "a download",
  );
  return all[count];
}

/** Uncaught errors and unhandled rejections of the current document. */
export function pageErrors(page: EnginePage): Promise<string[]> {
  return page.evaluate(
    () =>
      (window as unknown as { __engineProbe?: { errors: string[] } }).__engineProbe?.errors ?? [],
  );
}

/**
 * Waits until the simple editor's stored draft (IndexedDB "plainpad", record "doc/editor" and
 * its chunks, as tests/e2e/editor-files.spec.ts reads it) holds `text`.
 */
export function waitForEditorStored(page: EnginePage, text: string) {
  const read = () =>
    page.evaluate(
      () =>
        new Promise<string | null>((resolve, reject) => {
          const request = indexedDB.open("plainpad");
          request.onerror = () => reject(request.error);
          request.onsuccess = () => {
            const db = request.result;
            if (!db.objectStoreNames.contains("editor-draft")) return resolve(null);
            const store = db.transaction("editor-draft").objectStore("editor-draft");
            const record = store.get("doc/editor");
            record.onsuccess = () => {
              const keys: string[] | undefined = record.result?.chunkKeys;
              if (!keys) return resolve(null);
              const pieces: string[] = [];
              let left = keys.length;
              keys.forEach((key, index) => {
                const chunk = store.get(`chunk/editor/${key}`);
                chunk.onsuccess = () => {
                  pieces[index] = chunk.result;
                  if (--left === 0) resolve(pieces.join("\n"));
                };
              });
            };
          };
        }),
    );
  return waitUntil(read, (stored) => stored === text, "the editor's draft to be stored");
}
