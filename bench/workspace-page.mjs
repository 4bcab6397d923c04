// The page's rows of `npm run bench workspace` (issue 52): a generated folder written into the
// page's Origin Private File System, opened through the notepad's real File › Open folder…
// (the folder picker hands out that OPFS folder, as tests/e2e/workspace-harness.ts does), then
// measured in the page: the tree's first level shown, quick open's answer, find in files when
// the notepad has its view, the longest main-thread task and the page's JS heap.
import { createReadStream } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { createServer } from "node:http";
import path from "node:path";

/** The OPFS folder's name (what the tree is labelled with). */
const FOLDER_NAME = "BenchFolder";

/** Every file of `root`, as "a/b/c.txt" paths. */
async function listFiles(root, folder = "") {
  const files = [];
  for (const entry of await readdir(path.join(root, folder), { withFileTypes: true })) {
    const relative = folder === "" ? entry.name : `${folder}/${entry.name}`;
    if (entry.isDirectory()) files.push(...(await listFiles(root, relative)));
    else files.push(relative);
  }
  return files;
}

/**
 * Serves `root`'s files to the page on a free port of 127.0.0.1 (with CORS), so the page can
 * stream them into its OPFS with fetch, much faster than through the driver's protocol.
 */
async function serveFolder(root) {
  const server = createServer((request, response) => {
    const file = path.join(root, decodeURIComponent(new URL(request.url, "http://x").pathname));
    if (!file.startsWith(root)) return void response.writeHead(403).end();
    response.writeHead(200, {
      "access-control-allow-origin": "*",
      "content-type": "application/octet-stream",
    });
    createReadStream(file).pipe(response);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)));
  const address = /** @type {import("node:net").AddressInfo} */ (server.address());
  return { url: `http://127.0.0.1:${address.port}`, close: () => server.close() };
}

/** Before the page's scripts: the folder picker answers with the OPFS folder; long tasks are kept. */
function pageSetup(folderName) {
  const w = /** @type {any} */ (window);
  w.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.__longTasks.push(entry.duration);
  }).observe({ type: "longtask", buffered: true });
  // Long animation frames say which scripts a long task ran (printed when there is one).
  w.__longFrames = [];
  try {
    new PerformanceObserver((list) => {
      for (const frame of list.getEntries()) {
        if (frame.duration <= 50) continue;
        const scripts = frame.scripts.map(
          (script) =>
            `${script.invoker} ${script.sourceFunctionName || ""} ${script.sourceURL.split("/").pop()}:${script.sourceCharPosition} ${script.duration.toFixed(0)} ms`,
        );
        w.__longFrames.push({ at: frame.startTime, duration: frame.duration, scripts });
      }
    }).observe({ type: "long-animation-frame", buffered: true });
  } catch {
    // A browser without long animation frames: the long tasks alone.
  }
  const proto = /** @type {any} */ (FileSystemHandle.prototype);
  proto.queryPermission = async () => "granted";
  proto.requestPermission = async () => "granted";
  w.showDirectoryPicker = async () =>
    (await navigator.storage.getDirectory()).getDirectoryHandle(folderName);
  // When a click reaches a menu item or button, for the rows timed from a command.
  w.__clickedAt = {};
  document.addEventListener(
    "click",
    (event) => {
      const text = event.target instanceof Element ? event.target.textContent?.trim() : "";
      if (text) w.__clickedAt[text] = performance.now();
    },
    true,
  );
}

/** In the page: writes the served files into the OPFS folder, a few at a time. */
async function writeIntoOpfs({ url, folderName, files }) {
  const root = await navigator.storage.getDirectory();
  await root.removeEntry(folderName, { recursive: true }).catch(() => undefined);
  const folder = await root.getDirectoryHandle(folderName, { create: true });
  const folders = new Map([["", folder]]);
  const folderOf = async (dirPath) => {
    if (!folders.has(dirPath)) {
      const cut = dirPath.lastIndexOf("/");
      const parent = await folderOf(cut < 0 ? "" : dirPath.slice(0, cut));
      folders.set(
        dirPath,
        await parent.getDirectoryHandle(dirPath.slice(cut + 1), { create: true }),
      );
    }
    return folders.get(dirPath);
  };
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++];
      const cut = file.lastIndexOf("/");
      const dir = await folderOf(cut < 0 ? "" : file.slice(0, cut));
      const response = await fetch(`${url}/${file}`);
      const handle = await dir.getFileHandle(file.slice(cut + 1), { create: true });
      const writable = await handle.createWritable();
      await response.body.pipeTo(writable);
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
}

