import { expect, test, type Page } from "@playwright/test";
import {
  expectNoSeriousA11yViolations,
  openBeforeScripts,
  useStoredTheme,
  waitForHydration,
} from "./fixtures";

/** Every page this spec owns. */
const MY_PAGES = [
  "/free-online-notepad/",
  "/browser-based-text-editor/",
  "/multi-tab-document-editor/",
  "/remote-workers-text-editor/",
  "/student-writing-tools/",
  "/about-us/",
  "/contact-us/",
  "/privacy-policy/",
  "/terms/",
  "/newsletter/",
  "/resources/",
];

const LANDING_PAGES = [
  "/free-online-notepad/",
  "/browser-based-text-editor/",
  "/multi-tab-document-editor/",
];

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

/** Direct children <li> of the first list inside a section. */
function sectionCards(page: Page, id: string) {
  return page.locator(`section#${id} ul`).first().locator(":scope > li");
}

/** What the page logs with console.log, each call's arguments as values (the forms' demo submit). */
function collectConsoleLogs(page: Page): unknown[][] {
  const logs: unknown[][] = [];
  page.on("console", async (message) => {
    if (message.type() === "log")
      logs.push(await Promise.all(message.args().map((arg) => arg.jsonValue())));
  });
  return logs;
}

/** The JSON-LD blocks of the page, parsed. */
async function jsonLdTypes(page: Page): Promise<string[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => (JSON.parse(text) as { "@type": string })["@type"]);
}

