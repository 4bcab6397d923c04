// The browser half of `npm run bench collab` (issue 44): Chromium contexts on the site and relay
// served by the bench's server (lib.mjs startServer: site + relay on one port, rooms in a temp
// RELAY_DATA_DIR). Sessions are started and joined as a person does: the simple editor's "Live"
// button, "Start live session", the Edit link read from the dialog and opened in another
// context. Every wait is bounded (PHASE_MS).
import {
  generateDocument,
  launchBrowser,
  measureTyping,
  openBenchPage,
  summarizeTyping,
} from "./lib.mjs";

const PHASE_MS = 60_000;

/** Puts `text` (built in the page by generateDocument) in the editor of a bench page. */
async function openText(page, bytes, suffix = "") {
  await page.evaluate(
    async ([source, size, tail]) => {
      const text = new Function(`return (${source})(${size})`)().slice(0, size) + tail;
      await window.__plainpadBench.open(text);
    },
    [generateDocument.toString(), bytes, suffix],
  );
  await page.waitForFunction(() => window.__plainpadBench.settled?.() ?? true, null, {
    timeout: PHASE_MS,
  });
}

/** Starts a live session for the page's document through the Live dialog: its Edit link. */
async function startLive(page) {
  await page.getByRole("button", { name: "Live", exact: true }).click();
  await page.getByRole("button", { name: "Start live session" }).click();
  const field = page.getByLabel("Edit link", { exact: true });
  await field.waitFor({ timeout: PHASE_MS });
  const link = await field.inputValue();
  await page.getByRole("button", { name: "Close", exact: true }).last().click();
  return link;
}

/** The bench hook's address of a live link (`?bench` before its `#live=` fragment). */
function benchLink(link) {
  const url = new URL(link);
  url.search = "?bench";
  return url.href;
}

/** Opens `link` in a new context and waits until its editor holds `length` characters. */
async function joinLink(browser, link, length) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.on("dialog", (dialog) => void dialog.accept());
  await page.goto(benchLink(link));
  try {
    await page.waitForFunction((n) => window.__plainpadBench?.length() === n, length, {
      timeout: PHASE_MS,
      polling: 50,
    });
  } catch (error) {
    const shown = await page.evaluate(() => window.__plainpadBench?.length());
    throw new Error(`The joined page shows ${shown} characters, not ${length}: ${error.message}`);
  }
  return { context, page };
}

/**
 * Keystroke in one page to the character in the other page's editor: `count` keys typed at the
 * end of a small live document in page A, one every `gapMs`. A keeps each keydown's time, B a
 * MutationObserver's time when its editor's last line first holds that many typed characters
 * (remote carets, widgets with names in them, left out) and the next frame after it (paint).
 * Both clocks are performance.timeOrigin + performance.now(): the same machine clock in every
 * page of this browser.
 */
export async function measureRemoteKeystrokes(browser, baseURL, { count = 200, gapMs = 100 }) {
  const a = await openBenchPage(browser, `${baseURL}/editor/?bench`);
  await openText(a.page, 2048, "\n");
  const length = await a.page.evaluate(() => window.__plainpadBench.length());
  // When each UPDATE frame (first byte 2, packages/wire/src/wire-messages.ts) leaves page A: splits the figure
  // into the client's batching and the way through the relay to B's editor.
  await a.page.evaluate(() => {
    window.__updateSends = [];
    const send = WebSocket.prototype.send;
    WebSocket.prototype.send = function (data) {
      const bytes = ArrayBuffer.isView(data)
        ? new Uint8Array(data.buffer, data.byteOffset, 1)
        : data instanceof ArrayBuffer
          ? new Uint8Array(data, 0, 1)
          : null;
      if (bytes?.[0] === 2) window.__updateSends.push(performance.timeOrigin + performance.now());
      return send.call(this, data);
    };
  });
  const link = await startLive(a.page);
  const b = await joinLink(browser, link, length);
  await b.page.waitForTimeout(1000);

  await b.page.evaluate(() => {
    window.__shown = [];
    window.__painted = [];
    const content = document.querySelector(".cm-content");
    const typedLength = () => {
      const lines = content.querySelectorAll(".cm-line");
      const last = lines[lines.length - 1];
      if (!last) return 0;
      let n = 0;
      const walker = document.createTreeWalker(last, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement?.closest(".cm-widgetBuffer, [class*='ySelection']")) continue;
        n += /** @type {Text} */ (node).data.replace(/[\u200b\u2060]/g, "").length;
      }
      return n;
    };
    let seen = typedLength();
    new MutationObserver(() => {
      const now = performance.timeOrigin + performance.now();
      const n = typedLength();
      if (n <= seen) return;
      const from = seen;
      seen = n;
      for (let i = from; i < n; i++) window.__shown[i] = now;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          const painted = performance.timeOrigin + performance.now();
          for (let i = from; i < n; i++) window.__painted[i] = painted;
        };
        channel.port2.postMessage(0);
      });
    }).observe(content, { subtree: true, childList: true, characterData: true });
  });

  await a.page.evaluate(() => {
    window.__keys = [];
    window.addEventListener(
      "keydown",
      (event) => {
        // The typed letters only (not Control+End before them).
        if (event.key.length === 1) window.__keys.push(performance.timeOrigin + event.timeStamp);
      },
      true,
    );
    const view = /** @type {HTMLElement} */ (document.querySelector(".cm-content"));
    view.focus();
  });
  await a.page.keyboard.press("Control+End");
  const letters = "abcdefghijklmnopqrstuvwxyz";
  for (let i = 0; i < count; i++) {
    await a.page.keyboard.press(letters[i % letters.length]);
    await a.page.waitForTimeout(gapMs);
  }
  await b.page.waitForFunction((n) => window.__painted.filter(Boolean).length >= n, count, {
    timeout: PHASE_MS,
  });
  const { keys, sends } = await a.page.evaluate(() => ({
    keys: window.__keys,
    sends: window.__updateSends,
  }));
  const { shown, painted } = await b.page.evaluate(() => ({
    shown: window.__shown,
    painted: window.__painted,
  }));
  await a.context.close();
  await b.context.close();
  // The first update frame sent at or after each keydown carried that key.
  const sentAt = keys.map((t) => sends.find((sent) => sent >= t) ?? NaN);
  return {
    count,
    gapMs,
    shown: keys.map((t, i) => shown[i] - t),
    painted: keys.map((t, i) => painted[i] - t),
    keyToSend: keys.map((t, i) => sentAt[i] - t),
    sendToShown: keys.map((_, i) => shown[i] - sentAt[i]),
  };
}