/**
 * In the page: reads every file of the OPFS folder once (`getFile()` then `arrayBuffer()`,
 * `inFlight` at a time: the search reads 16 ahead on each of its workers) and searches
 * nothing: the browser's own floor for a search of the folder, as ripgrep is the Node
 * engine's. Resolves with its time.
 */
async function readEveryFile({ folderName, files, inFlight }) {
  const root = await (await navigator.storage.getDirectory()).getDirectoryHandle(folderName);
  const folders = new Map([["", root]]);
  const folderOf = async (dirPath) => {
    if (!folders.has(dirPath)) {
      const cut = dirPath.lastIndexOf("/");
      const parent = await folderOf(cut < 0 ? "" : dirPath.slice(0, cut));
      folders.set(dirPath, await parent.getDirectoryHandle(dirPath.slice(cut + 1)));
    }
    return folders.get(dirPath);
  };
  // The folders' handles first, as the search's listing gives them before it reads.
  for (const file of files) await folderOf(file.slice(0, Math.max(0, file.lastIndexOf("/"))));
  const start = performance.now();
  let next = 0;
  let bytes = 0;
  const reader = async () => {
    while (next < files.length) {
      const file = files[next++];
      const cut = file.lastIndexOf("/");
      const handle = await folders
        .get(cut < 0 ? "" : file.slice(0, cut))
        .getFileHandle(file.slice(cut + 1));
      const read = await (await handle.getFile()).arrayBuffer();
      bytes += read.byteLength;
    }
  };
  await Promise.all(Array.from({ length: inFlight }, reader));
  return { ms: performance.now() - start, bytes };
}