test.describe("newsletter", () => {
  test("submit is disabled until an email is typed, then subscribes after the delay", async ({
    page,
  }) => {
    const logs = collectConsoleLogs(page);
    await open(page, "/newsletter/");
    const form = page.locator("main form");
    const submit = form.getByRole("button", { name: "Subscribe", exact: true });
    await expect(submit).toBeDisabled();

    // Every interest id of the spec exists as a labelled checkbox.
    for (const id of ["productivity", "templates", "tutorials", "updates", "tips", "freebies"]) {
      const box = page.locator(`input[type=checkbox]#${id}`);
      await expect(box).toHaveCount(1);
      await expect(page.locator(`label[for=${id}]`)).not.toHaveText("");
    }
    await expect(form.getByLabel(/Email address/)).toHaveAttribute("type", "email");
    await expect(form.getByLabel(/Email address/)).toHaveAttribute("required", "");

    await form.getByLabel(/Email address/).fill("reader@example.com");
    await expect(submit).toBeEnabled();
    await form.getByLabel(/Email address/).fill("");
    await expect(submit).toBeDisabled();

    await form.getByLabel(/Email address/).fill("reader@example.com");
    await form.getByLabel(/First name/).fill("Ada");
    await form.getByLabel("Plain-text templates").check();
    await form.getByLabel("Writing tips").check();
    await form.getByLabel("Product updates", { exact: false }).check();
    await form.getByLabel("Product updates", { exact: false }).uncheck();

    const started = Date.now();
    await submit.click();
    const busy = form.getByRole("button", { name: "Subscribing..." });
    await expect(busy).toBeVisible();
    await expect(busy).toBeDisabled();

    await expect(
      page.getByRole("heading", { name: "Thank you for subscribing, Ada!" }),
    ).toBeVisible({ timeout: 5000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    await expect(page.getByText(/first issue is planned within 24 hours/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Explore resources" })).toHaveAttribute(
      "href",
      "/resources/",
    );
    await expect(page.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");

    const entry = logs.find((args) => args[0] === "Newsletter subscription:");
    expect(entry, "the subscription is logged").toBeDefined();
    const subscription = entry![1] as Record<string, unknown>;
    expect(subscription).toMatchObject({
      email: "reader@example.com",
      firstName: "Ada",
      interests: ["templates", "tips"],
      source: "newsletter-page",
    });
    const subscribedAt = String(subscription.subscribedAt);
    expect(new Date(subscribedAt).toISOString()).toBe(subscribedAt);

    await page.getByRole("link", { name: "Explore resources" }).click();
    await expect(page).toHaveURL(/\/resources\/$/);
  });

  test("what is typed and ticked before the page's scripts run is kept and submitted", async ({
    page,
  }) => {
    const logs = collectConsoleLogs(page);
    const { release } = await openBeforeScripts(page, "/newsletter/");
    const form = page.locator("main form");
    await form.getByLabel(/Email address/).pressSequentially("reader@example.com");
    await form.getByLabel("Writing tips").check();
    await release();
    await form.getByLabel(/First name/).pressSequentially("Ada");
    await expect(form.getByLabel(/Email address/)).toHaveValue("reader@example.com");
    await expect(form.getByLabel("Writing tips")).toBeChecked();
    await form.getByRole("button", { name: "Subscribe", exact: true }).click();
    await expect(
      page.getByRole("heading", { name: "Thank you for subscribing, Ada!" }),
    ).toBeVisible({ timeout: 5000 });
    await expect
      .poll(() => logs.find((args) => args[0] === "Newsletter subscription:")?.[1])
      .toMatchObject({ email: "reader@example.com", firstName: "Ada", interests: ["tips"] });
  });

  test("an invalid address is stopped by the browser and nothing is submitted", async ({
    page,
  }) => {
    await open(page, "/newsletter/");
    const form = page.locator("main form");
    await form.getByLabel(/Email address/).fill("not-an-address");
    await form.getByRole("button", { name: "Subscribe", exact: true }).click();
    await expect(form.getByRole("button", { name: "Subscribe", exact: true })).toBeVisible();
    expect(
      await form
        .getByLabel(/Email address/)
        .evaluate((input: HTMLInputElement) => input.validity.valid),
    ).toBe(false);
    await expect(page.getByRole("button", { name: "Subscribing..." })).toHaveCount(0);
  });
});

test.describe("contact", () => {
  test("empty submit is blocked; a full form logs, alerts and clears", async ({ page }) => {
    const dialogs: string[] = [];
    page.on("dialog", async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.accept();
    });
    const logs = collectConsoleLogs(page);
    await open(page, "/contact-us/");
    const form = page.locator("main form");

    const send = page.getByRole("button", { name: "Send message" });
    await send.click();
    expect(dialogs).toEqual([]);
    await expect(page.locator("main form :invalid")).toHaveCount(4);

    await expect(form.getByLabel("Message", { exact: true })).toHaveAttribute("rows", "6");
    await expect(form.getByLabel("Email address")).toHaveAttribute("type", "email");
    await form.getByLabel("Your name").fill("Sam Lee");
    await form.getByLabel("Email address").fill("sam@example.com");
    await form.getByLabel("Subject").fill("Drive question");
    await form.getByLabel("Message", { exact: true }).fill("How do I revoke access?\nThanks!");
    await send.click();

    await expect
      .poll(() => dialogs)
      .toEqual(["Thank you for your message! We will get back to you soon."]);
    await expect(form.getByLabel("Your name")).toHaveValue("");
    await expect(form.getByLabel("Message", { exact: true })).toHaveValue("");
    const entry = logs.find((args) => args[0] === "Contact form submitted:");
    expect(entry?.[1]).toEqual({
      name: "Sam Lee",
      email: "sam@example.com",
      subject: "Drive question",
      message: "How do I revoke access?\nThanks!",
    });
  });

  test("a name typed before the page's scripts run is kept when the next field is typed", async ({
    page,
  }) => {
    const { release } = await openBeforeScripts(page, "/contact-us/");
    const form = page.locator("main form");
    await form.getByLabel("Your name").pressSequentially("Sam Lee");
    await release();
    await form.getByLabel("Email address").pressSequentially("sam@example.com");
    await expect(form.getByLabel("Email address")).toHaveValue("sam@example.com");
    await expect(form.getByLabel("Your name")).toHaveValue("Sam Lee");
  });

  test("shows the support e-mail, hours, social links and the FAQ link", async ({ page }) => {
    await open(page, "/contact-us/");
    await expect(page.getByRole("link", { name: "support@plainpad.app" })).toHaveAttribute(
      "href",
      "mailto:support@plainpad.app",
    );
    await expect(page.getByText("9 AM to 5 PM EST", { exact: false })).toBeVisible();
    for (const name of [/X \(Twitter\)/, /GitHub/, /LinkedIn/]) {
      await expect(page.locator("main").getByRole("link", { name })).toHaveAttribute(
        "target",
        "_blank",
      );
    }
    await expect(page.getByRole("link", { name: "Plainpad FAQ" })).toHaveAttribute("href", "/faq/");
  });
});

test.describe("resources", () => {
  test("lists every guide and tutorial, the cheat sheet and templates", async ({ page }) => {
    await open(page, "/resources/");
    await expect(page.locator('section#guides a[href^="/blog/"]')).toHaveCount(12);
    await expect(page.locator('section#tutorials a[href^="/tutorials/"]')).toHaveCount(6);
    await expect(page.getByRole("table", { name: /Text Editor/ })).toContainText("Cmd+Shift+Z");
    await expect(page.getByRole("table", { name: /Advanced Notepad/ })).toContainText("Ctrl+H");
    await expect(page.getByRole("link", { name: /keyboard shortcuts tutorial/ })).toHaveAttribute(
      "href",
      "/tutorials/keyboard-shortcuts-mastery/",
    );
    await expect(sectionCards(page, "templates")).toHaveCount(6);
    await expect(sectionCards(page, "templates").first().locator("pre")).toContainText(
      "ACTION ITEMS",
    );
  });

  test("Copy puts the template on the clipboard and says so", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await open(page, "/resources/");
    const card = sectionCards(page, "templates").filter({ hasText: "Bug report" });
    await card.getByRole("button", { name: "Copy" }).click();
    await expect(card.getByRole("status")).toHaveText("Copied");
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain("STEPS TO REPRODUCE");
  });

  test("Open in editor hands the template to /editor/", async ({ page }) => {
    await open(page, "/resources/");
    const card = sectionCards(page, "templates").filter({ hasText: "Meeting notes" });
    await card.getByRole("button", { name: "Open in editor" }).click();
    await expect(page).toHaveURL(/\/editor\/$/);
  });

  test("the editor shows the handed-over template", async ({ page }) => {
    await open(page, "/resources/");
    const card = sectionCards(page, "templates").filter({ hasText: "Meeting notes" });
    await card.getByRole("button", { name: "Open in editor" }).click();
    await expect(page).toHaveURL(/\/editor\/$/);
    await expect(page.locator(".cm-content")).toContainText(
      "ACTION ITEMS (owner - task - due date)",
    );
  });
});

test.describe("marketing landing pages", () => {
  for (const path of LANDING_PAGES) {
    test(`${path} has its sections, links and FAQ`, async ({ page }) => {
      await open(page, path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      for (const id of ["what-it-does", "why", "how-it-works", "learn", "faq"]) {
        await expect(page.locator(`section#${id} h2`)).toBeVisible();
      }
      await expect(sectionCards(page, "what-it-does")).toHaveCount(6);
      await expect(page.locator("section#how-it-works ol > li")).toHaveCount(4);
      for (const href of ["/online-notepad/", "/editor/", "/tutorials/"]) {
        expect(await page.locator(`main a[href="${href}"]`).count(), href).toBeGreaterThan(0);
      }
      const faq = page.locator("section#faq details");
      await expect(faq).toHaveCount(4);
      await faq.first().locator("summary").click();
      await expect(faq.first().locator("p")).toBeVisible();
      expect(await jsonLdTypes(page)).toContain("FAQPage");
      const words = (await page.locator("main").innerText()).split(/\s+/).filter(Boolean).length;
      expect(words, "page length").toBeGreaterThanOrEqual(600);
      expect(words, "page length").toBeLessThanOrEqual(1000);
    });
  }

  test("the three pages do not repeat each other's paragraphs", async ({ page }) => {
    const seen = new Map<string, string>();
    for (const path of LANDING_PAGES) {
      await open(page, path);
      const paragraphs = await page.locator("main p:not(:has(a))").allInnerTexts();
      for (const text of paragraphs.filter((paragraph) => paragraph.length > 40)) {
        expect(seen.get(text), `"${text}" repeats ${seen.get(text)}`).toBeUndefined();
        seen.set(text, path);
      }
    }
  });
});

test.describe("audience pages", () => {
  test("remote workers: stats, features, example, scenarios, comparison, tips, CTA, FAQ", async ({
    page,
  }) => {
    await open(page, "/remote-workers-text-editor/");
    await expect(page.locator("main dl > div")).toHaveCount(4);
    expect(await sectionCards(page, "features").count()).toBeGreaterThanOrEqual(4);
    await expect(page.getByText("Illustrative example")).toBeVisible();
    await expect(page.getByRole("heading", { name: /^Example: a week of notes/ })).toBeVisible();
    expect(await sectionCards(page, "scenarios").count()).toBeGreaterThanOrEqual(3);
    const table = page.getByRole("table");
    for (const column of ["Plainpad", "Desktop apps", "Email attachments"]) {
      await expect(table.getByRole("columnheader", { name: column })).toBeVisible();
    }
    const collaboration = table.getByRole("row", { name: /Real-time collaboration/ });
    await expect(collaboration.getByRole("cell").first()).toHaveText("Yes");
    await expect(sectionCards(page, "tips")).toHaveCount(3);
    await expect(page.locator("section#faq details")).toHaveCount(4);
    for (const href of ["/editor/", "/online-notepad/", "/newsletter/"]) {
      expect(await page.locator(`main a[href="${href}"]`).count(), href).toBeGreaterThan(0);
    }
    const text = await page.locator("main").innerText();
    expect(text).not.toMatch(/100,000|4\.9\/5|50K\+|100\+ universities/);
  });

  test("students: stats, features, tasks with badges, levels, tips, CTA, FAQ", async ({ page }) => {
    await open(page, "/student-writing-tools/");
    await expect(page.locator("main dl > div")).toHaveCount(4);
    await expect(sectionCards(page, "features")).toHaveCount(4);
    const tasks = sectionCards(page, "tasks");
    await expect(tasks).toHaveCount(4);
    for (const badge of ["Beginner", "Intermediate", "Advanced"]) {
      await expect(tasks.getByText(badge, { exact: true }).first()).toBeVisible();
    }
    await expect(page.getByRole("heading", { name: /^Example: / })).toBeVisible();
    const levels = sectionCards(page, "levels");
    await expect(levels).toHaveCount(3);
    for (const level of ["High School", "Undergraduate", "Graduate School"]) {
      const card = levels.filter({ has: page.getByRole("heading", { name: level, exact: true }) });
      await expect(card.getByRole("heading", { name: "Needs" })).toBeVisible();
      await expect(card.getByRole("heading", { name: "Recommended tools" })).toBeVisible();
    }
    await expect(sectionCards(page, "tips")).toHaveCount(3);
    await expect(page.locator("section#faq details")).toHaveCount(4);
    for (const href of ["/editor/", "/resources/"]) {
      expect(await page.locator(`main a[href="${href}"]`).count(), href).toBeGreaterThan(0);
    }
    const text = await page.locator("main").innerText();
    expect(text).not.toMatch(/100,000|4\.9\/5|50K\+|100\+ universities/);
  });
});

test.describe("company pages", () => {
  test("about: mission, vision, six feature cards and the team", async ({ page }) => {
    await open(page, "/about-us/");
    await expect(page.getByRole("heading", { name: "Our mission" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Our vision" })).toBeVisible();
    await expect(sectionCards(page, "what-we-built")).toHaveCount(6);
    await expect(page.getByRole("heading", { name: "The team", level: 2 })).toBeVisible();
  });

  // The privacy policy's date moved with its text (issue 49, decision 028); the terms are unchanged.
  for (const [path, date] of [
    ["/privacy-policy/", "November 27, 2026"],
    ["/terms/", "October 29, 2025"],
  ]) {
    test(`${path} shows the date and a working table of contents`, async ({ page }) => {
      await open(page, path);
      await expect(page.getByText(`Last Updated: ${date}`)).toBeVisible();
      const anchors = await page
        .locator("nav[aria-labelledby=toc-heading] a")
        .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
      expect(anchors.length).toBeGreaterThanOrEqual(8);
      for (const anchor of anchors)
        await expect(page.locator(`section${anchor} h2`)).toHaveCount(1);
      await page.locator("nav[aria-labelledby=toc-heading] a").nth(2).click();
      await expect(page).toHaveURL(new RegExp(`${anchors[2]}$`));
    });
  }

  test("privacy covers documents, analytics, ads, Google Drive and revocation", async ({
    page,
  }) => {
    await open(page, "/privacy-policy/");
    const text = await page.locator("main").innerText();
    for (const phrase of ["IndexedDB", "analytics", "ad service", "drive.file", "in memory only"]) {
      expect(text).toContain(phrase);
    }
    await expect(
      page.getByRole("link", { name: /myaccount\.google\.com\/permissions/ }),
    ).toHaveAttribute("href", "https://myaccount.google.com/permissions");
  });
});

test.describe("layout", () => {
  test("no page scrolls sideways on a 390 px phone", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of MY_PAGES) {
      await open(page, path);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

test.describe("accessibility", () => {
  for (const theme of ["light", "dark"] as const) {
    for (const path of MY_PAGES) {
      test(`${path} in ${theme} has one h1 and no serious axe violations`, async ({ page }) => {
        // The resources page holds both editors' full shortcut tables (every command with a
        // key): its scan ran past 30 s once on a loaded machine.
        if (path === "/resources/") test.slow();
        await useStoredTheme(page, theme);
        await open(page, path);
        await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
        await expectNoSeriousA11yViolations(page, `${path} ${theme}`);
      });
    }
  }
});
