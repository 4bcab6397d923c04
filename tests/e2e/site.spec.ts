import { expect, test } from "@playwright/test";
import { allPagePaths, sitemapPaths } from "../../app/site/pages";
import { expectNoSeriousA11yViolations, useStoredTheme, waitForHydration } from "./fixtures";

const ORIGIN = "https://plainpad.app";

test.describe("every route", () => {
  for (const path of allPagePaths()) {
    test(`${path} is prerendered with its own title, canonical and h1`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      const title = html.match(/<title>([^<]+)<\/title>/)?.[1] ?? "";
      if (path === "/") expect(title).toBe("Plainpad | Free Online Text Editor &amp; Notepad");
      else expect(title).toMatch(/^.+ \| Plainpad$/);
      expect(html).toContain(`<link rel="canonical" href="${ORIGIN}${path}"/>`);
      expect(html).toMatch(/<meta name="description" content="[^"]{40,}"/);
      expect(html).toMatch(/<meta property="og:title" content="[^"]+"/);
      expect(html).toMatch(/<meta name="twitter:card" content="summary_large_image"/);
      expect(html).toMatch(/<h1[^>]*>[^<]+/);
    });
  }

  test("titles are unique across the site", async ({ request }) => {
    const titles = new Map<string, string>();
    for (const path of allPagePaths()) {
      const html = await (await request.get(path)).text();
      const title = html.match(/<title>([^<]+)<\/title>/)?.[1] ?? "";
      expect(
        titles.get(title),
        `${path} repeats the title of ${titles.get(title)}`,
      ).toBeUndefined();
      titles.set(title, path);
    }
  });
});

test("/editor and /terms without the slash reach their pages", async ({ page }) => {
  for (const path of ["/editor", "/terms"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(`${path}/`);
  }
});

test("sitemap.xml lists every indexable page and robots.txt points at it", async ({ request }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  for (const path of sitemapPaths()) expect(sitemap).toContain(`<loc>${ORIGIN}${path}</loc>`);
  // The share-link page is prerendered but kept out of search.
  expect(sitemap).not.toContain(`${ORIGIN}/s/`);
  expect(await (await request.get("/s/")).text()).toContain(
    '<meta name="robots" content="noindex"/>',
  );
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
});

test("an unknown URL answers 404 and shows the error screen", async ({ page }) => {
  const response = await page.goto("/no-such-page/");
  expect(response?.status()).toBe(404);
  // Before any script runs, the served HTML already names the 404 and is kept out of search.
  const html = (await response?.text()) ?? "";
  expect(html).toContain("<title>404 Not Found | Plainpad</title>");
  expect(html).toContain('<meta name="robots" content="noindex">');
  await expect(page.getByRole("heading", { name: "Unexpected Application Error!" })).toBeVisible();
  await expect(page).toHaveTitle("404 Not Found | Plainpad");
  await expect(page.getByText("404 Not Found")).toBeVisible();
  await page.getByRole("link", { name: "Go to the home page" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("the landing page has WebSite and Organization JSON-LD", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1]) as { "@type": string },
  );
  expect(blocks.map((block) => block["@type"]).sort()).toEqual(["Organization", "WebSite"]);
});

test.describe("theme", () => {
  test("follows the system preference when nothing is stored, then stores it", async ({
    browser,
  }) => {
    const context = await browser.newContext({ colorScheme: "dark" });
    const page = await context.newPage();
    await page.goto("/faq/");
    await expect(page.locator("html")).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem("siteTheme"))).toBe("dark");
    await context.close();
  });

  test("applies the stored theme before first paint (no flash)", async ({ page }) => {
    await useStoredTheme(page, "dark");
    // The class must be there when the HTML is parsed, before any module script runs.
    await page.route("**/assets/**/*.js", (route) => route.abort());
    await page.goto("/about-us/");
    await expect(page.locator("html")).toHaveClass(/dark/);
    // The toggle shows the sun (what a click gives) before the scripts run, not the moon.
    const toggle = page.getByRole("banner").locator("button[title^='Switch to']");
    await expect(toggle.locator("svg.lucide-sun")).toBeVisible();
    await expect(toggle.locator("svg.lucide-moon")).toBeHidden();
  });

  test("the toggle switches and persists across a reload", async ({ page }) => {
    await page.goto("/blog/");
    await waitForHydration(page);
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    await page.getByRole("button", { name: "Switch to dark mode" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem("siteTheme"))).toBe("dark");
    await page.evaluate(() => window.location.reload());
    await expect(page.locator("html")).toHaveClass(/dark/);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Switch to light mode" }).click();
    await expect(page.locator("html")).not.toHaveClass(/dark/);
  });
});

