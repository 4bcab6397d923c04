import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BLOG_SLUGS } from "./slugs";
import { parseFrontMatter, renderMarkdown, renderTutorialBody } from "./markdown.server";
import { ContentError, validateBlogFrontMatter, validateTutorialFrontMatter } from "./validate";

const fixtures = path.join(__dirname, "__fixtures__");
const blogFixture = readFileSync(path.join(fixtures, "blog", "keyboard-shortcuts-writers.md"), "utf8");
const tutorialFixture = readFileSync(
  path.join(fixtures, "tutorials", "getting-started-text-editor.md"),
  "utf8",
);

describe("validateBlogFrontMatter", () => {
  it("accepts a valid article and normalises the date to YYYY-MM-DD", () => {
    const { data } = parseFrontMatter(blogFixture);
    const { value, warnings } = validateBlogFrontMatter(data, "x.md", "keyboard-shortcuts-writers", BLOG_SLUGS);
    expect(value.publishDate).toBe("2025-01-15");
    expect(value.category).toBe("Productivity");
    expect(value.relatedPosts).toEqual(["ultimate-guide-online-text-editing"]);
    expect(value.seoKeywords).toBeUndefined();
    expect(warnings).toEqual([]);
  });

  it("lists every problem with the file name", () => {
    const bad = {
      title: "",
      excerpt: "ok",
      slug: "other-slug",
      author: "Plainpad Team",
      publishDate: "October 2025",
      tags: "one",
      category: "News",
      featuredImageAlt: "x",
      relatedPosts: ["no-such-article"],
    };
    let error: unknown;
    try {
      validateBlogFrontMatter(bad, "content/blog/my-post.md", "my-post", BLOG_SLUGS);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ContentError);
    const message = (error as ContentError).message;
    expect(message).toContain("content/blog/my-post.md");
    expect(message).toContain('"title" must be a non-empty string');
    expect(message).toContain('"slug" is "other-slug" but the file is named my-post.md');
    expect(message).toContain('"publishDate" must be an ISO date');
    expect(message).toContain('"tags" must be a list');
    expect(message).toContain('"category" must be one of');
    expect(message).toContain('unknown article "no-such-article"');
  });

  it("warns (without failing) when the title is longer than 70 characters", () => {
    const { data } = parseFrontMatter(blogFixture);
    const { warnings } = validateBlogFrontMatter(
      { ...data, title: "x".repeat(75) },
      "x.md",
      "keyboard-shortcuts-writers",
      BLOG_SLUGS,
    );
    expect(warnings).toEqual(['"title" is 75 characters (guideline: at most 70)']);
  });

  it("rejects a file without front matter", () => {
    expect(() => validateBlogFrontMatter(undefined, "a.md", "a", BLOG_SLUGS)).toThrow(/no YAML front matter/);
  });
});

describe("validateTutorialFrontMatter", () => {
  it("accepts a valid tutorial", () => {
    const { data } = parseFrontMatter(tutorialFixture);
    const { value } = validateTutorialFrontMatter(data, "t.md", "getting-started-text-editor");
    expect(value).toMatchObject({ duration: 5, difficulty: "Beginner", category: "Basics", featured: true });
  });

  it("rejects an unknown difficulty and a non-numeric duration", () => {
    const { data } = parseFrontMatter(tutorialFixture);
    expect(() =>
      validateTutorialFrontMatter({ ...data, difficulty: "Expert", duration: "5 min" }, "t.md", "getting-started-text-editor"),
    ).toThrow(/"duration" must be a whole number[\s\S]*"difficulty" must be one of/);
  });
});

describe("markdown rendering", () => {
  it("gives headings unique ids, demotes h1 and keeps inline HTML and tables", () => {
    const html = renderMarkdown(parseFrontMatter(blogFixture).body);
    expect(html).not.toContain("<h1");
    expect(html).toContain('<h2 id="a-stray-level-one-heading">');
    expect(html).toContain('<h2 id="bold-and-italic">');
    expect(html).toContain('<h2 id="bold-and-italic-2">');
    expect(html).toContain("<kbd>Ctrl</kbd>");
    // Scrollable on a phone, so reachable by keyboard.
    expect(html).toContain('<table tabindex="0">');
  });

  it("makes code blocks keyboard-scrollable", () => {
    expect(renderMarkdown("```\nconst a = 1;\n```")).toContain('<pre tabindex="0"><code>');
  });

  it("splits a tutorial into intro, numbered steps and outro", () => {
    const body = renderTutorialBody(parseFrontMatter(tutorialFixture).body);
    expect(body.introHtml).toContain("A short intro.");
    expect(body.steps.map((step) => [step.number, step.id, step.title])).toEqual([
      [1, "step-1", "Open the editor"],
      [2, "step-2", "Rename your file"],
    ]);
    expect(body.steps[0].html).toContain('<a href="/editor/">the editor</a>');
    expect(body.steps[0].html).not.toContain("Step 1");
    expect(body.steps[0].summary).toBe("Go to the editor and start typing.");
    expect(body.outroHtml).toContain('id="next-steps"');
    expect(body.outroHtml).toContain("/tutorials/");
  });
});
