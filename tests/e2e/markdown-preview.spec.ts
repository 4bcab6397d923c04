import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { expect, type Page, test } from "@playwright/test";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { encodeSharePayload } from "../../app/text/share-link";
import { installDiskHarness, putDiskFile, queuePicks } from "./disk-harness";
import { editorBox, openEditor } from "./editor-helpers";
import { expectNoSeriousA11yViolations, useStoredTheme, waitForHydration } from "./fixtures";
import { openNotepad, renameActiveTab, runMenu, tabButtons } from "./notepad-helpers";

/** The Markdown preview (issue 30 item 3): modes, safety, remote images, scrolling, exports. */

const NOTES = [
  "# Release notes",
  "",
  "Plainpad shows **Markdown** with a _preview_. Read [the FAQ](https://plainpad.app/faq/) or [jump to tables](#tables).",
  "",
  "- [x] Highlighting",
  "- [ ] Preview",
  "",
  "```js",
  "function greet(name) {",
  '  return "Hello " + name;',
  "}",
  "```",
  "",
  "## Tables",
  "",
  "| Feature | Status |",
  "|---|:-:|",
  "| Preview | ~~soon~~ done |",
  "",
].join("\n");

// Blank lines between them: raw HTML runs on to the next blank line, and each should be tried.
const HOSTILE = [
  "# Hostile",
  "<script>window.__pwned = 'script'</script>",
  "<img src=x onerror=\"window.__pwned = 'onerror'\">",
  "[click me](javascript:window.__pwned='link')",
  '<svg onload="window.__pwned=\'svg\'"><circle r="4"/></svg>',
  '<iframe src="https://evil.example/frame"></iframe>',
  '<p style="background:url(https://evil.example/bg.png)">styled</p>',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<video poster="https://evil.example/p.png"></video>',
  "![tracker](https://evil.example/pixel.png)",
  '<a href="https://ok.example/" onmouseover="window.__pwned=\'hover\'">hover me</a>',
  "",
].join("\n\n");

/** The section number at the top of the editor and at the top of the preview. */
function sectionsAtTop(page: Page): Promise<{ editor: number; preview: number }> {
  return page.evaluate(() => {
    const section = (element: Element | undefined) =>
      Number(/Section (\d+)/.exec(element?.textContent ?? "")?.[1] ?? 0);
    const scroller = document.querySelector(".cm-scroller")!;
    const editorTop = scroller.getBoundingClientRect().top;
    const lines = Array.from(document.querySelectorAll(".cm-line"));
    const firstLine = lines.findIndex(
      (line) => line.getBoundingClientRect().bottom > editorTop + 4,
    );
    // The heading at or above the first visible line.
    const heading = lines
      .slice(0, firstLine + 1)
      .reverse()
      .find((line) => line.textContent?.startsWith("## Section"));
    const pane = document.querySelector('[data-testid="markdown-preview"]')!;
    const paneTop = pane.getBoundingClientRect().top;
    const headings = Array.from(pane.querySelectorAll("h2"));
    const below = headings.findIndex((h) => h.getBoundingClientRect().top > paneTop + 4);
    const previewHeading = headings[Math.max(0, below - 1)];
    return { editor: section(heading), preview: section(previewHeading) };
  });
}

function preview(page: Page) {
  return page.getByRole("region", { name: "Markdown preview" });
}

/** A port of our own (4312-4319) for a second origin on this machine. */
const IMAGE_PORT = 4313;

/**
 * A server on another origin than the site (another port) that answers every path with the
 * site's 192-pixel icon, a real PNG, and records the paths asked for.
 */
