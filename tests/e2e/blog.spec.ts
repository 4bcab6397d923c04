import { expect, test } from "@playwright/test";
import { BLOG_SLUGS } from "../../app/site/pages";
import { expectNoSeriousA11yViolations, useStoredTheme, waitForHydration } from "./fixtures";
import { jsonLdFromHtml, metaContent, ofType, readJsonLd } from "./content-helpers";

const ARTICLE = "ultimate-guide-online-text-editing";
const ORIGIN = "https://plainpad.app";

test.describe("blog index", () => {
  test("is prerendered with every article, the featured one first", async ({ request }) => {
    const html = await (await request.get("/blog/")).text();
    for (const slug of BLOG_SLUGS) expect(html).toContain(`href="/blog/${slug}/"`);
    expect(html).toContain("The Ultimate Guide to Online Text Editing");
  });

  test("lists cards, popular posts, categories, tags and two newsletter boxes", async ({
    page,
  }) => {
    await page.goto("/blog/");
    const featured = page.getByRole("region", { name: "Featured article" });
    await expect(featured.getByRole("link")).toHaveAttribute("href", `/blog/${ARTICLE}/`);
    const all = page.getByRole("region", { name: /All articles/ });
    await expect(all.getByRole("article")).toHaveCount(12);
    // Each card: image with size, date, read time.
    const first = all.getByRole("article").first();
    await expect(first.locator("img")).toHaveAttribute("width", "1200");
    await expect(first.getByText(/^\d+ min read$/)).toBeVisible();
    await expect(first.locator("time")).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);

    const popular = page.getByRole("region", { name: "Popular posts" }).getByRole("link");
    await expect(popular).toHaveCount(4);
    const firstFour = await all
      .getByRole("article")
      .locator("h3 a")
      .evaluateAll((links) => links.slice(0, 4).map((link) => link.getAttribute("href")));
    expect(
      await popular.evaluateAll((links) => links.map((link) => link.getAttribute("href"))),
    ).toEqual(firstFour);

    const counts = await page
      .getByRole("region", { name: "Categories" })
      .locator("li span.rounded-full")
      .allTextContents();
    expect(counts.map((text) => Number.parseInt(text, 10)).reduce((a, b) => a + b, 0)).toBe(12);
    await expect(
      page.getByRole("region", { name: "Popular tags" }).getByRole("listitem").first(),
    ).toBeVisible();
    await expect(
      page
        .getByRole("region", { name: "Get new articles" })
        .getByRole("button", { name: "Subscribe" }),
    ).toBeVisible();
    await expect(
      page
        .getByRole("region", { name: "Write better with the Plainpad newsletter" })
        .getByRole("button", { name: "Subscribe" }),
    ).toBeVisible();
  });

  test("a newsletter box does not sign anyone up; it points to the newsletter page", async ({
    page,
  }) => {
    await page.goto("/blog/");
    await waitForHydration(page);
    const box = page.getByRole("region", { name: "Get new articles" });
    await box.getByLabel("Email address").fill("reader@example.com");
    await box.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/blog\/$/);
    await expect(box.getByRole("status")).toContainText("doesn't sign you up");
    await box.getByRole("link", { name: "Please use the newsletter page" }).click();
    await expect(page).toHaveURL(/\/newsletter\/$/);
  });
});

for (const width of [1280, 1024, 820, 390]) {
  test(`blog index at ${width} px: the featured image is shown whole, not cropped`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/blog/");
    const card = page.getByRole("region", { name: "Featured article" }).getByRole("article");
    const image = card.locator("img");
    // Width and height attributes stay, so the box is reserved before the file arrives.
    await expect(image).toHaveAttribute("width", "1200");
    await expect(image).toHaveAttribute("height", "675");
    await expect
      .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    const box = await image.evaluate((node) => {
      const img = node as HTMLImageElement;
      const rect = img.getBoundingClientRect();
      const article = img.closest("article")!.getBoundingClientRect();
      return {
        width: rect.width,
        height: rect.height,
        naturalWidth: img.naturalWidth,
        naturalHeight: img.naturalHeight,
        objectFit: getComputedStyle(img).objectFit,
        inside:
          rect.left >= article.left - 0.5 &&
          rect.right <= article.right + 0.5 &&
          rect.top >= article.top - 0.5 &&
          rect.bottom <= article.bottom + 0.5,
      };
    });
    // The title is painted inside the picture: the box must have the file's own shape...
    const natural = box.naturalWidth / box.naturalHeight;
    expect(Math.abs(box.width / box.height / natural - 1)).toBeLessThan(0.02);
    // ...the picture must be fitted into it, never cut to fill it...
    expect(["cover", "none"]).not.toContain(box.objectFit);
    // ...and the card (overflow hidden) must not clip the box either.
    expect(box.inside).toBe(true);

    // The smaller cards keep the same shape.
    const cards = page.getByRole("region", { name: /All articles/ }).locator("article img");
    for (const shape of await cards.evaluateAll((imgs) =>
      imgs.map((img) => {
        const rect = img.getBoundingClientRect();
        return {
          ratio: rect.width / rect.height,
          attr: Number(img.getAttribute("width")) / Number(img.getAttribute("height")),
          objectFit: getComputedStyle(img).objectFit,
        };
      }),
    )) {
      expect(Math.abs(shape.ratio / shape.attr - 1)).toBeLessThan(0.02);
      expect(["cover", "none"]).not.toContain(shape.objectFit);
    }
  });
}

