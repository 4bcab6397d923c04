import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BLOG_SLUGS, TUTORIAL_SLUGS } from "./slugs";

async function freshModule() {
  vi.resetModules();
  return import("./content.server");
}

afterEach(() => {
  delete process.env.PLAINPAD_CONTENT_DIR;
});

describe("the project's content files", () => {
  it("every article loads, validates and renders", async () => {
    const content = await freshModule();
    const posts = content.listBlogPosts();
    expect(posts.map((post) => post.slug)).toEqual([...BLOG_SLUGS]);
    expect(posts.filter((post) => post.featured).map((post) => post.slug)).toEqual(["ultimate-guide-online-text-editing"]);
    for (const slug of BLOG_SLUGS) {
      const post = content.getBlogPost(slug);
      expect(post.html).toContain("<p>");
      expect(post.html).not.toContain("<h1");
      // Every {{fact}} was filled from the product (content-facts.ts).
      expect(post.html).not.toContain("{{");
      expect(post.readTime).toMatch(/^\d+ min read$/);
      expect(post.related.length).toBe(post.relatedSlugs.length);
    }
  });

  it("every tutorial loads with numbered steps; featured first", async () => {
    const content = await freshModule();
    const tutorials = content.listTutorials();
    expect(tutorials).toHaveLength(TUTORIAL_SLUGS.length);
    expect(tutorials[0].slug).toBe("getting-started-text-editor");
    for (const slug of TUTORIAL_SLUGS) {
      const tutorial = content.getTutorial(slug);
      expect(tutorial.stepCount).toBeGreaterThan(0);
      const html = [tutorial.introHtml, ...tutorial.steps.map((step) => step.html), tutorial.outroHtml];
      expect(html.join("")).not.toContain("{{");
      expect(tutorial.steps.map((step) => step.number)).toEqual(tutorial.steps.map((_, index) => index + 1));
    }
  });
});

describe("content.server with a fixture folder", () => {
  it("reads the fixture article and computes its read time", async () => {
    process.env.PLAINPAD_CONTENT_DIR = path.join(__dirname, "__fixtures__");
    const content = await freshModule();
    const post = content.getBlogPost("keyboard-shortcuts-writers");
    expect(post.title).toBe("Keyboard Shortcuts Every Writer Should Know");
    expect(post.readTime).toBe("1 min read");
    expect(post.keywords).toBe("Shortcuts, Productivity, Tips");
    expect(post.related).toEqual([
      {
        slug: "ultimate-guide-online-text-editing",
        title: "The Ultimate Guide to Online Text Editing",
        excerpt: "A second fixture article, related to the first.",
      },
    ]);
    // A quoted date stays a string in YAML and is accepted as well.
    expect(content.getBlogPost("ultimate-guide-online-text-editing").publishDate).toBe("2025-10-28");
  });

  it("stops the build with the file name when a content file is missing", async () => {
    process.env.PLAINPAD_CONTENT_DIR = path.join(__dirname, "__fixtures__");
    const content = await freshModule();
    expect(() => content.getBlogPost("writing-tips-for-students")).toThrow(
      /__fixtures__\/blog\/writing-tips-for-students\.md is missing/,
    );
  });
});
