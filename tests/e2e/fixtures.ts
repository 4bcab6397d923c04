import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

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