/**
 * Typing in a document of `bytes` as every typing bench measures it (measureTyping in lib.mjs:
 * keydown to the next frame, in the middle of the document), in one page with one text: not
 * live; live alone (Live, Start: every batch sealed, signed and sent); and live with one other
 * person in (joined through the Edit link in a second context, which shares this machine's
 * cores: its work on each update lands beside the typist's).
 */
export async function measureLiveTyping(browser, baseURL, { bytes, keystrokes, rounds }) {
  const a = await openBenchPage(browser, `${baseURL}/editor/?bench`);
  await openText(a.page, bytes);
  await a.page.waitForTimeout(1000);
  const focusMiddle = () => a.page.evaluate(() => window.__plainpadBench.focusMiddle());
  const typing = () => measureTyping(a.page, { keystrokes, rounds, focusMiddle });
  const plain = summarizeTyping(await typing());
  const link = await startLive(a.page);
  // The first upload of a 1 MB document (and the snapshot it may start) is not typing.
  await a.page.waitForTimeout(3000);
  const alone = summarizeTyping(await typing());
  const length = await a.page.evaluate(() => window.__plainpadBench.length());
  const b = await joinLink(browser, link, length);
  await a.page.waitForTimeout(3000);
  const joined = summarizeTyping(await typing());
  // Every keystroke reached the other person (the live figures are of a working session).
  const typed = length + keystrokes * rounds;
  await b.page.waitForFunction((n) => window.__plainpadBench.length() === n, typed, {
    timeout: PHASE_MS,
  });
  await a.context.close();
  await b.context.close();
  return { plain, alone, joined };
}

/**
 * In a late joiner's page, before any of its scripts: notes when the page first asks for the
 * live code (the live-runtime chunk), when its WebSocket to the relay is made and opened, its
 * first and last message, and the frame in which the editor holds all `length` characters.
 */
function noteLateJoin(length) {
  const now = () => performance.now();
  /** @type {Record<string, number>} */
  const marks = (window.__lateJoin = {});
  const NativeSocket = window.WebSocket;
  window.WebSocket = class extends NativeSocket {
    constructor(/** @type {ConstructorParameters<typeof WebSocket>} */ ...args) {
      super(...args);
      marks.socket ??= now();
      this.addEventListener("open", () => (marks.open ??= now()));
      this.addEventListener("message", () => {
        marks.firstMessage ??= now();
        marks.lastMessage = now();
      });
    }
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!/\/live-runtime-[^/]*\.js$/.test(entry.name)) continue;
      marks.codeRequested ??= entry.startTime;
      marks.codeLoaded ??= entry.responseEnd;
    }
  }).observe({ type: "resource", buffered: true });
  const check = () => {
    if (window.__plainpadBench?.length() === length) marks.joined = now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

/**
 * Late join: a live document of `bytes` is started in page A and joined in B (so the relay
 * holds all of it), both leave, then the Edit link is opened as a new visitor opens it: in a
 * newly launched Chromium (nothing cached, no service worker, a fresh profile). Measured in that
 * page from the start of the navigation (performance.timeOrigin) to the frame where its editor
 * holds the whole text, which can only have come from the relay's stored snapshot and log; with
 * where the time went (noteLateJoin).
 */
export async function measureLateJoin(browser, baseURL, bytes) {
  const a = await openBenchPage(browser, `${baseURL}/editor/?bench`);
  await openText(a.page, bytes);
  const length = await a.page.evaluate(() => window.__plainpadBench.length());
  const link = await startLive(a.page);
  const b = await joinLink(browser, link, length);
  // Let a compaction snapshot the starter may upload finish before everyone leaves.
  await b.page.waitForTimeout(3000);
  await a.context.close();
  await b.context.close();
  await new Promise((resolve) => setTimeout(resolve, 1000));

  const newVisitor = await launchBrowser();
  try {
    const context = await newVisitor.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.on("dialog", (dialog) => void dialog.accept());
    await page.addInitScript(noteLateJoin, length);
    await page.goto(benchLink(link));
    await page.waitForFunction(() => window.__lateJoin.joined !== undefined, null, {
      timeout: PHASE_MS,
    });
    const marks = await page.evaluate(() => window.__lateJoin);
    return { ms: marks.joined, marks, bytes: length };
  } finally {
    await newVisitor.close();
  }
}
