import { expect, type Page, type Route, test } from "@playwright/test";
import { collectDialogs, drivePrompt, installDriveFakes } from "./drive-fakes";
import { waitForHydration } from "./fixtures";
import { documentText, openEditor, storedEditorText, typeDocument } from "./editor-helpers";

/**
 * The landing page's three main buttons work before its scripts run (issue 51, section 6):
 * with JavaScript off they land on the editor page with the action in the address, and with
 * scripts that have not arrived yet (a slow phone's first tap) the editor then does it.
 */

const CREATE = { role: "button", name: "Create New Text File" } as const;
const OPEN = { role: "button", name: "Open File From Computer" } as const;
const DRIVE = { role: "button", name: "Open from Google Drive" } as const;

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  for (const [control, action] of [
    [CREATE, "new"],
    [OPEN, "open"],
    [DRIVE, "drive-open"],
  ] as const) {
    test(`${control.name} goes to the editor, asking it to ${action}`, async ({ page }) => {
      await page.goto("/");
      await page.getByRole(control.role, { name: control.name }).click();
      await expect(page).toHaveURL(new RegExp(`/editor/\\?action=${action}$`));
      await expect(page).toHaveTitle(/^Free Online Text Editor \| Plainpad$/);
    });
  }
});

/**
 * Opens the landing page with its scripts held back (a slow network): the prerendered page
 * shows and takes taps, nothing of it runs. `release` lets every script through (the next
 * page's too) and waits until the page then shown has hydrated.
 */
async function openLandingBeforeScripts(page: Page): Promise<{ release: () => Promise<void> }> {
  const held: Route[] = [];
  let released = false;
  // Only the site's own scripts: Google's stand-ins (drive-fakes) answer theirs.
  await page.route(/\/assets\/[^?]*\.js(\?|$)/, (route) => {
    if (released) void route.fallback();
    else held.push(route);
  });
  await page.goto("/", { waitUntil: "commit" });
  return {
    release: async () => {
      released = true;
      // The landing page's requests were cancelled by the navigation: nothing to let through.
      for (const route of held.splice(0)) await route.fallback().catch(() => undefined);
      await waitForHydration(page);
    },
  };
}

test.describe("a tap before the scripts have run", () => {
  test("Create New Text File starts an empty document in place of the stored draft", async ({
    page,
  }) => {
    await openEditor(page);
    await typeDocument(page, "yesterday's draft");
    await expect.poll(() => storedEditorText(page)).toBe("yesterday's draft");
    const confirms: string[] = [];
    page.on("dialog", (dialog) => {
      // (Leaving the editor with an unsaved draft also asks, as "beforeunload".)
      if (dialog.type() === "confirm") confirms.push(dialog.message());
      void dialog.accept();
    });

    const { release } = await openLandingBeforeScripts(page);
    await page.getByRole(CREATE.role, { name: CREATE.name }).click();
    await page.waitForURL(/\/editor\/\?action=new$/);
    await release();

    // The draft had unsaved changes: the editor asked before emptying it. Waited for first:
    // until the stored draft has loaded, the editor shows an empty Untitled.txt of its own.
    await expect
      .poll(() => confirms)
      .toEqual(["Start a new document? Changes you have not downloaded or saved will be lost."]);
    await expect.poll(() => documentText(page)).toBe("");
    await expect(page.getByRole("button", { name: "Rename Untitled.txt" })).toBeVisible();
    // Done once: the action left the address, so a reload keeps what is typed next.
    await expect(page).toHaveURL(/\/editor\/$/);
    await typeDocument(page, "a fresh start");
    await expect.poll(() => storedEditorText(page)).toBe("a fresh start");
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => documentText(page)).toBe("a fresh start");
    expect(confirms).toHaveLength(1);
  });

  test("Open File From Computer asks for the file in the editor and opens it", async ({ page }) => {
    const { release } = await openLandingBeforeScripts(page);
    await page.getByRole(OPEN.role, { name: OPEN.name }).click();
    await page.waitForURL(/\/editor\/\?action=open$/);
    await release();

    // The open dialog needs a click of its own on this page (browsers refuse it otherwise).
    await expect(page.getByRole("alert")).toContainText(
      "Choose the file to open from your computer.",
    );
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Choose a file" }).click();
    await (
      await chooser
    ).setFiles({
      name: "letter.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("Dear reader,\nthank you."),
    });
    await expect.poll(() => documentText(page)).toBe("Dear reader,\nthank you.");
    await expect(page.getByRole("button", { name: "Rename letter.txt" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Choose a file" })).toBeHidden();
  });

  test("Open from Google Drive starts the Drive open flow in the editor", async ({ page }) => {
    const fakes = await installDriveFakes(page, {
      pick: { id: "slow-notes", name: "slow-notes.txt" },
    });
    fakes.model.addFile("slow-notes.txt", "Picked after a tap before scripts", {
      id: "slow-notes",
    });
    collectDialogs(page);

    const { release } = await openLandingBeforeScripts(page);
    await page.getByRole(DRIVE.role, { name: DRIVE.name }).click();
    await page.waitForURL(/\/editor\/\?action=drive-open$/);
    await release();

    // Signed out: the sign-in window needs a click of its own.
    const prompt = drivePrompt(page, "Open from Google Drive");
    await prompt.getByRole("button", { name: "Continue to Google Drive" }).click();
    await expect.poll(() => documentText(page)).toBe("Picked after a tap before scripts");
    await expect(page.getByRole("button", { name: "Rename slow-notes.txt" })).toBeVisible();
  });
});
