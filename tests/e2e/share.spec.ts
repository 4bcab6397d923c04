import { readFile } from "node:fs/promises";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { base64UrlDecode, base64UrlEncode } from "../../app/text/base64url";
import { crc32 } from "../../app/text/byte-codecs";
import { encodeSharePayload } from "../../app/text/share-link";
import { documentText, editorBox, openEditor } from "./editor-helpers";
import { expectNoSeriousA11yViolations, useStoredTheme, waitForHydration } from "./fixtures";
import { editorText, openNotepad, runMenu, tabButton, typeInEditor } from "./notepad-helpers";
import { waitForServiceWorker } from "./offline-helpers";

/**
 * Share links (issue 16): Share in both editors makes `/s/#<payload>`; the link opens in
 * another browser profile (a fresh context), offline too, with its three actions; a locked
 * link asks for its password; damaged and newer links open nothing; the page that opens a link
 * makes no request off the site and keeps the link nowhere.
 */

const EDITOR_TEXT = "Shared from the editor\nSecond line: 日本語 and é";

/** Opens the Share dialog with `open` and returns the link it shows (after locking, if asked). */
async function makeLink(page: Page, open: () => Promise<void>, password?: string) {
  await open();
  const dialog = page.getByRole("dialog", { name: "Share as a link" });
  await expect(dialog).toBeVisible();
  // The dialog's keys work once it has taken the focus (its Copy button), not when first drawn.
  await expect(dialog.getByRole("button", { name: "Copy link" })).toBeFocused();
  if (password) {
    await dialog.getByLabel("Password (optional)").fill(password);
    await dialog.getByRole("button", { name: "Lock link" }).click();
    await expect(dialog.getByRole("textbox", { name: "Link (locked)" })).toBeVisible({
      timeout: 20_000,
    });
    return dialog.getByRole("textbox", { name: "Link (locked)" }).inputValue();
  }
  return dialog.getByRole("textbox", { name: "Link", exact: true }).inputValue();
}

/** A new browser profile: no storage, no service worker, as on another person's computer. */
async function freshPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  return { context, page };
}

/** Records every request a page makes. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => urls.push(request.url()));
  return urls;
}

/** Everything this origin keeps in Web Storage and Cache Storage, as one string. */
async function storedEverywhere(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const parts: string[] = [];
    for (const storage of [localStorage, sessionStorage]) {
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i) ?? "";
        parts.push(key, storage.getItem(key) ?? "");
      }
    }
    for (const name of await caches.keys()) {
      if (name.includes("precache")) continue; // the site's own files
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        parts.push(request.url, await ((await cache.match(request))?.text() ?? ""));
      }
    }
    return parts.join("\n");
  });
}

