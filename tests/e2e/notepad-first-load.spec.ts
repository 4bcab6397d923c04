import { expect, test } from "@playwright/test";
import { openBeforeScripts } from "./fixtures";
import { editorText, runMenu, typeInEditor } from "./notepad-helpers";

/**
 * The notepad's first load (issue 51): its text area paints with the prerendered page, and the
 * code of features used later (live sessions, compare, PDF, the Markdown preview, sharing, the
 * code languages) is not fetched before the notepad's text shows. Checked by the order of the
 * requests, not by timing.
 */

const PLACEHOLDER = "Start typing your text here...";

/** Built chunks (named after their module) that a first load must not fetch before the text. */
const LATER_CHUNKS = [
  "live-runtime",
  "live-dialog",
  "compare-view",
  "pdf-export",
  "pdf-fonts",
  "pdf-formatted",
  "markdown-preview",
  "sanitize-markdown",
  "marked.esm",
  "share-dialog",
  "qr-code",
  "backup-archive",
  "encoding-indexes",
  "code-support",
];
const LATER_CHUNK = new RegExp(`/assets/(${LATER_CHUNKS.join("|")})-[\\w-]+\\.js$`);
/** Requested by the page the moment the editor's text is in the page (see the init script). */
const TEXT_SHOWN = "/__first-load/text-shown";

test("the empty tab's text area paints with the page, before any script runs", async ({ page }) => {
  const { release } = await openBeforeScripts(page, "/online-notepad/");
  await expect(page.getByText(PLACEHOLDER)).toBeVisible();
  await expect(page.getByRole("status").getByText("Loading your tabs…")).toBeAttached();

  await release();
  // The editor takes over the same place: one placeholder, CodeMirror's, and typing works.
  await expect(page.locator(".cm-placeholder")).toHaveText(PLACEHOLDER);
  await expect(page.getByText(PLACEHOLDER)).toHaveCount(1);
  await expect(page.getByText("Loading your tabs…")).toHaveCount(0);
  await typeInEditor(page, "Typed after the first paint.");
  await expect.poll(() => editorText(page)).toBe("Typed after the first paint.");
});

test("no later feature's code is requested before the notepad's text shows", async ({
  browser,
}) => {
  // No service worker: its precaching would fetch every chunk, which is not the page asking.
  const context = await browser.newContext({ serviceWorkers: "block" });
  await context.route(`**${TEXT_SHOWN}`, (route) => route.fulfill({ status: 204 }));
  await context.addInitScript((marker) => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector(".cm-content")) return;
      observer.disconnect();
      void fetch(marker);
    });
    observer.observe(document, { childList: true, subtree: true });
  }, TEXT_SHOWN);
  const page = await context.newPage();
  const requested: string[] = [];
  page.on("request", (request) => requested.push(new URL(request.url()).pathname));

  await page.goto("/online-notepad/");
  await expect.poll(() => requested.includes(TEXT_SHOWN)).toBe(true);
  const beforeText = requested.slice(0, requested.indexOf(TEXT_SHOWN));
  // The page's own code did load before (this is the notepad, not an empty page)...
  expect(beforeText.some((path) => /\/assets\/online-notepad-[\w-]+\.js$/.test(path))).toBe(true);
  // ...and nothing of the features used later.
  expect(beforeText.filter((path) => LATER_CHUNK.test(path))).toEqual([]);

  // Such code comes on use: sharing fetches its dialog's chunk, which the pattern recognises.
  await typeInEditor(page, "Shared later.");
  await runMenu(page, "File", "Share as link…");
  await expect(page.getByRole("dialog", { name: "Share as a link" })).toBeVisible();
  expect(requested.some((path) => /\/assets\/share-dialog-[\w-]+\.js$/.test(path))).toBe(true);
  await context.close();
});