test.describe("header menus", () => {
  test("the Blog dropdown opens, closes on outside click and Escape, works by keyboard", async ({
    page,
  }) => {
    await page.goto("/tutorials/");
    await waitForHydration(page);
    const trigger = page.getByRole("button", { name: "Blog" });
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await trigger.click();
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    const dropdown = page.locator(`[id="${await trigger.getAttribute("aria-controls")}"]`);
    for (const name of [
      "All Articles",
      "Ultimate Guide",
      "Keyboard Shortcuts",
      "Google Drive Setup",
      "Formatting Tips",
    ]) {
      await expect(dropdown.getByRole("link", { name: new RegExp(`^${name}`) })).toBeVisible();
    }
    await page.locator("h1").click();
    await expect(trigger).toHaveAttribute("aria-expanded", "false");

    await trigger.focus();
    await page.keyboard.press("Enter");
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: /^All Articles/ })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await expect(trigger).toBeFocused();

    await trigger.click();
    await dropdown.getByRole("link", { name: /^Keyboard Shortcuts/ }).click();
    await expect(page).toHaveURL(/\/blog\/keyboard-shortcuts-writers\/$/);
  });

  test("the hamburger menu shows Popular Articles on a phone and closes", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/faq/");
    await waitForHydration(page);
    await expect(page.getByRole("button", { name: "Blog" })).toBeHidden();
    const trigger = page.getByRole("button", { name: "Open menu" });
    await trigger.click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu.getByRole("heading", { name: "Popular Articles" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Advanced Notepad" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu).toBeVisible();
    // A press below the open panel, on the page itself.
    await page.mouse.click(200, 830);
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "Tutorials" }).click();
    await expect(page).toHaveURL(/\/tutorials\/$/);
    await expect(menu).toBeHidden();
  });
});

test("the footer shows five columns, the current year and a working subscribe", async ({
  page,
}) => {
  await page.goto("/about-us/");
  await waitForHydration(page);
  const footer = page.locator("footer");
  for (const heading of ["Resources", "Quick Links", "Connect With Us", "Stay Updated"]) {
    await expect(footer.getByRole("heading", { name: heading })).toBeVisible();
  }
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Plainpad`);
  const social = footer.getByRole("link", { name: /GitHub/ });
  await expect(social).toHaveAttribute("target", "_blank");
  await footer.getByRole("textbox", { name: "Email address" }).fill("reader@example.com");
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expect(footer.getByRole("status")).toContainText("reader@example.com");
});

// Every route, a few per test: one page's load and axe scan took 6-9 s on a loaded CI machine,
// and all of them in one test took 5-7 minutes and ran past its limit.
const ROUTES_PER_A11Y_TEST = 4;

test.describe("accessibility", () => {
  const paths = allPagePaths();
  for (const theme of ["light", "dark"] as const) {
    for (let first = 0; first < paths.length; first += ROUTES_PER_A11Y_TEST) {
      const group = paths.slice(first, first + ROUTES_PER_A11Y_TEST);
      test(`no serious axe violations (${theme}): ${group.join(" ")}`, async ({ page }) => {
        await useStoredTheme(page, theme);
        for (const path of group) {
          await page.goto(path);
          await waitForHydration(page);
          await expectNoSeriousA11yViolations(page, `${path} ${theme}`);
        }
      });
    }
  }
});

test("landing and content pages do not download the editor engine or the zip code", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  for (const path of ["/", "/blog/", "/faq/", "/tutorials/getting-started-text-editor/"]) {
    await page.goto(path);
    await waitForHydration(page);
  }
  const bodies = await Promise.all(
    [...new Set(scripts)].map(async (url) => (await page.request.get(url)).text()),
  );
  for (const body of bodies) {
    // Names only CodeMirror's own code contains.
    expect(body).not.toContain("cm-content");
    expect(body).not.toContain("EditorView");
    // CodeMirror's document model (the landing page's Open loads it on the click).
    expect(body).not.toContain("wrong length");
    // fflate, which builds its tables as it loads.
    expect(body).not.toContain("invalid block type");
  }
});

test("an unknown article or tutorial slug shows the 404 screen", async ({ page }) => {
  for (const path of ["/blog/no-such-article/", "/tutorials/no-such-tutorial/"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole("heading", { name: "Unexpected Application Error!" }),
    ).toBeVisible();
    await expect(page.getByText("404 Not Found")).toBeVisible();
  }
});
