import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, rmSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { allPagePaths } from "../../app/site/pages";
import { buildServiceWorker } from "../../scripts/build-service-worker.mjs";
import { diskFileBytes, diskLog, installDiskHarness, putDiskFile } from "./disk-harness";
import { documentText, editorBox, openEditor } from "./editor-helpers";
import { waitForHydration } from "./fixtures";
import {
  editorText,
  openNotepad,
  runMenu,
  tabButton,
  tabNames,
  typeInEditor,
  waitForSaved,
} from "./notepad-helpers";
import { waitForServiceWorker } from "./offline-helpers";

const BUILD_ROOT = path.resolve(process.env.BUILD_DIR ?? "build");

test.describe("installable app", () => {
  test("the manifest is linked, its icons load, and Chromium finds nothing that stops install", async ({
    page,
    context,
  }) => {
    await page.goto("/editor/");
    await waitForHydration(page);
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(href).toBe("/manifest.webmanifest");
    const response = await page.request.get(href!);
    expect(response.ok()).toBe(true);
    const manifest = (await response.json()) as {
      id: string;
      scope: string;
      icons: { src: string; purpose?: string }[];
      shortcuts: { name: string; url: string; icons: { src: string }[] }[];
      file_handlers: unknown[];
      share_target: { action: string };
    };
    expect(manifest.id).toBe("/editor/");
    expect(manifest.scope).toBe("/");
    expect(manifest.icons.some((icon) => icon.purpose === "maskable")).toBe(true);
    expect(manifest.shortcuts.map((shortcut) => shortcut.name)).toEqual([
      "New note",
      "Advanced notepad",
    ]);
    const icons = [...manifest.icons, ...manifest.shortcuts.flatMap((s) => s.icons)];
    for (const icon of icons) {
      const image = await page.request.get(icon.src);
      expect(image.ok(), icon.src).toBe(true);
      expect(image.headers()["content-type"]).toBe("image/png");
    }

    await waitForServiceWorker(page);
    const cdp = await context.newCDPSession(page);
    const { errors } = (await cdp.send("Page.getAppManifest")) as { errors: unknown[] };
    expect(errors).toEqual([]);
    const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
      installabilityErrors: { errorId: string }[];
    };
    // Playwright's contexts are incognito profiles, where Chromium never installs; that is the
    // only objection allowed.
    expect(
      installabilityErrors.map((error) => error.errorId).filter((id) => id !== "in-incognito"),
    ).toEqual([]);
  });

  test("the New note shortcut opens a new empty tab once, not again on reload", async ({
    page,
  }) => {
    await openNotepad(page);
    await typeInEditor(page, "first tab");
    await waitForSaved(page);
    await openNotepad(page, "/online-notepad/?action=new-tab");
    await expect.poll(() => tabNames(page)).toHaveLength(2);
    expect(await editorText(page)).toBe("");
    await expect(page).toHaveURL(/\/online-notepad\/$/);
    await waitForSaved(page);
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => tabNames(page)).toHaveLength(2);
  });
});