test.describe("blog article", () => {
  test("is prerendered with its body, meta tags and Article JSON-LD", async ({ request }) => {
    const response = await request.get(`/blog/${ARTICLE}/`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain("<h1");
    expect(html).toContain("What an online text editor is for");
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/blog/${ARTICLE}/"/>`);
    const article = ofType(jsonLdFromHtml(html), "Article");
    expect(article.headline).toBe("The Ultimate Guide to Online Text Editing");
    expect(article.datePublished).toBe("2025-10-28");
    expect(article.image).toMatchObject({
      url: `${ORIGIN}/images/generated/blog/${ARTICLE}.webp`,
      width: 1200,
      height: 675,
    });
    expect(article.author).toMatchObject({ name: expect.any(String) });
    expect(article.publisher).toMatchObject({
      "@type": "Organization",
      logo: { url: expect.stringMatching(/^https:/) },
    });
    expect(article.mainEntityOfPage).toMatchObject({ "@id": `${ORIGIN}/blog/${ARTICLE}/` });
    expect(typeof article.description).toBe("string");
  });

  test("shows breadcrumbs, header, image, body, related articles and the call to action", async ({
    page,
  }) => {
    await page.goto(`/blog/${ARTICLE}/`);
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(crumbs.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    await expect(crumbs.getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/blog/");
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText(
      "The Ultimate Guide to Online Text Editing",
    );
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "The Ultimate Guide to Online Text Editing",
    );
    await expect(page.locator("article header time")).toHaveText("October 28, 2025");
    await expect(page.locator("article header").getByText(/^\d+ min read$/)).toBeVisible();
    await expect(page.locator("h1")).toHaveCount(1);

    const image = page.locator("figure img");
    await expect(image).toHaveAttribute("src", `/images/generated/blog/${ARTICLE}.webp`);
    await expect(image).toHaveAttribute("width", "1200");
    await expect(image).toHaveAttribute("height", "675");
    await expect(image).toHaveAttribute("loading", "eager");
    await expect(image).toHaveAttribute("fetchpriority", "high");
    expect(await image.getAttribute("alt")).toBeTruthy();
    expect(await image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1200);
    expect(await image.evaluate((img) => getComputedStyle(img).maxHeight)).toBe("500px");

    const related = page.getByRole("region", { name: "Related Articles" });
    const relatedLinks = related.getByRole("link");
    expect(await relatedLinks.count()).toBeGreaterThanOrEqual(2);
    await expect(related.locator("p").first()).toHaveClass(/line-clamp-2/);

    await expect(page.getByRole("link", { name: "Start Writing Now" })).toHaveAttribute(
      "href",
      "/editor/",
    );
    await expect(page.getByRole("link", { name: "Try Advanced Notepad" })).toHaveAttribute(
      "href",
      "/online-notepad/",
    );

    expect(await metaContent(page, "name", "description")).toBeTruthy();
    expect(await metaContent(page, "name", "keywords")).toContain("online text editor");
    expect(await metaContent(page, "property", "og:type")).toBe("article");
    expect(await metaContent(page, "property", "og:image")).toBe(
      `${ORIGIN}/images/generated/blog/${ARTICLE}.webp`,
    );
    const crumbsLd = ofType(await readJsonLd(page), "BreadcrumbList");
    expect((crumbsLd.itemListElement as unknown[]).length).toBe(3);
  });

  test("every article has its own title and description, and a readable line length", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const titles = new Set<string>();
    for (const slug of BLOG_SLUGS) {
      await page.goto(`/blog/${slug}/`);
      const title = await page.title();
      expect(title).toMatch(/ \| Plainpad$/);
      titles.add(title);
      // Characters per line of the longest paragraph: at most about 70 (readable line length).
      const perLine = await page.locator(".prose-content p").evaluateAll((paragraphs) => {
        const longest = paragraphs.reduce((a, b) =>
          (b.textContent ?? "").length > (a.textContent ?? "").length ? b : a,
        );
        const lineHeight = Number.parseFloat(getComputedStyle(longest).lineHeight);
        const lines = Math.round(longest.getBoundingClientRect().height / lineHeight);
        return (longest.textContent ?? "").length / lines;
      });
      expect(perLine, `${slug} characters per line`).toBeLessThanOrEqual(75);
    }
    expect(titles.size).toBe(BLOG_SLUGS.length);
  });

  test("an unknown article answers 404", async ({ request }) => {
    expect((await request.get("/blog/no-such-article/")).status()).toBe(404);
  });
});

for (const theme of ["light", "dark"] as const) {
  test(`blog pages have no serious accessibility violations (${theme})`, async ({ page }) => {
    await useStoredTheme(page, theme);
    for (const path of ["/blog/", `/blog/${ARTICLE}/`, "/blog/keyboard-shortcuts-writers/"]) {
      await page.goto(path);
      await waitForHydration(page);
      await expectNoSeriousA11yViolations(page, `${path} ${theme}`);
    }
  });
}
