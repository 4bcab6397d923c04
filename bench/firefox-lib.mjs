// What the Firefox benches share: Debian's firefox-esr driven by puppeteer-core over WebDriver
// BiDi (as the cross-engine tests are), and typing timed in the page, since Firefox has no
// DevTools protocol here to report main-thread time.
import puppeteer from "puppeteer-core";
import { median, percentile } from "./lib.mjs";

export const fmt = (value) => (Number.isFinite(value) ? value.toFixed(1) : "n/a");

/** Starts firefox-esr (FIREFOX_PATH overrides it), headless. */
export function launchFirefox() {
  return puppeteer.launch({
    browser: "firefox",
    executablePath: process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr",
    headless: true,
    protocolTimeout: 600_000,
    extraPrefsFirefox: {
      "app.update.enabled": false,
      "browser.shell.checkDefaultBrowser": false,
      "datareporting.policy.dataSubmissionEnabled": false,
      "toolkit.telemetry.enabled": false,
    },
  });
}

/** firefox-esr, or null after saying why `table` is skipped (Firefox may be missing here). */
export async function launchFirefoxOrSkip(table) {
  try {
    return await launchFirefox();
  } catch (error) {
    console.log(`\nFirefox could not start (${error.message}); ${table} is skipped.`);
    return null;
  }
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `fn` in the page until it is truthy; throws after `timeoutMs`. */
export async function waitFor(page, fn, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate(fn))) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${fn}`);
    await sleep(100);
  }
}

/** A new page of its own context at `url` (1280×800), once `__plainpadBench` is there. */
export async function openFirefoxBenchPage(browser, url) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  await page.goto(url, { waitUntil: "load" });
  await waitFor(page, () => Boolean(window.__plainpadBench), 30_000);
  await sleep(500);
  return { context, page };
}

/** Installs the in-page keystroke timer: keydown's time stamp to a task queued after its frame. */
function installKeyTimer() {
  window.__keys = [];
  window.addEventListener(
    "keydown",
    (event) => {
      const start = event.timeStamp;
      // Firefox's frame runs the frame callbacks, then style, layout and paint; the timeout
      // fires after them.
      requestAnimationFrame(() => {
        setTimeout(() => window.__keys.push(performance.now() - start), 0);
      });
    },
    true,
  );
}

/**
 * Key-to-paint latency of `keystrokes` presses, `rounds` times (`focus` runs in the page first
 * each round): each round's p95 and their median.
 */
export async function measureFirefoxTyping(page, focus, { keystrokes, rounds: roundCount }) {
  await page.evaluate(installKeyTimer);
  const keys = "the quick brown fox jumps over a lazy dog and more ".split("");
  const rounds = [];
  for (let round = 0; round < roundCount; round++) {
    await page.evaluate(focus);
    await sleep(1000);
    await page.evaluate(() => (window.__keys = []));
    for (let i = 0; i < keystrokes; i++) {
      await page.keyboard.press(keys[i % keys.length]);
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 20))),
      );
    }
    rounds.push(percentile(await page.evaluate(() => window.__keys), 95));
  }
  return { paintP95: median(rounds), rounds: rounds.map(fmt).join(" / ") };
}
