import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type Route } from "@playwright/test";

/** Sets the site theme before any page script runs, as a returning visitor would have it. */
export async function useStoredTheme(page: Page, theme: "light" | "dark"): Promise<void> {
  await page.addInitScript((value) => {
    try {
      window.localStorage.setItem("siteTheme", value);
    } catch {
      // about:blank has no storage
    }
  }, theme);
}

/** Runs axe-core and fails on serious or critical violations, listing them readably. */
export async function expectNoSeriousA11yViolations(page: Page, context = ""): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === "serious" || violation.impact === "critical",
  );
  const summary = serious.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n  ` +
      violation.nodes
        .slice(0, 5)
        .map((node) => node.target.join(" "))
        .join("\n  "),
  );
  expect(summary, `axe violations ${context}`).toEqual([]);
}

/** Waits until React has hydrated the page (the app marks <html> when it is interactive). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/**
 * Opens `path` with the page's scripts held back, as on a slow connection: the prerendered
 * page shows and takes typing, but nothing runs until `release()` lets the scripts through
 * and React hydrates.
 */
export async function openBeforeScripts(
  page: Page,
  path: string,
): Promise<{ release: () => Promise<void> }> {
  const held: Route[] = [];
  let released = false;
  await page.route(/\.js(\?|$)/, (route) => {
    if (released) void route.continue();
    else held.push(route);
  });
  // Module scripts hold DOMContentLoaded and load back: wait for the response only.
  await page.goto(path, { waitUntil: "commit" });
  return {
    release: async () => {
      released = true;
      for (const route of held.splice(0)) await route.continue();
      await waitForHydration(page);
    },
  };
}