test.describe("share links", () => {
  test.describe.configure({ timeout: 60_000 });

  test("share from the editor: the dialog shows the link, its length, Copy and a QR code", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await openEditor(page);
    await editorBox(page).click();
    await page.keyboard.type(EDITOR_TEXT);
    const share = page.getByRole("button", { name: "Share", exact: true });
    await expect(share).toHaveAttribute("title", "Share");
    const link = await makeLink(page, () => share.click());
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/s\/#[A-Za-z0-9_-]+$/);
    // Nothing of the text is readable in the link.
    expect(link).not.toContain("Shared");
    const dialog = page.getByRole("dialog", { name: "Share as a link" });
    await expect(dialog).toContainText(`Link length: ${link.length} characters`);
    await expect(dialog.getByRole("img", { name: "QR code of the link" })).toBeVisible();
    await expect(dialog).toContainText("A short password can be guessed offline");
    // Copy is ready (and focused) as the dialog opens.
    const copy = dialog.getByRole("button", { name: "Copy link" });
    await expect(copy).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog.getByRole("button", { name: "Copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await expectNoSeriousA11yViolations(page, "share dialog");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  test("a link opens in another profile, leaves the address at /s/, and opens in the editor", async ({
    page,
    browser,
    baseURL,
  }) => {
    await openEditor(page);
    await editorBox(page).click();
    await page.keyboard.type(EDITOR_TEXT);
    const link = await makeLink(page, () =>
      page.getByRole("button", { name: "Share", exact: true }).click(),
    );
    const payload = link.split("#")[1];

    const other = await freshPage(browser, baseURL);
    const requests = recordRequests(other.page);
    await other.page.goto(link);
    await waitForHydration(other.page);
    await expect(other.page.getByRole("heading", { level: 2 })).toHaveText("Untitled.txt");
    await expect(other.page.getByTestId("shared-counts")).toHaveText("9 words · 45 characters");
    expect(await other.page.getByTestId("shared-text").textContent()).toBe(EDITOR_TEXT);
    await expectNoSeriousA11yViolations(other.page, "shared text");

    // The payload has left the address bar and this tab's history entry; the title is fixed.
    expect(new URL(other.page.url()).pathname).toBe("/s/");
    expect(new URL(other.page.url()).hash).toBe("");
    await expect(other.page).toHaveTitle("Shared text | Plainpad");
    // Only the site's own files were requested, and no request carried the payload.
    const origin = new URL(link).origin;
    expect(requests.filter((url) => !url.startsWith(`${origin}/`))).toEqual([]);
    expect(requests.filter((url) => url.includes(payload.slice(0, 16)))).toEqual([]);
    // Nothing of the link or the text was stored.
    const stored = await storedEverywhere(other.page);
    expect(stored).not.toContain(payload.slice(0, 16));
    expect(stored).not.toContain("Shared from the editor");

    await other.page.getByRole("button", { name: "Open in editor" }).click();
    await expect(other.page).toHaveURL(/\/editor\/$/);
    await expect(editorBox(other.page)).toBeVisible();
    await expect.poll(() => documentText(other.page)).toBe(EDITOR_TEXT);
    await expect(other.page.getByRole("button", { name: "Rename Untitled.txt" })).toBeVisible();
    await other.context.close();
  });

  test("the link's page loads neither the editor engine nor the QR code", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    const payload = await encodeSharePayload({ name: "n.txt", text: "Light page" });
    await page.goto(`/s/#${payload}`);
    await waitForHydration(page);
    await expect(page.getByTestId("shared-text")).toHaveText("Light page");
    expect(scripts.filter((url) => /share-dialog|qr-code/.test(url))).toEqual([]);
    for (const url of new Set(scripts)) {
      const body = await (await page.request.get(url)).text();
      // Names only CodeMirror's own code contains.
      expect(body, url).not.toContain("cm-content");
      expect(body, url).not.toContain("EditorView");
    }
  });

  test("the referrer policy of the link's page is kept", async ({ request }) => {
    const response = await request.get("/s/");
    expect(response.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });

  test("Open in editor asks before replacing unsaved text; declining keeps it and offers the shared text", async ({
    page,
    browser,
    baseURL,
  }) => {
    await openEditor(page);
    await editorBox(page).click();
    await page.keyboard.type("The shared one");
    const link = await makeLink(page, () =>
      page.getByRole("button", { name: "Share", exact: true }).click(),
    );

    const other = await freshPage(browser, baseURL);
    await openEditor(other.page);
    await editorBox(other.page).click();
    await other.page.keyboard.type("My own unsaved draft");
    await expect(other.page.getByTitle("Unsaved changes")).toBeVisible();
    // Stored in full before the page is left: a second editor window follows the stored text.
    const reader = await other.context.newPage();
    await openEditor(reader);
    await expect.poll(() => documentText(reader)).toBe("My own unsaved draft");
    await reader.close();

    await other.page.goto(link);
    await waitForHydration(other.page);
    // The editor's usual question, answered "Cancel".
    const questions: string[] = [];
    other.page.once("dialog", (dialog) => {
      questions.push(dialog.message());
      void dialog.dismiss();
    });
    await other.page.getByRole("button", { name: "Open in editor" }).click();
    await expect(other.page.getByText(/from the share link was not opened/)).toBeVisible();
    expect(questions).toEqual([
      "Replace the current document? Changes you have not downloaded or saved will be lost.",
    ]);
    expect(await documentText(other.page)).toBe("My own unsaved draft");
    const download = other.page.waitForEvent("download");
    await other.page.getByRole("button", { name: "Download the shared text" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("Untitled.txt");
    expect(await readFile((await file.path()) ?? "", "utf8")).toBe("The shared one");

    await other.page.goto(link);
    await waitForHydration(other.page);
    other.page.once("dialog", (dialog) => void dialog.accept());
    await other.page.getByRole("button", { name: "Open in editor" }).click();
    await expect.poll(() => documentText(other.page)).toBe("The shared one");
    await other.context.close();
  });

  test("share from the notepad's tab menu and File menu; open as a new notepad tab; download", async ({
    page,
    browser,
    baseURL,
  }) => {
    await openNotepad(page);
    await typeInEditor(page, "Notes from the notepad\n\n  indented line  ");
    // The tab's right-click menu.
    await tabButton(page, "Untitled-1*").click({ button: "right" });
    const tabMenu = page.getByRole("menu", { name: "Tab actions" });
    await expect(tabMenu).toBeVisible();
    await expect(tabMenu.getByRole("menuitem")).toContainText([
      "Rename tab",
      "Duplicate tab",
      "Share",
      "Close tab",
      "Close other tabs",
    ]);
    const link = await makeLink(page, () =>
      tabMenu.getByRole("menuitem", { name: "Share" }).click(),
    );
    await page.keyboard.press("Escape");
    // Focus went back to the tab the menu belonged to.
    await expect(tabButton(page, "Untitled-1*")).toBeFocused();
    // The same link from the File menu (the same text makes the same open link).
    const fromMenu = await makeLink(page, () => runMenu(page, "File", "Share as link…"));
    expect(fromMenu).toBe(link);
    await page.keyboard.press("Escape");
    // From the keyboard: Shift+F10 on the focused tab.
    await tabButton(page, "Untitled-1*").focus();
    await page.keyboard.press("Shift+F10");
    await expect(page.getByRole("menu", { name: "Tab actions" })).toBeVisible();
    await page.keyboard.press("Escape");

    const other = await freshPage(browser, baseURL);
    await other.page.goto(link);
    await waitForHydration(other.page);
    await expect(other.page.getByRole("heading", { level: 2 })).toHaveText("Untitled-1");

    const download = other.page.waitForEvent("download");
    await other.page.getByRole("button", { name: "Download" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("Untitled-1.txt");
    expect(await readFile((await file.path()) ?? "", "utf8")).toBe(
      "Notes from the notepad\n\n  indented line  ",
    );

    await other.page.getByRole("button", { name: "Open in a new notepad tab" }).click();
    await expect(other.page).toHaveURL(/\/online-notepad\/$/);
    // The new profile's own first tab is "Untitled-1" too: the shared one is the shown one.
    await expect(other.page.locator('[data-tab-id][aria-current="true"]')).toHaveText("Untitled-1");
    await expect
      .poll(() => editorText(other.page))
      .toBe("Notes from the notepad\n\n  indented line  ");
    // Beside the notepad's own first tab, not instead of it.
    await expect(
      other.page.getByRole("list", { name: "Open tabs" }).getByRole("listitem"),
    ).toHaveCount(2);
    await other.context.close();
  });

  test("a locked link asks for its password: a wrong one opens nothing, the right one opens it", async ({
    page,
    browser,
    baseURL,
  }) => {
    await openEditor(page);
    await editorBox(page).click();
    await page.keyboard.type("Behind a password");
    const password = "four random words here";
    const link = await makeLink(
      page,
      () => page.getByRole("button", { name: "Share", exact: true }).click(),
      password,
    );
    expect(link).not.toContain("four");

    const other = await freshPage(browser, baseURL);
    await useStoredTheme(other.page, "dark");
    await other.page.goto(link);
    await waitForHydration(other.page);
    expect(new URL(other.page.url()).hash).toBe("");
    const field = other.page.getByLabel("Password");
    await expect(field).toBeFocused();
    await expectNoSeriousA11yViolations(other.page, "locked link, dark");
    await field.fill("four random words");
    await other.page.getByRole("button", { name: "Unlock" }).click();
    await expect(other.page.getByRole("alert")).toContainText("Wrong password", {
      timeout: 20_000,
    });
    await expect(other.page.getByText("Behind a password")).toHaveCount(0);
    await expect(other.page.getByRole("button", { name: "Open in editor" })).toHaveCount(0);

    await field.fill(password);
    await other.page.getByRole("button", { name: "Unlock" }).click();
    await expect(other.page.getByTestId("shared-text")).toHaveText("Behind a password", {
      timeout: 20_000,
    });
    await expect(other.page.getByTestId("shared-counts")).toContainText(
      "was locked with a password",
    );
    await other.context.close();
  });

  test("a cut, changed or newer link opens nothing and says why", async ({ page }) => {
    const payload = await encodeSharePayload({ name: "n.txt", text: "Some text to damage" });
    await page.goto(`/s/#${payload.slice(0, -3)}`);
    await waitForHydration(page);
    await expect(page.getByRole("alert")).toContainText("This link is incomplete or damaged");
    await expect(page.getByRole("button", { name: "Open in editor" })).toHaveCount(0);
    await expect(page.getByText("Some text to damage")).toHaveCount(0);

    const changed = `${payload.slice(0, 10)}${payload[10] === "A" ? "B" : "A"}${payload.slice(11)}`;
    await page.goto(`/s/#${changed}`);
    await expect(page.getByRole("alert")).toContainText("This link is incomplete or damaged");

    // Version 2 with a checksum that holds: a link from a newer Plainpad.
    const bytes = base64UrlDecode(payload)!;
    bytes[0] = 2;
    const end = bytes.length - 4;
    const crc = crc32(bytes.subarray(0, end));
    bytes.set([crc >>> 24, (crc >>> 16) & 0xff, (crc >>> 8) & 0xff, crc & 0xff], end);
    await page.goto(`/s/#${base64UrlEncode(bytes)}`);
    await expect(page.getByRole("alert")).toContainText("made by a newer version of Plainpad");
    await expect(page.getByRole("button", { name: "Reload" })).toBeVisible();

    // A fragment pasted into the open page is read too.
    await page.evaluate((fragment) => (window.location.hash = fragment), payload);
    await expect(page.getByTestId("shared-text")).toHaveText("Some text to damage");
    await expect(page.getByTestId("shared-counts")).toHaveText("4 words · 19 characters");
    expect(new URL(page.url()).hash).toBe("");
    // And a second one replaces it, counts included.
    const second = await encodeSharePayload({ name: "m.txt", text: "Two words" });
    await page.evaluate((fragment) => (window.location.hash = fragment), second);
    await expect(page.getByTestId("shared-text")).toHaveText("Two words");
    await expect(page.getByTestId("shared-counts")).toHaveText("2 words · 9 characters");

    await page.goto("/s/");
    await expect(page.getByText("There is no shared text in this address")).toBeVisible();
  });

  test("long links warn, too long ones are refused with a way out", async ({ page }) => {
    await openNotepad(page);
    // Random letters barely compress: about 1.4 characters of link per character of text.
    await page.evaluate(() => {
      const random = (count: number) =>
        Array.from({ length: count }, () =>
          String.fromCharCode(97 + Math.floor(Math.random() * 26)),
        ).join("");
      const notepad = (
        window as unknown as {
          __plainpadNotepad: { tabs: { newTab(name: string, text: string): string } };
        }
      ).__plainpadNotepad;
      notepad.tabs.newTab("Long", random(3_000));
      notepad.tabs.newTab("Too long", random(60_000));
    });
    await tabButton(page, "Long").click();
    await runMenu(page, "File", "Share as link…");
    const dialog = page.getByRole("dialog", { name: "Share as a link" });
    await expect(dialog).toContainText("may be cut by some apps");
    await expect(dialog).toContainText("No QR code");
    await expect(dialog.getByRole("button", { name: "Copy link" })).toBeVisible();
    await page.keyboard.press("Escape");

    await tabButton(page, "Too long").click();
    await runMenu(page, "File", "Share as link…");
    await expect(dialog.getByRole("alert")).toContainText("too long to share as a link");
    await expect(dialog.getByRole("alert")).toContainText("the limit is 32,000 characters");
    await expect(dialog.getByRole("alert")).toContainText("Google Drive");
    await expect(dialog.getByRole("button", { name: "Copy link" })).toHaveCount(0);
    await expect(dialog.getByRole("textbox", { name: "Link" })).toHaveCount(0);
  });

  test("a 390 px phone shows the dialog and the opened text without sideways scrolling", async ({
    page,
    browser,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await useStoredTheme(page, "dark");
    await openEditor(page);
    await editorBox(page).click();
    await page.keyboard.type("A phone-sized share with a rather long line that has to wrap nicely");
    const link = await makeLink(page, () =>
      page.getByRole("button", { name: "Share", exact: true }).click(),
    );
    const dialog = page.getByRole("dialog", { name: "Share as a link" });
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page, "share dialog, dark, phone");

    const other = await freshPage(browser, baseURL);
    await other.page.setViewportSize({ width: 390, height: 800 });
    await other.page.goto(link);
    await waitForHydration(other.page);
    await expect(other.page.getByTestId("shared-text")).toBeVisible();
    expect(
      await other.page.evaluate(() => document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(390);
    await other.context.close();
  });
});

test.describe("share links offline", () => {
  test.describe.configure({ timeout: 90_000 });

  /** One online visit, then offline: the service worker has the /s/ page and the editors. */
  async function offlineContext(browser: Browser, baseURL: string | undefined) {
    const { context, page } = await freshPage(browser, baseURL);
    await page.goto("/");
    await waitForServiceWorker(page);
    await context.setOffline(true);
    return { context, page };
  }

  /** Opens `link`; nothing is requested off the site. */
  async function openLink(page: Page, link: string) {
    const requests = recordRequests(page);
    await page.goto(link);
    await waitForHydration(page);
    await expect(page.getByTestId("shared-text")).toBeVisible();
    expect(requests.filter((url) => !url.startsWith(`${new URL(link).origin}/`))).toEqual([]);
  }

  test("a link opens offline after one visit, into the editor and into a new notepad tab", async ({
    browser,
    baseURL,
  }) => {
    const text = "Read on a plane\r\nwith Windows line endings";
    const payload = await encodeSharePayload({ name: "Plane notes.txt", text });
    const link = `${baseURL}/s/#${payload}`;
    const { context, page } = await offlineContext(browser, baseURL);

    await openLink(page, link);
    expect(await page.getByTestId("shared-text").textContent()).toBe(text);
    await page.getByRole("button", { name: "Open in editor" }).click();
    await expect(page).toHaveURL(/\/editor\/$/);
    await expect.poll(() => documentText(page)).toBe("Read on a plane\nwith Windows line endings");
    // Saved with the line endings it came with.
    await expect(page.getByText("Windows (CRLF)")).toBeVisible();

    await openLink(page, link);
    await page.getByRole("button", { name: "Open in a new notepad tab" }).click();
    await expect(page).toHaveURL(/\/online-notepad\/$/);
    await expect(tabButton(page, "Plane notes.txt")).toHaveAttribute("aria-current", "true");
    await expect.poll(() => editorText(page)).toBe("Read on a plane\nwith Windows line endings");
    await context.close();
  });

  test("a locked link opens offline with its password", async ({ browser, baseURL }) => {
    const payload = await encodeSharePayload({ name: "Locked.txt", text: "Offline secret" }, "pw");
    const { context, page } = await offlineContext(browser, baseURL);
    await page.goto(`${baseURL}/s/#${payload}`);
    await waitForHydration(page);
    await page.getByLabel("Password").fill("pw");
    await page.getByRole("button", { name: "Unlock" }).click();
    await expect(page.getByTestId("shared-text")).toHaveText("Offline secret", {
      timeout: 20_000,
    });
    await context.close();
  });
});