test.describe("files opened with the installed app", () => {
  /** A stand-in for Chromium's launchQueue: the test hands the page its launch. */
  async function installLaunchQueue(page: Page) {
    await page.addInitScript(() => {
      const w = window as unknown as Record<string, unknown>;
      // Chromium has its own (read-only) launchQueue, which is empty outside an installed app.
      Object.defineProperty(window, "launchQueue", {
        configurable: true,
        value: {
          setConsumer(consumer: (params: { files: FileSystemHandle[] }) => void) {
            w.__launch = async (names: string[]) => {
              const root = await navigator.storage.getDirectory();
              consumer({ files: await Promise.all(names.map((name) => root.getFileHandle(name))) });
            };
          },
        },
      });
    });
  }

  test("each file opens in a new notepad tab that keeps its file: Ctrl+S writes back", async ({
    page,
  }) => {
    await installDiskHarness(page);
    await installLaunchQueue(page);
    await openNotepad(page);
    await putDiskFile(page, "todo.txt", "buy milk\r\n");
    await putDiskFile(page, "readme.md", "# Notes\n");
    await page.evaluate(() =>
      (window as unknown as { __launch(names: string[]): Promise<void> }).__launch([
        "todo.txt",
        "readme.md",
      ]),
    );
    await expect(tabButton(page, "todo.txt")).toBeVisible();
    await expect(tabButton(page, "readme.md")).toBeVisible();
    await tabButton(page, "todo.txt").click();
    await expect(page.getByTestId("status-location")).toHaveText("todo.txt · on this computer");
    await expect(page.getByRole("button", { name: "Windows (CRLF)" })).toBeVisible();
    await page.locator(".cm-content").focus();
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.type("buy bread");
    await page.keyboard.press("ControlOrMeta+s");
    await expect
      .poll(async () => (await diskFileBytes(page, "todo.txt"))?.toString("utf8"))
      .toBe("buy milk\r\nbuy bread");
    expect((await diskLog(page)).savePicks).toEqual([]);
  });

  test("a file that can no longer be read is named in a message; the others open", async ({
    page,
  }) => {
    await installDiskHarness(page);
    await installLaunchQueue(page);
    await openNotepad(page);
    await putDiskFile(page, "kept.txt", "still here");
    await putDiskFile(page, "binary.txt", Buffer.from([0, 1, 2, 0, 0, 0, 255, 0]));
    await page.evaluate(() =>
      (window as unknown as { __launch(names: string[]): Promise<void> }).__launch([
        "kept.txt",
        "binary.txt",
      ]),
    );
    await expect(tabButton(page, "kept.txt")).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "binary.txt" })).toBeVisible();
  });
});

test.describe("text shared to the installed app", () => {
  test.describe.configure({ timeout: 60_000 });

  test("opens as new notepad tabs: the shared note and each shared file", async ({ page }) => {
    await openNotepad(page);
    await waitForServiceWorker(page);
    // What Android does when the user shares to Plainpad: a multipart POST to the
    // manifest's share_target action, answered by the service worker.
    await page.evaluate(() => {
      const form = document.createElement("form");
      form.method = "post";
      form.enctype = "multipart/form-data";
      form.action = "/online-notepad/share/";
      const field = (name: string, value: string) => {
        // A textarea keeps line breaks (an input would drop them).
        const input = document.createElement("textarea");
        input.name = name;
        input.value = value;
        form.append(input);
      };
      field("title", "Groceries");
      field("text", "milk\neggs");
      field("url", "https://example.com/list");
      const files = document.createElement("input");
      files.type = "file";
      files.name = "files";
      const transfer = new DataTransfer();
      transfer.items.add(new File(["shared file text"], "shared.txt", { type: "text/plain" }));
      files.files = transfer.files;
      form.append(files);
      document.body.append(form);
      form.submit();
    });
    await expect(page).toHaveURL(/\/online-notepad\/$/);
    await waitForHydration(page);
    await expect(tabButton(page, "Groceries")).toBeVisible();
    await expect(tabButton(page, "shared.txt")).toBeVisible();
    await tabButton(page, "Groceries").click();
    await expect.poll(() => editorText(page)).toBe("milk\neggs\nhttps://example.com/list");
    await tabButton(page, "shared.txt").click();
    await expect.poll(() => editorText(page)).toBe("shared file text");
    // Taken once: a reload does not open them again.
    await waitForSaved(page);
    const count = (await tabNames(page)).length;
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => tabNames(page)).toHaveLength(count);
  });
});

/** A static server for one build, on a port of its own (the update test swaps builds). */
async function startServer(buildRoot: string, port: number): Promise<ChildProcess> {
  const server = spawn("node", ["scripts/serve.mjs"], {
    env: { ...process.env, PORT: String(port), BUILD_DIR: buildRoot },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    server.stdout!.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("served at")) resolve();
    });
    server.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
  return server;
}

function stopServer(server: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    server.once("exit", () => resolve());
    server.kill();
  });
}

