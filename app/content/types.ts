/**
 * Shapes of the site's written content (content/blog, content/tutorials) after validation.
 * Pure types and constants: safe to import from route components that ship to the browser.
 */

/** Blog categories, in the order the blog index lists them. */
export const BLOG_CATEGORIES = [
  "Guides",
  "Writing Tips",
  "Productivity",
  "Tools & Features",
  "Comparisons",
] as const;
/** One of BLOG_CATEGORIES. */
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

/** Tutorial categories, in display order. */
export const TUTORIAL_CATEGORIES = ["Basics", "Productivity", "Integrations", "Customization"] as const;
/** One of TUTORIAL_CATEGORIES. */
export type TutorialCategory = (typeof TUTORIAL_CATEGORIES)[number];

/** Tutorial difficulty levels, easiest first. */
export const DIFFICULTIES = ["Beginner", "Intermediate", "Advanced"] as const;
/** One of DIFFICULTIES. */
export type Difficulty = (typeof DIFFICULTIES)[number];

/** A blog article's metadata (front matter plus derived fields), without its body. */
export interface BlogPostMeta {
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  /** ISO date, YYYY-MM-DD. */
  publishDate: string;
  tags: string[];
  category: BlogCategory;
  featured: boolean;
  /** Site-relative path of the 1200x675 WebP image. */
  featuredImage: string;
  featuredImageAlt: string;
  /** Meta keywords: the file's seoKeywords, or the tags joined. */
  keywords: string;
  relatedSlugs: string[];
  wordCount: number;
  /** e.g. "7 min read". */
  readTime: string;
}

/** A related article as the article page shows it. */
export interface RelatedPost {
  slug: string;
  title: string;
  excerpt: string;
}

/** A full blog article: metadata, rendered HTML body and resolved related posts. */
export interface BlogPost extends BlogPostMeta {
  html: string;
  related: RelatedPost[];
}

/** A tutorial's metadata (front matter plus derived fields), without its body. */
export interface TutorialMeta {
  slug: string;
  title: string;
  description: string;
  /** Minutes. */
  duration: number;
  difficulty: Difficulty;
  category: TutorialCategory;
  featured: boolean;
  /** Site-relative path of the WebP hero image. */
  featuredImage: string;
  featuredImageAlt: string;
  /** Number of `## Step N:` sections. */
  stepCount: number;
}

/** One numbered step section of a tutorial. */
export interface TutorialStep {
  number: number;
  /** Heading text after "Step N:". */
  title: string;
  /** Anchor id, "step-N". */
  id: string;
  /** The section's HTML without its heading. */
  html: string;
  /** The section's first paragraph as plain text (for HowTo structured data). */
  summary: string;
}

/** A full tutorial: metadata plus its body split into intro, steps and closing sections. */
export interface Tutorial extends TutorialMeta {
  introHtml: string;
  steps: TutorialStep[];
  /** Everything after the last step (e.g. "Next steps", "Troubleshooting"). */
  outroHtml: string;
}

/** Derived image path of a blog article. */
export function blogImagePath(slug: string): string {
  return `/images/generated/blog/${slug}.webp`;
}

/** Derived image path of a tutorial. */
export function tutorialImagePath(slug: string): string {
  return `/images/generated/tutorials/${slug}.webp`;
}

/** Pixel size of generated blog images (spec: structured article image 1200x675). */
export const BLOG_IMAGE_SIZE = { width: 1200, height: 675 } as const;
/** Pixel size of generated tutorial hero images. */
export const TUTORIAL_IMAGE_SIZE = { width: 960, height: 540 } as const;