/** In the page: resolves with performance.now() once `selector` matches an element (holding `text`). */
function whenShown({ selector, text = "" }) {
  const found = () =>
    [...document.querySelectorAll(selector)].some((el) => el.textContent.includes(text));
  window.__shownAt = new Promise((resolve) => {
    if (found()) return resolve(performance.now());
    const observer = new MutationObserver(() => {
      if (!found()) return;
      observer.disconnect();
      resolve(performance.now());
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}

const shownAt = (page) => page.evaluate(() => window.__shownAt);

async function heapMb(page) {
  return page.evaluate(() => {
    window.gc?.();
    return performance.memory.usedJSHeapSize / 1048576;
  });
}

/**
 * Find in files in the page's Search view (its worker reads the OPFS folder): a literal (the
 * first search, encodings guessed) then a regular expression (encodings known), each timed
 * from the "Find all" click to the first result row and to the summary in the status line.
 */
async function measureFind(page, row) {
  await page.locator(".cm-content").click();
  await page.keyboard.press("ControlOrMeta+Shift+F");
  const view = page.getByRole("search", { name: /in files/ });
  const field = view.getByLabel("Find", { exact: true });
  await field.waitFor();
  const searches = [
    ["literal (first search)", "needle 1", false],
    ["regular expression (encodings known)", "need\\w+ \\d{3}", true],
  ];
  for (const [label, query, regexp] of searches) {
    await field.fill(query);
    await view.getByLabel("Regular expression").setChecked(regexp);
    await page.evaluate(() => {
      const results = '[aria-label="Results"] ul[aria-label^="Matches in"] button';
      // The last search's rows and summary stay until this one starts: wait for them to go.
      let cleared = !document.querySelector(results);
      window.__firstResult = new Promise((resolve) => {
        const observer = new MutationObserver(() => {
          const shown = document.querySelector(results);
          cleared ||= !shown;
          if (!cleared || !shown) return;
          observer.disconnect();
          resolve(performance.now());
        });
        observer.observe(document.body, { childList: true, subtree: true });
      });
      let running = false;
      window.__complete = new Promise((resolve) => {
        const observer = new MutationObserver(() => {
          const status = [...document.querySelectorAll('[role="status"]')];
          const summary = status.find((el) => /searched\)\.|^No matches in/.test(el.textContent));
          running ||= status.some((el) => /^Search/.test(el.textContent));
          if (!summary || !running) return;
          observer.disconnect();
          resolve({ at: performance.now(), words: summary.textContent });
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      });
    });
    await view.getByRole("button", { name: "Find all" }).click();
    const clicked = await page.evaluate(() => window.__clickedAt["Find all"]);
    const complete = await page.evaluate(() => window.__complete);
    const first = await page.evaluate(() => window.__firstResult);
    row(
      `page: find ${label}: first result row shown`,
      `${(first - clicked).toFixed(0)} ms`,
      "≤ 300 ms",
    );
    row(
      `page: find ${label}: complete`,
      `${((complete.at - clicked) / 1000).toFixed(1)} s (${complete.words})`,
      "≤ 10 s",
    );
  }
}

/**
 * Runs the page phase on the folder at `root` and adds its rows with `row(measure, value, goal)`.
 * `sizeLabel` says which folder it was ("10,000 files, 200 MB").
 */
export async function measurePage({ browser, baseURL, root, sizeLabel, quickQuery, row }) {
  const files = await listFiles(root);
  const served = await serveFolder(root);
  // The site's CSP allows fetches of its own origin only: the bench's file server is another.
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    bypassCSP: true,
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(pageSetup, FOLDER_NAME);
    await page.goto(`${baseURL}/online-notepad/`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.locator(".cm-content").waitFor();
    let start = performance.now();
    await page.evaluate(writeIntoOpfs, { url: served.url, folderName: FOLDER_NAME, files });
    const bytes = (await Promise.all(files.map((file) => stat(path.join(root, file))))).reduce(
      (sum, info) => sum + info.size,
      0,
    );
    console.log(
      `page: ${files.length} files, ${(bytes / 1048576).toFixed(0)} MB written into OPFS in ${((performance.now() - start) / 1000).toFixed(0)} s`,
    );
    // The writing above is the bench's, not the notepad's: long tasks count from here.
    await page.evaluate(() => {
      window.__longTasks.length = 0;
      window.__longFrames.length = 0;
    });
    const heaps = [await heapMb(page)];

    await page.getByRole("menuitem", { name: "File", exact: true }).click();
    await page.evaluate(whenShown, { selector: '[role="tree"] [role="treeitem"]' });
    await page.getByRole("menu").getByText("Open folder…", { exact: true }).click();
    const treeShown = await shownAt(page);
    const openClicked = await page.evaluate(() => window.__clickedAt["Open folder…"]);
    row(
      `page (${sizeLabel}): tree first level shown`,
      `${(treeShown - openClicked).toFixed(0)} ms`,
      "≤ 300 ms",
    );
    await page.waitForTimeout(1000);
    heaps.push(await heapMb(page));

    await page.locator(".cm-content").click();
    await page.keyboard.press("ControlOrMeta+p");
    const dialog = page.getByRole("dialog", { name: "Quick open" });
    const input = dialog.getByRole("combobox", { name: "File name" });
    await input.waitFor();
    for (const [label, query, wanted] of quickQuery) {
      await page.evaluate(whenShown, { selector: '[role="dialog"] [role="option"]', text: wanted });
      await page.evaluate(() => {
        window.__typedAt = null;
        const input = document.querySelector('[role="dialog"] [role="combobox"]');
        input.addEventListener("input", () => (window.__typedAt = performance.now()), {
          once: true,
          capture: true,
        });
      });
      await input.fill(query);
      const answered = await shownAt(page);
      const typed = await page.evaluate(() => window.__typedAt);
      row(`page: quick open, ${label}`, `${(answered - typed).toFixed(0)} ms`, "≤ 50 ms");
      await input.fill("");
    }
    await page.keyboard.press("Escape");
    heaps.push(await heapMb(page));

    await measureFind(page, row);
    heaps.push(await heapMb(page));
    const longest = await page.evaluate(() => Math.max(0, ...window.__longTasks));
    const count = await page.evaluate(() => window.__longTasks.length);
    if (count > 0) {
      const frames = await page.evaluate(() => window.__longFrames);
      console.log("Long animation frames (over 50 ms):", JSON.stringify(frames, null, 1));
    }
    row(
      "page: longest main-thread task (from Open folder on)",
      `${longest.toFixed(0)} ms (${count} tasks over 50 ms)`,
      "≤ 50 ms",
    );
    row(
      "page: JS heap, largest seen (after GC)",
      `${Math.max(...heaps).toFixed(0)} MB`,
      "≤ 300 MB",
    );
    // The floor reads on the page's main thread: after the notepad's long tasks are counted.
    for (const inFlight of [8, 32]) {
      const floor = await page.evaluate(readEveryFile, {
        folderName: FOLDER_NAME,
        files,
        inFlight,
      });
      row(
        `page: every file read once, ${inFlight} at a time, nothing searched (the browser's floor)`,
        `${(floor.ms / 1000).toFixed(1)} s (${(floor.bytes / 1048576).toFixed(0)} MB)`,
      );
    }

    return { page };
  } finally {
    await context.close();
    served.close();
  }
}