async function serveImages(): Promise<{
  origin: string;
  requests: string[];
  close(): Promise<void>;
}> {
  const png = await readFile("public/icon-192.png");
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? "");
    response.writeHead(200, { "Content-Type": "image/png", "Cache-Control": "no-store" });
    response.end(png);
  });
  await new Promise<void>((resolve) => server.listen(IMAGE_PORT, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${IMAGE_PORT}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const PIXEL_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

/**
 * Serves images.example.org's pictures (a tracking pixel) and lists the ones requested: what the
 * page asked for, whatever the Content-Security-Policy then allows.
 */
async function serveRemoteImages(page: Page): Promise<string[]> {
  const requested: string[] = [];
  await page.route("https://images.example.org/**", (route) => {
    requested.push(route.request().url());
    return route.fulfill({ contentType: "image/png", body: PIXEL_PNG });
  });
  return requested;
}

/** A Markdown document holding one remote image, `alt` at images.example.org/`file`. */
const withRemoteImage = (title: string, alt: string, file: string) =>
  `# ${title}\n\n![${alt}](https://images.example.org/${file})\n`;

/** Requests that leave the site (the test server is the only origin of the page). */
function recordOffSite(page: Page, baseURL: string | undefined): string[] {
  const offSite: string[] = [];
  const origin = new URL(baseURL ?? "http://127.0.0.1").origin;
  page.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith("data:") && !url.startsWith("blob:"))
      offSite.push(url);
  });
  return offSite;
}

/** A new notepad tab named `name` holding `text`. */
async function notepadDocument(page: Page, name: string, text: string) {
  await renameActiveTab(page, name);
  await page.locator(".cm-content").focus();
  await page.keyboard.insertText(text);
}

async function viewMode(page: Page, mode: "Editor only" | "Side by side" | "Preview only") {
  await page.getByRole("menuitem", { name: "View", exact: true }).click();
  await page.getByRole("menuitemradio", { name: mode }).click();
}

