import { describe, expect, it } from "vitest";
import { allPagePaths, BLOG_SLUGS, STATIC_PAGES, TUTORIAL_SLUGS } from "./pages";
import { buildRobots, buildSitemap } from "./sitemap";

describe("sitemap", () => {
  it("lists every page once, each with a trailing slash", () => {
    const paths = allPagePaths();
    expect(paths).toHaveLength(STATIC_PAGES.length + BLOG_SLUGS.length + TUTORIAL_SLUGS.length);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path).toMatch(/^\/([a-z0-9-]+\/)*$/);
    const xml = buildSitemap("2026-01-01");
    expect(xml).toContain("<loc>https://plainpad.app/blog/keyboard-shortcuts-writers/</loc>");
    expect(xml.match(/<url>/g)).toHaveLength(paths.length);
  });

  it("robots.txt points at the sitemap", () => {
    expect(buildRobots()).toContain("Sitemap: https://plainpad.app/sitemap.xml");
  });
});
