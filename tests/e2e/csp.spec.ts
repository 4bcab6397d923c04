import { expect, type Page, test } from "@playwright/test";
import { allPagePaths } from "../../app/site/pages";
import { encodeSharePayload } from "../../app/text/share-link";
import { scriptHash } from "../../scripts/csp-hashes.mjs";
import { waitForHydration } from "./fixtures";

/**
 * The strict Content-Security-Policy (issue 43 section 2, docs/decisions/021-strict-csp.md):
 * every page runs under its own policy, which names the hashes of its inline scripts and has
 * no 'unsafe-inline', with no violation on any page; and an inline script the build did not
 * hash does not run.
 */

declare global {
  interface Window {
    __cspViolations?: string[];
    __injected?: boolean;
  }
}

/** Collects the page's CSP violations, from its own listener and from the console. */
async function recordViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) violations.push(message.text());
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      window.__cspViolations?.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return violations;
}

async function pageViolations(page: Page, fromConsole: string[]): Promise<string[]> {
  const own = await page.evaluate(() => window.__cspViolations ?? []);
  return [...own, ...fromConsole];
}

function scriptSources(policy: string | undefined): string[] {
  const directive = (policy ?? "")
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === "script-src");
  return directive?.slice(1) ?? [];
}

test.describe("every page under its strict policy", () => {
  for (const path of allPagePaths()) {
    test(`${path} runs its scripts with no CSP violation`, async ({ page }) => {
      const fromConsole = await recordViolations(page);
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      const sources = scriptSources(response?.headers()["content-security-policy"]);
      expect(sources).not.toContain("'unsafe-inline'");
      expect(sources.filter((source) => source.startsWith("'sha256-")).length).toBeGreaterThan(0);
      await waitForHydration(page);
      // The theme script ran before the page's modules (it sets the class on <html>).
      expect(await page.evaluate(() => localStorage.getItem("siteTheme"))).toMatch(/light|dark/);
      expect(await pageViolations(page, fromConsole)).toEqual([]);
    });
  }

  test("the 404 page (the app shell) runs with no CSP violation", async ({ page }) => {
    const fromConsole = await recordViolations(page);
    const response = await page.goto("/no/such/page/");
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole("heading", { name: "Unexpected Application Error!" }),
    ).toBeVisible();
    await waitForHydration(page);
    // Client-side navigation loads the next page's modules under the same policy.
    await page.getByRole("link", { name: "Go to the home page" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await pageViolations(page, fromConsole)).toEqual([]);
  });

  test("a shared document opens with no CSP violation", async ({ page }) => {
    const fromConsole = await recordViolations(page);
    const payload = await encodeSharePayload({ name: "n.md", text: "# Shared\n\nUnder the CSP." });
    await page.goto(`/s/#${payload}`);
    await waitForHydration(page);
    await expect(
      page.getByRole("region", { name: "Shared text" }).getByRole("heading", { name: "Shared" }),
    ).toBeVisible();
    expect(await pageViolations(page, fromConsole)).toEqual([]);
  });

  test("a blog article reached by a link (client-side) renders with no CSP violation", async ({
    page,
  }) => {
    const fromConsole = await recordViolations(page);
    await page.goto("/blog/");
    await waitForHydration(page);
    const article = page.locator('main a[href^="/blog/"]').first();
    const href = await article.getAttribute("href");
    await article.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.locator("main h1")).toBeVisible();
    expect(await pageViolations(page, fromConsole)).toEqual([]);
  });
});

test.describe("an inline script without a hash", () => {
  const INJECTED = "window.__injected = true;";

  /** Serves /editor/ as built, with the real headers, plus an inline script in its <head>. */
  async function injectScript(page: Page, addHashToPolicy: boolean) {
    await page.route("**/editor/", async (route) => {
      const response = await route.fetch();
      const headers = response.headers();
      const policy = headers["content-security-policy"];
      expect(policy).toBeTruthy();
      if (addHashToPolicy) {
        headers["content-security-policy"] = policy.replace(
          "script-src ",
          `script-src ${scriptHash(INJECTED)} `,
        );
      }
      const html = (await response.text()).replace(
        "</head>",
        `<script>${INJECTED}</script></head>`,
      );
      await route.fulfill({ response, headers, body: html });
    });
  }

  test("does not run, while the page's own scripts do", async ({ page }) => {
    const fromConsole = await recordViolations(page);
    await injectScript(page, false);
    await page.goto("/editor/");
    await waitForHydration(page);
    expect(await page.evaluate(() => window.__injected)).toBeUndefined();
    const violations = await pageViolations(page, fromConsole);
    expect(violations.some((text) => /script-src-elem blocked inline/.test(text))).toBe(true);
  });

  test("runs once its hash is in the policy (so the test above saw the policy at work)", async ({
    page,
  }) => {
    const fromConsole = await recordViolations(page);
    await injectScript(page, true);
    await page.goto("/editor/");
    await waitForHydration(page);
    expect(await page.evaluate(() => window.__injected)).toBe(true);
    expect(await pageViolations(page, fromConsole)).toEqual([]);
  });
});