test.describe("Markdown preview in the notepad", () => {
  test.beforeEach(async ({ page }) => {
    page.on("dialog", (dialog) => void dialog.dismiss());
  });

  test("three modes from the View menu, updated while typing, remembered after a reload", async ({
    page,
  }) => {
    await openNotepad(page);
    await notepadDocument(page, "notes.md", NOTES);
    await expect(page.getByRole("button", { name: "Language: Markdown" })).toBeVisible();
    await expect(preview(page)).toHaveCount(0);

    await viewMode(page, "Side by side");
    await expect(
      preview(page).getByRole("heading", { name: "Release notes", level: 1 }),
    ).toBeVisible();
    await expect(page.locator(".cm-content")).toBeVisible();
    await expect(preview(page).locator("strong")).toHaveText("Markdown");
    await expect(preview(page).getByRole("checkbox")).toHaveCount(2);
    await expect(preview(page).getByRole("cell", { name: "done" })).toBeVisible();
    await expect(preview(page).locator("del")).toHaveText("soon");
    // Fenced code is highlighted with the language's colours.
    await expect(preview(page).locator("pre code .md-tok-keyword").first()).toHaveText("function");
    const link = preview(page).getByRole("link", { name: "the FAQ" });
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    await expect(link).toHaveAttribute("target", "_blank");

    await page.locator(".cm-content").focus();
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.insertText("\n## Added while typing\n");
    await expect(preview(page).getByRole("heading", { name: "Added while typing" })).toBeVisible();

    // A link to a section scrolls the preview and leaves the address alone.
    await preview(page).getByRole("link", { name: "jump to tables" }).click();
    await expect(preview(page).getByRole("heading", { name: "Tables" })).toBeInViewport();
    expect(new URL(page.url()).hash).toBe("");

    await viewMode(page, "Preview only");
    await expect(preview(page)).toBeVisible();
    await expect(page.locator(".cm-content")).toBeHidden();

    await page.waitForTimeout(1200);
    await page.reload();
    await waitForHydration(page);
    await expect(preview(page).getByRole("heading", { name: "Release notes" })).toBeVisible();
    await expect(page.locator(".cm-content")).toBeHidden();

    await viewMode(page, "Editor only");
    await expect(preview(page)).toHaveCount(0);
    await expect(page.locator(".cm-content")).toBeVisible();
  });

  test("edits anywhere and a switch between tabs keep the preview true to each text", async ({
    page,
  }) => {
    // The preview's worker is sent only the edits since its last render, and the whole text
    // after a tab switch: several renders, at the start, the end and a deletion.
    test.slow();
    await openNotepad(page);
    await notepadDocument(page, "notes.md", NOTES);
    await viewMode(page, "Side by side");
    await expect(preview(page).getByRole("heading", { name: "Release notes" })).toBeVisible();
    const editor = page.locator(".cm-content");
    await editor.focus();
    await page.keyboard.press("ControlOrMeta+Home");
    await page.keyboard.insertText("# First added\n\n");
    await expect(preview(page).getByRole("heading", { name: "First added" })).toBeVisible();
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.insertText("\n## Last added\n");
    await expect(preview(page).getByRole("heading", { name: "Last added" })).toBeAttached();
    await page.keyboard.press("ControlOrMeta+Home");
    await page.keyboard.press("Shift+End");
    await page.keyboard.press("Backspace");
    await expect(preview(page).getByRole("heading", { name: "First added" })).toHaveCount(0);
    await expect(preview(page).getByRole("heading", { name: "Release notes" })).toBeVisible();

    await runMenu(page, "File", "New tab");
    await notepadDocument(page, "other.md", "# Other document\n\nIts own text.\n");
    await expect(preview(page).getByRole("heading", { name: "Other document" })).toBeVisible();
    await expect(preview(page).getByRole("heading", { name: "Release notes" })).toHaveCount(0);
    await page.keyboard.insertText("\n## Edited here\n");
    await expect(preview(page).getByRole("heading", { name: "Edited here" })).toBeVisible();
    await tabButtons(page).filter({ hasText: "notes.md" }).click();
    await expect(preview(page).getByRole("heading", { name: "Release notes" })).toBeVisible();
    await expect(preview(page).getByRole("heading", { name: "Last added" })).toBeAttached();
    await expect(preview(page).getByRole("heading", { name: "Other document" })).toHaveCount(0);
  });

  test("other documents show no preview, and the modes are disabled for them", async ({ page }) => {
    await openNotepad(page);
    await page.locator(".cm-content").focus();
    await page.keyboard.insertText("# Not Markdown: a .txt name\n");
    await page.getByRole("menuitem", { name: "View", exact: true }).click();
    await expect(page.getByRole("menuitemradio", { name: "Side by side" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    await page.keyboard.press("Escape");
    await expect(preview(page)).toHaveCount(0);
  });

  test("a hostile Markdown file runs no script and requests nothing off the site", async ({
    page,
    baseURL,
  }) => {
    const offSite = recordOffSite(page, baseURL);
    await page.route(/^https?:\/\/(evil|ok)\.example\//, (route) => route.abort());
    await openNotepad(page);
    await notepadDocument(page, "hostile.md", HOSTILE);
    await viewMode(page, "Side by side");
    await expect(preview(page).getByRole("heading", { name: "Hostile" })).toBeVisible();
    await preview(page).getByText("hover me").hover();
    await preview(page).getByText("click me").click();
    await page.waitForTimeout(800);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBe(
      undefined,
    );
    expect(
      await preview(page)
        .locator(".markdown-body")
        .locator("script, iframe, svg, video, link, img")
        .count(),
    ).toBe(0);
    expect(offSite).toEqual([]);
    await expect(preview(page).getByRole("status")).toContainText(
      "1 image from another site is not loaded",
    );
  });

  test("remote images load only after the user allows them, for that document", async ({
    page,
    baseURL,
  }) => {
    // The image comes from another origin on this machine, through the site's real headers
    // (its Content-Security-Policy decides whether the browser may fetch it at all).
    const images = await serveImages();
    try {
      const offSite = recordOffSite(page, baseURL);
      const address = `${images.origin}/logo.png`;
      await openNotepad(page);
      await notepadDocument(page, "pictures.md", `# Pictures\n\n![Logo](${address})\n`);
      await viewMode(page, "Side by side");
      await expect(
        preview(page).getByText(`“Logo” from 127.0.0.1:${IMAGE_PORT} is not loaded yet`),
      ).toBeVisible();
      await page.waitForTimeout(500);
      expect(offSite).toEqual([]);
      expect(images.requests).toEqual([]);

      await preview(page).getByRole("button", { name: "Load images" }).click();
      const logo = preview(page).getByRole("img", { name: "Logo" });
      await expect(logo).toBeVisible();
      await expect
        .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBe(192);
      expect(images.requests).toContain("/logo.png");
      // Switching modes keeps the permission for this document.
      await viewMode(page, "Preview only");
      await expect
        .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBe(192);
    } finally {
      await images.close();
    }
  });

  test("scrolling one side keeps the other in step", async ({ page }) => {
    const sections = Array.from(
      { length: 120 },
      (_, i) => `## Section ${i + 1}\n\nParagraph ${i + 1} of the long document.\n`,
    ).join("\n");
    await openNotepad(page);
    await notepadDocument(page, "long.md", sections);
    await viewMode(page, "Side by side");
    await expect(preview(page).getByRole("heading", { name: "Section 120" })).toBeAttached();

    // Scroll the editor to the middle of the text: the preview follows to the same section.
    await page.evaluate(() => {
      const scroller = document.querySelector(".cm-scroller")!;
      scroller.scrollTop = scroller.scrollHeight / 2;
    });
    await expect.poll(() => preview(page).evaluate((pane) => pane.scrollTop)).toBeGreaterThan(200);
    await page.waitForTimeout(300);
    const shown = await sectionsAtTop(page);
    expect(shown.editor).toBeGreaterThan(20);
    expect(Math.abs(shown.preview - shown.editor)).toBeLessThanOrEqual(2);

    // And back: the wheel over the preview scrolls it up, and the editor follows.
    await preview(page).hover();
    await page.mouse.wheel(0, -2500);
    await expect
      .poll(async () => {
        const now = await sectionsAtTop(page);
        return now.editor < shown.editor - 3 && Math.abs(now.preview - now.editor) <= 2;
      })
      .toBe(true);
  });

  for (const theme of ["light", "dark"] as const) {
    test(`side by side at 1280 and the Text / Preview switch at 390, ${theme}`, async ({
      page,
    }) => {
      // Two pages (or two viewports with an accessibility scan each) and many steps: slow on
      // a loaded machine.
      test.slow();
      await useStoredTheme(page, theme);
      await openNotepad(page);
      await notepadDocument(page, "notes.md", NOTES);
      await viewMode(page, "Side by side");
      await expect(preview(page).getByRole("heading", { name: "Release notes" })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `preview side by side, ${theme}`);

      await page.setViewportSize({ width: 390, height: 760 });
      const show = page.getByRole("group", { name: "Show" });
      await expect(show.getByRole("button", { name: "Text" })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      await expect(preview(page)).toHaveCount(0);
      await show.getByRole("button", { name: "Preview" }).click();
      await expect(preview(page).getByRole("heading", { name: "Release notes" })).toBeVisible();
      await expect(page.locator(".cm-content")).toBeHidden();
      await expectNoSeriousA11yViolations(page, `preview on a phone, ${theme}`);
      await show.getByRole("button", { name: "Text" }).click();
      await expect(page.locator(".cm-content")).toBeVisible();
    });
  }
});

test.describe("Markdown preview in the simple editor", () => {
  test.beforeEach(async ({ page }) => {
    page.on("dialog", (dialog) => void dialog.accept());
    await installDiskHarness(page);
    await openEditor(page);
    await putDiskFile(page, "README.md", NOTES);
    await queuePicks(page, { open: ["README.md"] });
    await page.getByRole("button", { name: "Open", exact: true }).click();
    await expect(page.getByRole("button", { name: "Language: Markdown" })).toBeVisible();
  });

  async function editorMode(page: Page, mode: string) {
    const button = page.getByRole("button", { name: mode, exact: true });
    if (await button.isVisible()) await button.click();
    else {
      await page.getByRole("button", { name: "More" }).click();
      await page.getByRole("menuitemradio", { name: mode }).click();
    }
  }

  test("side by side, print the preview, export HTML and PDF as formatted", async ({ page }) => {
    await editorMode(page, "Side by side");
    await expect(preview(page).getByRole("heading", { name: "Release notes" })).toBeVisible();
    await expect(editorBox(page)).toBeVisible();

    await page.evaluate(() => {
      const log: string[] = [];
      (window as unknown as { printLog: string[] }).printLog = log;
      window.open = () => {
        const frame = document.createElement("iframe");
        document.body.append(frame);
        const popup = frame.contentWindow!;
        popup.print = () => log.push(popup.document.body.innerHTML);
        popup.close = () => frame.remove();
        return popup;
      };
    });
    await page.getByRole("button", { name: "Print" }).click();
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { printLog: string[] }).printLog.length),
      )
      .toBe(1);
    const printed = await page.evaluate(
      () => (window as unknown as { printLog: string[] }).printLog[0],
    );
    expect(printed).toContain('<h1 id="md-release-notes">Release notes</h1>');
    expect(printed).not.toContain("# Release notes");

    await page.getByRole("button", { name: "Export…" }).click();
    const dialog = page.getByRole("dialog", { name: "Export" });
    await dialog.getByRole("radio", { name: /Web page/ }).check();
    await expect(dialog.getByRole("radio", { name: /As formatted/ })).toBeChecked();
    let download = page.waitForEvent("download");
    await dialog.getByRole("button", { name: "Download", exact: true }).click();
    const html = (await readFile(await (await download).path())).toString("utf8");
    expect(html).toContain("<title>README</title>");
    expect(html).toContain("<strong>Markdown</strong>");
    expect(html).toContain(
      '<a href="https://plainpad.app/faq/" target="_blank" rel="noopener noreferrer">',
    );
    expect(html).not.toContain("<script");

    await page.getByRole("button", { name: "Export…" }).click();
    await dialog.getByRole("radio", { name: /Web page/ }).check();
    await dialog.getByRole("radio", { name: "As plain text" }).check();
    download = page.waitForEvent("download");
    await dialog.getByRole("button", { name: "Download", exact: true }).click();
    const plain = (await readFile(await (await download).path())).toString("utf8");
    expect(plain).toContain("# Release notes");

    await page.getByRole("button", { name: "Export…" }).click();
    await dialog.getByRole("radio", { name: /PDF/ }).check();
    await expect(dialog.getByRole("radio", { name: /As formatted/ })).toBeChecked();
    download = page.waitForEvent("download");
    await dialog.getByRole("button", { name: "Download", exact: true }).click();
    const pdf = await readFile(await (await download).path());
    expect((await download).suggestedFilename()).toBe("README.pdf");
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    // Read back with PDF.js: the heading is laid out as text, without the Markdown markers.
    const reader = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false }).promise;
    const content = await (await reader.getPage(1)).getTextContent();
    const words = content.items.map((item) => ("str" in item ? item.str : "")).join(" ");
    await reader.destroy();
    expect(words).toContain("Release notes");
    expect(words).toContain("Markdown");
    expect(words).not.toContain("**");
    expect(words).not.toContain("# Release");
    await expect(dialog).toHaveCount(0);

    // Not Markdown: no layout choice.
    await page.getByRole("button", { name: "Export…" }).click();
    await dialog.getByRole("radio", { name: /Plain text/ }).check();
    await expect(dialog.getByRole("radio", { name: /As formatted/ })).toHaveCount(0);
  });

  test("Load images is for the document shown: a file opened next asks again", async ({ page }) => {
    const requested = await serveRemoteImages(page);
    const remoteImages = preview(page).locator('img[src^="https://images.example.org/"]');
    await editorMode(page, "Side by side");
    await putDiskFile(page, "first.md", withRemoteImage("First", "Logo", "first.png"));
    await queuePicks(page, { open: ["first.md"] });
    await page.getByRole("button", { name: "Open", exact: true }).click();
    await expect(
      preview(page).getByText("“Logo” from images.example.org is not loaded yet"),
    ).toBeVisible();
    await preview(page).getByRole("button", { name: "Load images" }).click();
    await expect(remoteImages).toHaveAttribute("src", "https://images.example.org/first.png");

    await putDiskFile(page, "second.md", withRemoteImage("Second", "Pixel", "second.png"));
    await queuePicks(page, { open: ["second.md"] });
    await page.getByRole("button", { name: "Open", exact: true }).click();
    await expect(preview(page).getByRole("heading", { name: "Second" })).toBeVisible();
    await expect(
      preview(page).getByText("“Pixel” from images.example.org is not loaded yet"),
    ).toBeVisible();
    await expect(preview(page).getByRole("button", { name: "Load images" })).toBeVisible();
    await expect(remoteImages).toHaveCount(0);
    expect(requested.filter((url) => url.endsWith("/second.png"))).toEqual([]);
  });

  test("preview only hides the text; editor only brings it back", async ({ page }) => {
    await editorMode(page, "Preview only");
    await expect(preview(page).getByRole("heading", { name: "Tables" })).toBeVisible();
    await expect(editorBox(page)).toBeHidden();
    await editorMode(page, "Editor only");
    await expect(preview(page)).toHaveCount(0);
    await expect(editorBox(page)).toBeVisible();
  });
});

