import { expect, test, type Page } from "@playwright/test";
import { FAQ_ENTRIES } from "../../content/faq";
import { filterFaqs } from "../../app/site/faq/faq-filter";
import {
  expectNoSeriousA11yViolations,
  openBeforeScripts,
  useStoredTheme,
  waitForHydration,
} from "./fixtures";
import { jsonLdFromHtml, ofType } from "./content-helpers";

const NO_RESULTS =
  "No questions found matching your search. Try different keywords or browse all categories.";

async function openFaq(page: Page) {
  await page.goto("/faq/");
  await waitForHydration(page);
}

const questions = (page: Page) => page.locator("#faq-questions ~ ul > li h3 button");
const results = (page: Page) => page.getByRole("status").filter({ hasText: "Results" });

test("the FAQ is prerendered with every question and FAQPage JSON-LD", async ({ request }) => {
  const html = await (await request.get("/faq/")).text();
  for (const entry of FAQ_ENTRIES.slice(0, 5))
    expect(html).toContain(entry.question.replace(/'/g, "&#x27;"));
  const faq = ofType(jsonLdFromHtml(html), "FAQPage");
  const main = faq.mainEntity as {
    "@type": string;
    name: string;
    acceptedAnswer: { "@type": string; text: string };
  }[];
  expect(main).toHaveLength(FAQ_ENTRIES.length);
  expect(FAQ_ENTRIES.length).toBe(45);
  for (const item of main) {
    expect(item["@type"]).toBe("Question");
    expect(item.name.length).toBeGreaterThan(5);
    expect(item.acceptedAnswer["@type"]).toBe("Answer");
    expect(item.acceptedAnswer.text.length).toBeGreaterThan(10);
  }
});

test("counters show questions, categories and live results", async ({ page }) => {
  await openFaq(page);
  await expect(page.locator("p", { hasText: /^44 Questions$/ })).toHaveCount(1);
  await expect(page.locator("p", { hasText: /^6 Categories$/ })).toHaveCount(1);
  await expect(results(page)).toHaveText("44 Results");
  await expect(questions(page)).toHaveCount(44);
});

test("a search typed before the page's scripts run still filters, and is kept", async ({
  page,
}) => {
  const { release } = await openBeforeScripts(page, "/faq/");
  const search = page.getByLabel("Search questions");
  await search.pressSequentially("Drive");
  await release();
  const expected = filterFaqs(FAQ_ENTRIES, "Drive", "All");
  expect(expected.length).toBeGreaterThan(0);
  expect(expected.length).toBeLessThan(FAQ_ENTRIES.length);
  await expect(results(page)).toHaveText(`${expected.length} Results`);
  await expect(questions(page)).toHaveCount(expected.length);
  // Another render (a category chosen) keeps the words.
  await page.getByRole("group", { name: "Categories" }).getByRole("button").first().click();
  await expect(search).toHaveValue("Drive");
  await search.press("End");
  await search.pressSequentially(" folder");
  await expect(search).toHaveValue("Drive folder");
});

test("search is case-insensitive over questions and answers", async ({ page }) => {
  await openFaq(page);
  const term = "DRIVE";
  const expected = filterFaqs(FAQ_ENTRIES, term, "All");
  expect(expected.length).toBeGreaterThan(0);
  await page.getByLabel("Search questions").fill(term);
  await expect(questions(page)).toHaveCount(expected.length);
  await expect(results(page)).toHaveText(`${expected.length} Results`);
  // A word that only appears in an answer still finds the entry.
  const answerOnly = FAQ_ENTRIES.find(
    (entry) =>
      !entry.question.toLowerCase().includes("permissions") && entry.answer.includes("permissions"),
  );
  if (answerOnly) {
    await page.getByLabel("Search questions").fill("PERMISSIONS");
    await expect(questions(page).filter({ hasText: answerOnly.question })).toHaveCount(1);
  }
});

test("category buttons filter exactly and combine with the search", async ({ page }) => {
  await openFaq(page);
  const group = page.getByRole("group", { name: "Categories" });
  await expect(group.getByRole("button")).toHaveText([
    "All",
    "Getting Started",
    "Features",
    "Google Drive",
    "Technical",
    "Troubleshooting",
    "Privacy",
  ]);
  await expect(group.getByRole("button", { name: "All" })).toHaveAttribute("aria-pressed", "true");
  await group.getByRole("button", { name: "Privacy" }).click();
  await expect(group.getByRole("button", { name: "Privacy" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(group.getByRole("button", { name: "All" })).toHaveAttribute("aria-pressed", "false");
  const privacy = FAQ_ENTRIES.filter((entry) => entry.category === "Privacy");
  await expect(questions(page)).toHaveCount(privacy.length);
  await page.getByLabel("Search questions").fill("browser");
  await expect(questions(page)).toHaveCount(filterFaqs(FAQ_ENTRIES, "browser", "Privacy").length);
});

test("one question open at a time; clicking the open one closes it; keyboard works", async ({
  page,
}) => {
  await openFaq(page);
  const first = questions(page).nth(0);
  const second = questions(page).nth(1);
  await first.click();
  await expect(first).toHaveAttribute("aria-expanded", "true");
  const panelId = await first.getAttribute("aria-controls");
  await expect(page.locator(`#${panelId}`)).toBeVisible();
  await expect(page.locator(`#${panelId}`)).toContainText(
    FAQ_ENTRIES[0].answer.split("\n")[0].slice(0, 40),
  );
  await second.click();
  await expect(first).toHaveAttribute("aria-expanded", "false");
  await expect(page.locator(`#${panelId}`)).toBeHidden();
  await expect(second).toHaveAttribute("aria-expanded", "true");
  await second.click();
  await expect(second).toHaveAttribute("aria-expanded", "false");
  await first.focus();
  await page.keyboard.press("Enter");
  await expect(first).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Space");
  await expect(first).toHaveAttribute("aria-expanded", "false");
});

test("filtering keeps the open question open", async ({ page }) => {
  await openFaq(page);
  const entry = FAQ_ENTRIES.find((e) => e.category === "Technical")!;
  const button = page.locator(`#faq-q-${entry.id}`);
  await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await page
    .getByRole("group", { name: "Categories" })
    .getByRole("button", { name: "Technical" })
    .click();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await page.getByLabel("Search questions").fill(entry.question.slice(0, 12));
  await expect(button).toHaveAttribute("aria-expanded", "true");
});

test("no results shows the spec's message", async ({ page }) => {
  await openFaq(page);
  await page.getByLabel("Search questions").fill("qwxzv-nothing-matches");
  await expect(page.getByText(NO_RESULTS, { exact: true })).toBeVisible();
  await expect(results(page)).toHaveText("0 Results");
  await expect(questions(page)).toHaveCount(0);
});

test("the unverified-app answer is the step-by-step explanation with the illustration", async ({
  page,
}) => {
  await openFaq(page);
  await page.locator("#faq-q-unverified-app").click();
  const panel = page.locator("#faq-a-unverified-app");
  await expect(panel.getByRole("listitem")).toHaveCount(4);
  await expect(panel).toContainText("Go to Plainpad (unsafe)");
  const image = panel.locator("img");
  await expect(image).toHaveAttribute("src", "/images/generated/faq/unverified-app.webp");
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBe(720);
});

test("links to the guide, tutorials, resources and contact", async ({ page }) => {
  await page.goto("/faq/");
  const help = page.getByRole("region", { name: "Still have questions?" });
  for (const href of [
    "/blog/ultimate-guide-online-text-editing/",
    "/tutorials/",
    "/resources/",
    "/contact-us/",
  ]) {
    await expect(help.locator(`a[href="${href}"]`)).toHaveCount(1);
  }
});

for (const theme of ["light", "dark"] as const) {
  test(`FAQ has no serious accessibility violations (${theme})`, async ({ page }) => {
    await useStoredTheme(page, theme);
    await openFaq(page);
    await page.locator("#faq-q-unverified-app").click();
    await expectNoSeriousA11yViolations(page, `faq ${theme}`);
  });
}
