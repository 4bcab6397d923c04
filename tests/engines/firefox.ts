import puppeteer, {
  type Browser,
  type ElementHandle,
  type KeyInput,
  type Page,
} from "puppeteer-core";
import { ENGINE_BINARIES, type EngineBrowser, type EnginePage, parseChord } from "./engine";

/**
 * Firefox (Debian's firefox-esr) driven by puppeteer-core over WebDriver BiDi. Playwright's own
 * Firefox-over-BiDi mode stops at `emulation.setMediaFeaturesOverride` on ESR 153, which is why
 * this engine has a driver of its own. Each page gets a browser context of its own (fresh
 * cookies and storage), like a new profile.
 */
export async function launchFirefox(): Promise<EngineBrowser> {
  const browser: Browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: ENGINE_BINARIES.firefox[0],
    headless: true,
    extraPrefsFirefox: {
      // No update checks, telemetry or first-run pages: this machine has no network.
      "app.update.enabled": false,
      "browser.shell.checkDefaultBrowser": false,
      "datareporting.policy.dataSubmissionEnabled": false,
      "toolkit.telemetry.enabled": false,
      // Firefox asks the user before it keeps a site's storage (navigator.storage.persist());
      // these stand in for a person who answers Allow, as Firefox's own tests do.
      "dom.storageManager.prompt.testing": true,
      "dom.storageManager.prompt.testing.allow": true,
    },
  });
  return {
    name: "firefox",
    async newPage() {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      // "Leave page?" on a reload with unsaved changes: a person answers Leave.
      page.on("dialog", (dialog) => void dialog.accept());
      return firefoxPage(page, () => context.close());
    },
    close: () => browser.close(),
  };
}

function firefoxPage(page: Page, closeContext: () => Promise<void>): EnginePage {
  const find = async (query: object): Promise<ElementHandle<Element>> => {
    const handle = await page.evaluateHandle(
      (q) =>
        (
          window as unknown as { __engineProbe: { find(q: object): Element | null } }
        ).__engineProbe.find(q),
      query,
    );
    const element = handle.asElement() as ElementHandle<Element> | null;
    if (!element) {
      await handle.dispose();
      throw new Error(`No visible control matches ${JSON.stringify(query)}`);
    }
    return element;
  };
  return {
    async goto(url) {
      await page.goto(url, { waitUntil: "load" });
    },
    async reload() {
      await page.reload({ waitUntil: "load" });
    },
    evaluate(fn, ...args) {
      // The arguments are plain JSON values, so puppeteer's handle unwrapping does not apply.
      return page.evaluate(fn as (...params: unknown[]) => unknown, ...args) as never;
    },
    async click(query) {
      // At the centre of the element's part in view, as WebDriver's element click does:
      // puppeteer's own click aims at the centre of the whole element, which for the editing
      // area of a big document is far down the text.
      const element = await find(query);
      const point = await element.evaluate((target) => {
        target.scrollIntoView({ block: "nearest", inline: "nearest" });
        const rect = target.getBoundingClientRect();
        const left = Math.max(rect.left, 0);
        const right = Math.min(rect.right, window.innerWidth);
        const top = Math.max(rect.top, 0);
        const bottom = Math.min(rect.bottom, window.innerHeight);
        return { x: (left + right) / 2, y: (top + bottom) / 2 };
      });
      await element.dispose();
      await page.mouse.click(point.x, point.y);
    },
    async type(text) {
      await page.keyboard.type(text);
    },
    async press(chord) {
      const { modifiers, key } = parseChord(chord);
      for (const modifier of modifiers) await page.keyboard.down(modifier as KeyInput);
      await page.keyboard.press(key as KeyInput);
      for (const modifier of modifiers.reverse()) await page.keyboard.up(modifier as KeyInput);
    },
    async chooseFiles(paths) {
      const inputs = await page.$$("input[data-engine-file-input]");
      const input = inputs.at(-1) as ElementHandle<HTMLInputElement> | undefined;
      if (!input) throw new Error("The page opened no file dialog");
      await input.uploadFile(...paths);
    },
    close: closeContext,
  };
}