test.describe("updates", () => {
  test.describe.configure({ timeout: 120_000 });
  const port = Number(process.env.E2E_PORT ?? 4173) + 37;
  const nextRoot = path.join(tmpdir(), `plainpad-next-build-${port}`);

  test.beforeAll(async () => {
    // The next version: this build with a changed editor page and, as a deploy would have
    // it, a service worker rebuilt over it by the same build step.
    rmSync(nextRoot, { recursive: true, force: true });
    cpSync(path.join(BUILD_ROOT, "client"), path.join(nextRoot, "client"), { recursive: true });
    const page = path.join(nextRoot, "client", "editor", "index.html");
    writeFileSync(
      page,
      readFileSync(page, "utf8").replace(
        "<head>",
        '<head><meta name="plainpad-build" content="next">',
      ),
    );
    for (const stale of ["editor/index.html", "sw.js"]) {
      for (const suffix of [".br", ".gz"]) {
        rmSync(path.join(nextRoot, "client", stale + suffix), { force: true });
      }
    }
    await buildServiceWorker(path.join(nextRoot, "client"));
  });

  test.afterAll(() => rmSync(nextRoot, { recursive: true, force: true }));

  test("a new version waits for the user's Reload, which stores the text first", async ({
    browser,
  }) => {
    let server = await startServer(BUILD_ROOT, port);
    const context = await browser.newContext({ baseURL: `http://127.0.0.1:${port}` });
    try {
      const page = await context.newPage();
      await openEditor(page);
      await waitForServiceWorker(page);
      // A returning visit: the page is now controlled by the worker, so a new version waits
      // for it (a page no worker controls would simply get the new one on its next load).
      await page.reload();
      await waitForHydration(page);
      expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
      await editorBox(page).click();
      await page.keyboard.type("Draft before the update");

      await stopServer(server);
      server = await startServer(nextRoot, port);
      await page.evaluate(() => {
        (window as unknown as { __samePage: boolean }).__samePage = true;
        return navigator.serviceWorker.getRegistration().then((r) => r?.update());
      });
      await expect(page.getByText("A new version of Plainpad is ready.")).toBeVisible({
        timeout: 30_000,
      });
      // Nothing reloaded by itself: the same page, still editable.
      await page.keyboard.type(", and after it");
      expect(await page.evaluate(() => "__samePage" in window)).toBe(true);
      await expect(page.locator('meta[name="plainpad-build"]')).toHaveCount(0);

      await page.getByRole("button", { name: "Reload", exact: true }).click();
      await expect(page.locator('meta[name="plainpad-build"]')).toHaveAttribute("content", "next", {
        timeout: 30_000,
      });
      await waitForHydration(page);
      expect(await page.evaluate(() => "__samePage" in window)).toBe(false);
      await expect.poll(() => documentText(page)).toBe("Draft before the update, and after it");
    } finally {
      await context.close();
      await stopServer(server);
    }
  });
});

test.describe("a script chunk gone after a deploy", () => {
  // The failure is staged with page.route, which a service worker's cache would bypass.
  test.use({ serviceWorkers: "block" });

  test("the page stores the text and reloads once; a second failure says so instead", async ({
    page,
  }) => {
    await openNotepad(page);
    await typeInEditor(page, "Kept through the reload");
    await page.route("**/assets/compact-*.js", (route) => route.abort());
    await page.evaluate(() => ((window as unknown as { __before: boolean }).__before = true));
    await runMenu(page, "Insert", "Emoji…");
    // The page reloads by itself: while it does, asking it throws (no page to ask yet).
    await expect
      .poll(() => page.evaluate(() => "__before" in window).catch(() => "reloading" as const))
      .toBe(false);
    await waitForHydration(page);
    await expect.poll(() => editorText(page)).toBe("Kept through the reload");

    await page.evaluate(() => ((window as unknown as { __before: boolean }).__before = true));
    await runMenu(page, "Insert", "Emoji…");
    await expect(page.getByText("Part of Plainpad could not be loaded.")).toBeVisible();
    expect(await page.evaluate(() => "__before" in window)).toBe(true);
  });
});

test.describe("no console errors", () => {
  test.describe.configure({ timeout: 180_000 });

  test("on any page, the 404 screen included (it hydrates cleanly)", async ({ page }) => {
    const errors: string[] = [];
    let current = "";
    page.on("pageerror", (error) => errors.push(`${current}: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      // The 404 page's own status is reported by Chromium as a failed resource.
      if (current.startsWith("/no-such") && message.text().includes("status of 404")) return;
      errors.push(`${current}: ${message.text()}`);
    });
    for (const pagePath of [...allPagePaths(), "/no-such-page/", "/no-such/nested/path"]) {
      current = pagePath;
      await page.goto(pagePath);
      await waitForHydration(page);
      await page.waitForLoadState("load");
    }
    await expect(page.getByText("404 Not Found")).toBeVisible();
    expect(errors).toEqual([]);
  });
});
