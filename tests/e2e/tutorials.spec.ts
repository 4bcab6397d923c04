import { expect, test } from "@playwright/test";
import { TUTORIAL_SLUGS } from "../../app/site/pages";
import { expectNoSeriousA11yViolations, useStoredTheme, waitForHydration } from "./fixtures";
import { jsonLdFromHtml, ofType } from "./content-helpers";

const ORIGIN = "https://plainpad.app";

test.describe("tutorials index", () => {
  test("is prerendered and lists the six tutorials, featured first", async ({ page, request }) => {
    const html = await (await request.get("/tutorials/")).text();
    for (const slug of TUTORIAL_SLUGS) expect(html).toContain(`href="/tutorials/${slug}/"`);
    await page.goto("/tutorials/");
    const cards = page.getByRole("region", { name: /All tutorials/ }).getByRole("article");
    await expect(cards).toHaveCount(6);
    await expect(cards.first().locator("h3 a")).toHaveAttribute(
      "href",
      "/tutorials/getting-started-text-editor/",
    );
    await expect(page.locator('a[href="/editor/"]').first()).toBeVisible();
    await expect(page.locator('a[href="/online-notepad/"]').first()).toBeVisible();
  });

  test("shows difficulty, category and duration panels computed from the files", async ({
    page,
  }) => {
    await page.goto("/tutorials/");
    const difficulty = page.getByRole("region", { name: "By difficulty" });
    const levelCounts = await difficulty.locator("li span.font-semibold").allTextContents();
    expect(levelCounts.map((text) => Number.parseInt(text, 10)).reduce((a, b) => a + b, 0)).toBe(6);
    const categories = page.getByRole("region", { name: "Categories" });
    await expect(categories.getByRole("listitem")).toHaveCount(4);
    const durations = page.getByRole("region", { name: "By duration" });
    await expect(durations.getByText("Quick (5–6 min)")).toBeVisible();
    await expect(durations.getByText("Medium (7–8 min)")).toBeVisible();
    await expect(durations.getByText("In-depth (10 min)")).toBeVisible();
  });

  test("progress box is fixed at 0 completed and 45 minutes; Sign In to Track explains itself", async ({
    page,
  }) => {
    await page.goto("/tutorials/");
    await waitForHydration(page);
    const progress = page.getByRole("region", { name: "Your progress" });
    await expect(progress).toContainText("0 of 6 completed");
    await expect(progress).toContainText("45 minutes in total");
    await expect(progress.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "0");
    const button = progress.getByRole("button", { name: "Sign In to Track" });
    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(progress.getByText(/Progress tracking isn.t available yet/)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(button).toBeFocused();
  });
});

test.describe("tutorial pages", () => {
  test("getting started: breadcrumbs, badge, steps and HowTo JSON-LD", async ({
    page,
    request,
  }) => {
    const slug = "getting-started-text-editor";
    const html = await (await request.get(`/tutorials/${slug}/`)).text();
    const howTo = ofType(jsonLdFromHtml(html), "HowTo");
    expect(howTo.name).toBe("Getting Started with the Text Editor");
    expect(howTo.totalTime).toBe("PT5M");
    expect(typeof howTo.description).toBe("string");
    const steps = howTo.step as {
      "@type": string;
      name: string;
      text: string;
      url: string;
      position: number;
    }[];
    expect(steps.length).toBeGreaterThanOrEqual(3);
    steps.forEach((step, index) => {
      expect(step["@type"]).toBe("HowToStep");
      expect(step.position).toBe(index + 1);
      expect(step.name.length).toBeGreaterThan(3);
      expect(step.text.length).toBeGreaterThan(10);
      expect(step.url).toBe(`${ORIGIN}/tutorials/${slug}/#step-${index + 1}`);
    });
    ofType(jsonLdFromHtml(html), "BreadcrumbList");

    await page.goto(`/tutorials/${slug}/`);
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(crumbs.getByRole("link", { name: "Tutorials" })).toHaveAttribute(
      "href",
      "/tutorials/",
    );
    await expect(page.getByText("Beginner Friendly")).toBeVisible();
    await expect(page.getByText(`${steps.length} steps`)).toBeVisible();
    await expect(page.getByText("5 min", { exact: true })).toBeVisible();
    for (let n = 1; n <= steps.length; n += 1) {
      await expect(page.locator(`h2#step-${n}`)).toHaveText(`Step ${n}: ${steps[n - 1].name}`);
    }
    const hero = page.locator("article > div > img");
    await expect(hero).toHaveAttribute("src", `/images/generated/tutorials/${slug}.webp`);
    await expect(page.getByRole("link", { name: "Start Writing Now" })).toHaveAttribute(
      "href",
      "/editor/",
    );
  });

  test("only getting started carries HowTo data; every tutorial has its own title", async ({
    request,
  }) => {
    const titles = new Set<string>();
    for (const slug of TUTORIAL_SLUGS) {
      const html = await (await request.get(`/tutorials/${slug}/`)).text();
      titles.add(html.match(/<title>([^<]+)<\/title>/)?.[1] ?? "");
      const types = jsonLdFromHtml(html).map((block) => block["@type"]);
      expect(types.includes("HowTo")).toBe(slug === "getting-started-text-editor");
      expect(html).toContain('id="step-1"');
    }
    expect(titles.size).toBe(TUTORIAL_SLUGS.length);
  });

  test("customizing: the three toggles save automatically and survive a reload", async ({
    page,
  }) => {
    await page.goto("/tutorials/customizing-writing-environment/");
    await waitForHydration(page);
    const wordCount = page.getByRole("switch", { name: "Show word count" });
    const lineNumbers = page.getByRole("switch", { name: "Show line numbers" });
    const spelling = page.getByRole("switch", { name: "Check spelling" });
    await expect(wordCount).toHaveAttribute("aria-checked", "true");
    // Line numbers show the simple editor's own default: on.
    await expect(lineNumbers).toHaveAttribute("aria-checked", "true");
    await expect(spelling).toHaveAttribute("aria-checked", "true");

    await lineNumbers.click();
    await expect(lineNumbers).toHaveAttribute("aria-checked", "false");
    await lineNumbers.click();
    await wordCount.click();
    await expect(page.getByRole("status").filter({ hasText: "Saved automatically" })).toBeVisible();
    const stored = await page.evaluate(() => ({
      prefs: JSON.parse(localStorage.getItem("plainpad-writing-preferences") ?? "null"),
      notepad: JSON.parse(localStorage.getItem("notepad-settings") ?? "null"),
    }));
    expect(stored.prefs).toEqual({
      schema: 1,
      showWordCount: false,
      showLineNumbers: true,
      checkSpelling: true,
    });
    expect(stored.notepad.showLineNumbers).toBe(true);

    await spelling.click();
    await expect(spelling).toHaveAttribute("aria-checked", "false");
    // The simple editor's own settings receive line numbers and spell check.
    expect(
      await page.evaluate(() =>
        JSON.parse(localStorage.getItem("plainpad-editor-settings") ?? "null"),
      ),
    ).toMatchObject({
      showLineNumbers: true,
      spellCheck: false,
    });

    await page.reload();
    await waitForHydration(page);
    await expect(lineNumbers).toHaveAttribute("aria-checked", "true");
    await expect(wordCount).toHaveAttribute("aria-checked", "false");
    await expect(spelling).toHaveAttribute("aria-checked", "false");

    await page.getByRole("button", { name: "Reset all settings" }).click();
    await expect(wordCount).toHaveAttribute("aria-checked", "true");
    await expect(lineNumbers).toHaveAttribute("aria-checked", "true");
    await expect(spelling).toHaveAttribute("aria-checked", "true");
    await page.reload();
    await waitForHydration(page);
    await expect(lineNumbers).toHaveAttribute("aria-checked", "true");
    // Each editor gets its own default back: the simple editor's is on, the notepad's off.
    const afterReset = await page.evaluate(() => ({
      editor: JSON.parse(localStorage.getItem("plainpad-editor-settings") ?? "{}"),
      notepad: JSON.parse(localStorage.getItem("notepad-settings") ?? "{}"),
    }));
    expect(afterReset.editor).toMatchObject({ showLineNumbers: true, spellCheck: true });
    expect(afterReset.notepad.showLineNumbers).toBe(false);
  });

  test("customizing: Reset all settings leaves the editor's line numbers on, and the switch says so", async ({
    page,
  }) => {
    await page.goto("/tutorials/customizing-writing-environment/");
    await waitForHydration(page);
    const lineNumbers = page.getByRole("switch", { name: "Show line numbers" });
    await expect(lineNumbers).toHaveAttribute("aria-checked", "true");
    await lineNumbers.click();
    await expect(lineNumbers).toHaveAttribute("aria-checked", "false");

    await page.getByRole("button", { name: "Reset all settings" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "All settings reset to their defaults" }),
    ).toBeVisible();
    await expect(lineNumbers).toHaveAttribute("aria-checked", "true");

    await page.goto("/editor/");
    await waitForHydration(page);
    await expect(page.locator(".cm-content")).toBeVisible();
    await expect(page.locator(".cm-lineNumbers")).toBeVisible();

    // The editor's own Settings panel turns them off: the tutorial's switch follows.
    await page.getByRole("button", { name: "Settings" }).click();
    await page
      .getByRole("complementary", { name: "Settings" })
      .getByLabel("Line numbers")
      .uncheck();
    await expect(page.locator(".cm-lineNumbers")).toHaveCount(0);
    await page.goto("/tutorials/customizing-writing-environment/");
    await waitForHydration(page);
    await expect(lineNumbers).toHaveAttribute("aria-checked", "false");

    // Reset again, then the editor shows line numbers and the switch shows on.
    await page.getByRole("button", { name: "Reset all settings" }).click();
    await expect(lineNumbers).toHaveAttribute("aria-checked", "true");
    await page.goto("/editor/");
    await waitForHydration(page);
    await expect(page.locator(".cm-lineNumbers")).toBeVisible();
    await page.goBack();
    await waitForHydration(page);
    await expect(lineNumbers).toHaveAttribute("aria-checked", "true");
  });

  test("keyboard shortcuts: Download PDF Cheat Sheet prints a sheet of only the shortcuts", async ({
    page,
  }) => {
    await page.addInitScript(() => {
      (window as unknown as { printCalls: number }).printCalls = 0;
      window.print = () => {
        (window as unknown as { printCalls: number }).printCalls += 1;
      };
    });
    await page.goto("/tutorials/keyboard-shortcuts-mastery/");
    await waitForHydration(page);
    const sheet = page.locator("#cheat-sheet");
    await expect(sheet).toBeHidden();
    await page.getByRole("button", { name: "Download PDF Cheat Sheet" }).click();
    expect(
      await page.evaluate(() => (window as unknown as { printCalls: number }).printCalls),
    ).toBe(1);
    await expect(page.locator("html")).toHaveClass(/print-cheat-sheet/);
    await page.emulateMedia({ media: "print" });
    await expect(sheet).toBeVisible();
    // One table for both editors: a shortcut they share is one row marked "Both".
    await expect(sheet.locator("table")).toHaveCount(1);
    await expect(sheet).toContainText("Cmd+Shift+Z");
    await expect(sheet.getByRole("row", { name: /^Undo Ctrl\+Z Cmd\+Z Both$/ })).toBeVisible();
    await expect(
      sheet.getByRole("row", { name: /^New tab Ctrl\+N Cmd\+N Notepad$/ }),
    ).toBeVisible();
    await expect(page.locator("header").first()).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toBeHidden();
    // The sheet fits one A4 page (about 1123 CSS px tall at 96 dpi, minus margins).
    expect(await sheet.evaluate((el) => el.getBoundingClientRect().height)).toBeLessThan(1000);
    await page.evaluate(() => window.dispatchEvent(new Event("afterprint")));
    await expect(page.locator("html")).not.toHaveClass(/print-cheat-sheet/);
  });
});

for (const theme of ["light", "dark"] as const) {
  test(`tutorial pages have no serious accessibility violations (${theme})`, async ({ page }) => {
    await useStoredTheme(page, theme);
    for (const path of [
      "/tutorials/",
      "/tutorials/getting-started-text-editor/",
      "/tutorials/customizing-writing-environment/",
      "/tutorials/keyboard-shortcuts-mastery/",
    ]) {
      await page.goto(path);
      await waitForHydration(page);
      await expectNoSeriousA11yViolations(page, `${path} ${theme}`);
    }
  });
}
