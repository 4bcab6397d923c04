import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runnableEngines, waitUntil } from "./engine";
import {
  clickWhenShown,
  expectShownText,
  open,
  typeDocument,
  useEngine,
  waitForControl,
  waitForEditorStored,
} from "./plainpad";

describe.each(runnableEngines())("%s: share links, history and offline", (engine) => {
  const t = useEngine(engine);

  it("a share link made here opens in a fresh page and reaches its editor", async () => {
    const text = "Shared across engines\nsecond line: 日本語 é";
    await open(t.page, `${t.origin}/editor/`);
    await typeDocument(t.page, text);
    await clickWhenShown(t.page, { role: "button", name: "Share" });
    const dialog = { role: "dialog", name: "Share as a link" } as const;
    await waitForControl(t.page, { role: "textbox", name: "Link", within: dialog });
    // The link is made (compressed) after the dialog opens.
    const link = await waitUntil(
      () =>
        t.page.evaluate(() => {
          const fields = Array.from(
            document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea"),
          );
          return fields.find((field) => field.value.includes("/s/#"))?.value ?? "";
        }),
      (value) => value !== "",
      "the link",
    );
    expect(link).toMatch(/\/s\/#./);
    expect(link).not.toContain("Shared");

    // Another browser profile on another origin: only the link carries the text.
    const other = await t.otherPage();
    const otherOrigin = await t.site.origin();
    await open(other, link.replace(/^https?:\/\/[^/]+/, otherOrigin));
    await waitUntil(
      () => other.evaluate(() => document.body.innerText),
      (shown) => shown.includes("Shared across engines") && shown.includes("日本語"),
      "the shared text",
    );
    expect(await other.evaluate(() => location.hash)).toBe("");
    await clickWhenShown(other, { role: "button", name: "Open in editor" });
    await waitForControl(other, { role: "button", name: "Rename Untitled.txt" });
    await expectShownText(other, text);
  });

  it("History restores the text a file replaced", async () => {
    await open(t.page, `${t.origin}/editor/`);
    await typeDocument(t.page, "My first draft, by hand");
    await waitForEditorStored(t.page, "My first draft, by hand");
    await clickWhenShown(t.page, { role: "button", name: "Open" });
    const file = path.join(mkdtempSync(path.join(tmpdir(), "plainpad-history-")), "disk.txt");
    writeFileSync(file, "A file from the disk");
    await t.page.chooseFiles([file]);
    await expectShownText(t.page, "A file from the disk");
    await clickWhenShown(t.page, { role: "button", name: "Version history…" });
    const versions = { role: "list", name: "Versions" } as const;
    await clickWhenShown(t.page, { role: "button", within: versions });
    await clickWhenShown(t.page, { role: "button", name: "Restore this version" });
    await expectShownText(t.page, "My first draft, by hand");
  });

  it("works offline after one visit, where the engine has service workers", async (context) => {
    await open(t.page, `${t.origin}/editor/`);
    const hasServiceWorker = await t.page.evaluate(() => "serviceWorker" in navigator);
    if (!hasServiceWorker) {
      console.warn(`${engine}: no service workers in this build of the engine; offline not tested`);
      context.skip();
    }
    await waitUntil(
      () =>
        t.page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return registration?.active?.state ?? "none";
        }),
      (state) => state === "activated",
      "the service worker to be active",
      60_000,
    );
    await typeDocument(t.page, "Written before the network went away");
    await waitForEditorStored(t.page, "Written before the network went away");
    t.site.offline = true;
    await t.page.reload();
    await waitUntil(
      () => t.page.evaluate(() => document.documentElement.dataset.hydrated === "true"),
      Boolean,
      "the page to load offline",
    );
    await expectShownText(t.page, "Written before the network went away");
    // The page came from the service worker's cache, without page-probe.js: focus directly.
    await t.page.evaluate(() => (document.querySelector(".cm-content") as HTMLElement).focus());
    await t.page.press("Control+End");
    await t.page.type(", and after");
    await expectShownText(t.page, "Written before the network went away, and after");
  });
});
