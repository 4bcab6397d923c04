import { describe, expect, it } from "vitest";
import {
  allPagePaths,
  BLOG_SLUGS,
  prerenderPaths,
  sitemapPaths,
  STATIC_PAGES,
  TUTORIAL_SLUGS,
} from "./pages";
import { buildRobots, buildSitemap } from "./sitemap";

describe("sitemap", () => {
  it("lists every indexable page once, each with a trailing slash", () => {
    const all = allPagePaths();
    expect(all).toHaveLength(STATIC_PAGES.length + BLOG_SLUGS.length + TUTORIAL_SLUGS.length);
    expect(new Set(all).size).toBe(all.length);
    for (const path of all) expect(path).toMatch(/^\/([a-z0-9-]+\/)*$/);
    const paths = sitemapPaths();
    expect(paths).toHaveLength(all.length - STATIC_PAGES.filter((page) => page.noindex).length);
    const xml = buildSitemap("2026-01-01");
    expect(xml).toContain("<loc>https://plainpad.app/blog/keyboard-shortcuts-writers/</loc>");
    expect(xml.match(/<url>/g)).toHaveLength(paths.length);
  });

  it("leaves out the share-link page, which is still prerendered", () => {
    expect(allPagePaths()).toContain("/s/");
    expect(sitemapPaths()).not.toContain("/s/");
    expect(buildSitemap("2026-01-01")).not.toContain("/s/");
    expect(prerenderPaths()).toContain("/s");
  });

  it("robots.txt points at the sitemap", () => {
    expect(buildRobots()).toContain("Sitemap: https://plainpad.app/sitemap.xml");
  });
});
