/**
 * Build-time access to the written content: lists, reads and validates content/blog/*.md and
 * content/tutorials/*.md, rendering their markdown to HTML. Imported only by route loaders,
 * which run in Node while the site is prerendered.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { BLOG_SLUGS, TUTORIAL_SLUGS } from "./slugs";
import { htmlToText, parseFrontMatter, renderMarkdown, renderTutorialBody } from "./markdown.server";
import { fillContentFacts } from "./content-facts";
import { countWords, readTimeLabel } from "./read-time";
import {
  blogImagePath,
  tutorialImagePath,
  type BlogPost,
  type BlogPostMeta,
  type Tutorial,
  type TutorialMeta,
} from "./types";
import { validateBlogFrontMatter, validateTutorialFrontMatter } from "./validate";

/** The content folder: `content/` of the project, or PLAINPAD_CONTENT_DIR (tests, fixtures). */
export function contentDir(): string {
  return process.env.PLAINPAD_CONTENT_DIR ?? path.resolve(process.cwd(), "content");
}

function relativeName(file: string): string {
  return path.relative(process.cwd(), file) || file;
}

const warned = new Set<string>();
function warnOnce(message: string): void {
  if (warned.has(message)) return;
  warned.add(message);
  console.warn(`content: ${message}`);
}

/** Thrown when a page's content file is missing: the build stops with the file's name. */
export class MissingContentError extends Error {
  constructor(readonly file: string) {
    super(`${file} is missing: every slug in app/content/slugs.ts needs its content file`);
    this.name = "MissingContentError";
  }
}

function readSource(kind: "blog" | "tutorials", slug: string): { file: string; source: string } {
  const file = path.join(contentDir(), kind, `${slug}.md`);
  if (!existsSync(file)) throw new MissingContentError(relativeName(file));
  return { file: relativeName(file), source: readFileSync(file, "utf8") };
}

const blogCache = new Map<string, BlogPost>();

/** Reads, validates and renders one article (cached for the build). */
function loadBlogPost(slug: string): BlogPost {
  const cached = blogCache.get(slug);
  if (cached) return cached;
  const read = readSource("blog", slug);
  const { data, body } = parseFrontMatter(read.source);
  const { value, warnings } = validateBlogFrontMatter(data, read.file, slug, BLOG_SLUGS);
  for (const warning of warnings) warnOnce(`${read.file}: ${warning}`);
  const html = renderMarkdown(fillContentFacts(body, read.file));
  const wordCount = countWords(htmlToText(html));
  const post: BlogPost = {
    slug,
    title: value.title,
    excerpt: value.excerpt,
    author: value.author,
    publishDate: value.publishDate,
    tags: value.tags,
    category: value.category,
    featured: value.featured,
    featuredImage: blogImagePath(slug),
    featuredImageAlt: value.featuredImageAlt,
    keywords: value.seoKeywords ?? value.tags.join(", "),
    relatedSlugs: value.relatedPosts,
    wordCount,
    readTime: readTimeLabel(wordCount),
    html,
    related: [],
  };
  blogCache.set(slug, post);
  return post;
}

function metaOf(post: BlogPost): BlogPostMeta {
  const { html: _html, related: _related, ...meta } = post;
  return meta;
}

/** Every article, in BLOG_SLUGS order (the blog index order), without bodies. */
export function listBlogPosts(): BlogPostMeta[] {
  return BLOG_SLUGS.map(loadBlogPost).map(metaOf);
}

/** One article with its body and related posts. */
export function getBlogPost(slug: string): BlogPost {
  const post = loadBlogPost(slug);
  const related = post.relatedSlugs
    .map(loadBlogPost)
    .map((other) => ({ slug: other.slug, title: other.title, excerpt: other.excerpt }));
  return { ...post, related };
}

const tutorialCache = new Map<string, Tutorial>();

function loadTutorial(slug: string): Tutorial {
  const cached = tutorialCache.get(slug);
  if (cached) return cached;
  const read = readSource("tutorials", slug);
  const { data, body } = parseFrontMatter(read.source);
  const { value, warnings } = validateTutorialFrontMatter(data, read.file, slug);
  for (const warning of warnings) warnOnce(`${read.file}: ${warning}`);
  const rendered = renderTutorialBody(fillContentFacts(body, read.file));
  if (rendered.steps.length === 0) {
    throw new Error(`${read.file} has no "## Step 1: ..." sections; a tutorial needs numbered steps`);
  }
  const tutorial: Tutorial = {
    ...value,
    featuredImage: tutorialImagePath(slug),
    stepCount: rendered.steps.length,
    ...rendered,
  };
  tutorialCache.set(slug, tutorial);
  return tutorial;
}

/** Every tutorial, featured first, otherwise in TUTORIAL_SLUGS order; no bodies. */
export function listTutorials(): TutorialMeta[] {
  const all = TUTORIAL_SLUGS.map(loadTutorial);
  const sorted = [...all.filter((t) => t.featured), ...all.filter((t) => !t.featured)];
  return sorted.map(({ introHtml: _i, steps: _s, outroHtml: _o, ...meta }) => meta);
}

/** One tutorial with its rendered body. */
export function getTutorial(slug: string): Tutorial {
  return loadTutorial(slug);
}
