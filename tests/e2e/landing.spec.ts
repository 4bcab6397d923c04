import { expect, test } from "@playwright/test";
import { waitForHydration } from "./fixtures";

test("the landing page shows the hero, features, learning centre and guide", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Create New Text File" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Open File From Computer" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Open from Google Drive" })).toBeVisible();
  await expect(page.locator("#features-heading + ul > li")).toHaveCount(6);
  for (const [name, href] of [
    [/Expert Blog.*10\+ Articles/, "/blog/"],
    [/Tutorials.*6 Guides/, "/tutorials/"],
    [/FAQ.*30\+ Answers/, "/faq/"],
  ] as const) {
    await expect(page.getByRole("link", { name })).toHaveAttribute("href", href);
  }
  await expect(page.getByRole("heading", { name: "How to use Plainpad" })).toBeVisible();
  const header = page.locator("header");
  await expect(header.getByRole("link", { name: "FAQ" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Blog" })).toBeVisible();
  await expect(header.getByRole("button", { name: /Switch to (dark|light) mode/ })).toBeVisible();
});

test("Create New Text File opens the editor", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Create New Text File" }).click();
  // The action is taken out of the address once done.
  await expect(page).toHaveURL(/\/editor\/$/);
});

test("a binary file gets a clear message and stays on the landing page", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Open File From Computer" }).click();
  await (
    await chooser
  ).setFiles({
    name: "photo.txt",
    mimeType: "text/plain",
    buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 0x49, 0x48]),
  });
  await expect(page.getByRole("alert")).toContainText('"photo.txt" does not look like a text file');
  await expect(page).toHaveURL(/\/$/);
});