test.describe("Markdown on the share page", () => {
  test("Load images on one shared link does not carry over to the next link", async ({ page }) => {
    const requested = await serveRemoteImages(page);
    const first = await encodeSharePayload({
      name: "first.md",
      text: withRemoteImage("First", "Logo", "first.png"),
    });
    await page.goto(`/s/#${first}`);
    await waitForHydration(page);
    const shared = page.getByRole("region", { name: "Shared text" });
    const remoteImages = shared.locator('img[src^="https://images.example.org/"]');
    await expect(
      shared.getByText("“Logo” from images.example.org is not loaded yet"),
    ).toBeVisible();
    await shared.getByRole("button", { name: "Load images" }).click();
    await expect(remoteImages).toHaveAttribute("src", "https://images.example.org/first.png");

    // Another link pasted into this page's address bar changes only the fragment.
    const second = await encodeSharePayload({
      name: "second.md",
      text: withRemoteImage("Second", "Pixel", "second.png"),
    });
    await page.evaluate((payload) => {
      window.location.hash = payload;
    }, second);
    await expect(shared.getByRole("heading", { name: "Second" })).toBeVisible();
    await expect(
      shared.getByText("“Pixel” from images.example.org is not loaded yet"),
    ).toBeVisible();
    await expect(remoteImages).toHaveCount(0);
    expect(requested.filter((url) => url.endsWith("/second.png"))).toEqual([]);
  });

  test("a shared Markdown document is shown formatted, with Show source", async ({
    page,
    baseURL,
  }) => {
    const offSite = recordOffSite(page, baseURL);
    const payload = await encodeSharePayload({
      name: "notes.md.txt",
      text: `${NOTES}\n![Logo](https://images.example.org/logo.png)\n\n${HOSTILE}`,
    });
    await page.goto(`/s/#${payload}`);
    await waitForHydration(page);
    const shared = page.getByRole("region", { name: "Shared text" });
    await expect(shared.getByRole("heading", { name: "Release notes" })).toBeVisible();
    await expect(shared.getByRole("heading", { name: "Hostile" })).toBeVisible();
    expect(await shared.locator(".markdown-body").locator("script, iframe, svg, img").count()).toBe(
      0,
    );
    // A link to a section must not be read as a new share link.
    await shared.getByRole("link", { name: "jump to tables" }).click();
    await expect(page.getByRole("heading", { name: "Tables" })).toBeInViewport();
    await expect(page.getByRole("alert")).toHaveCount(0);

    const source = page.getByRole("button", { name: "Show source" });
    await expect(source).toHaveAttribute("aria-pressed", "false");
    await source.click();
    await expect(page.getByTestId("shared-text")).toContainText("# Release notes");
    await source.click();
    await expect(shared.getByRole("heading", { name: "Release notes" })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBe(
      undefined,
    );
    expect(offSite).toEqual([]);
  });
});
