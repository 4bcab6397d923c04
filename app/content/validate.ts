/**
 * Front-matter validation for content files (schema: briefs/content-schema.md). Pure: takes the
 * parsed front matter, returns clean values or a ContentError listing every problem with the
 * file name, so a bad file fails the build with a message that says what to fix.
 */
import {
  BLOG_CATEGORIES,
  DIFFICULTIES,
  TUTORIAL_CATEGORIES,
  type BlogCategory,
  type Difficulty,
  type TutorialCategory,
} from "./types";

/** A content file that does not follow the schema. `problems` lists each issue. */
export class ContentError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`${file} does not follow the content schema:\n  - ${problems.join("\n  - ")}`);
    this.name = "ContentError";
  }
}

/** Blog front matter after validation. */
export interface BlogFrontMatter {
  title: string;
  excerpt: string;
  slug: string;
  author: string;
  publishDate: string;
  tags: string[];
  category: BlogCategory;
  featured: boolean;
  featuredImageAlt: string;
  seoKeywords?: string;
  relatedPosts: string[];
}

/** Tutorial front matter after validation. */
export interface TutorialFrontMatter {
  title: string;
  description: string;
  slug: string;
  duration: number;
  difficulty: Difficulty;
  category: TutorialCategory;
  featured: boolean;
  featuredImageAlt: string;
}

/** Result of a validation: the value plus soft warnings (length guidelines). */
export interface Validated<T> {
  value: T;
  warnings: string[];
}

type Record_ = Record<string, unknown>;

class Checker {
  readonly problems: string[] = [];
  readonly warnings: string[] = [];
  constructor(private readonly data: Record_) {}

  string(key: string, maxLength?: number): string {
    const value = this.data[key];
    if (typeof value !== "string" || value.trim() === "") {
      this.problems.push(`"${key}" must be a non-empty string`);
      return "";
    }
    if (maxLength !== undefined && value.length > maxLength) {
      // Length limits are editorial guidelines: warn, do not fail the build.
      this.warnings.push(`"${key}" is ${value.length} characters (guideline: at most ${maxLength})`);
    }
    return value.trim();
  }

  optionalString(key: string): string | undefined {
    const value = this.data[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== "string") {
      this.problems.push(`"${key}" must be a string when present`);
      return undefined;
    }
    return value.trim() || undefined;
  }

  boolean(key: string): boolean {
    const value = this.data[key];
    if (value === undefined) return false;
    if (typeof value !== "boolean") {
      this.problems.push(`"${key}" must be true or false`);
      return false;
    }
    return value;
  }

  oneOf<T extends string>(key: string, allowed: readonly T[]): T {
    const value = this.data[key];
    if (typeof value !== "string" || !(allowed as readonly string[]).includes(value)) {
      this.problems.push(`"${key}" must be one of ${allowed.map((a) => `"${a}"`).join(", ")} (got ${JSON.stringify(value)})`);
      return allowed[0];
    }
    return value as T;
  }

  stringList(key: string, min: number, max: number, required: boolean): string[] {
    const value = this.data[key];
    if (value === undefined && !required) return [];
    if (!Array.isArray(value) || value.some((item) => typeof item !== "string" || !item.trim())) {
      this.problems.push(`"${key}" must be a list of non-empty strings`);
      return [];
    }
    if (value.length < min || value.length > max) {
      this.problems.push(`"${key}" must have ${min}–${max} entries (has ${value.length})`);
    }
    return (value as string[]).map((item) => item.trim());
  }

  isoDate(key: string): string {
    const value = this.data[key];
    // YAML reads an unquoted 2025-10-28 as a Date at midnight UTC; a quoted one stays a string.
    let iso = "";
    if (value instanceof Date && !Number.isNaN(value.getTime())) iso = value.toISOString().slice(0, 10);
    else if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value.trim())) {
      const parsed = new Date(`${value.trim()}T00:00:00Z`);
      if (!Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value.trim())) iso = value.trim();
    }
    if (!iso) this.problems.push(`"${key}" must be an ISO date such as 2025-10-28 (got ${JSON.stringify(value)})`);
    return iso;
  }
}

function asRecord(data: unknown, file: string): Record_ {
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    throw new ContentError(file, ["the file has no YAML front matter"]);
  }
  return data as Record_;
}

/**
 * Validates a blog article's front matter. `expectedSlug` is the file name without `.md`;
 * `knownSlugs` are all article slugs (relatedPosts must name other existing articles).
 */
export function validateBlogFrontMatter(
  data: unknown,
  file: string,
  expectedSlug: string,
  knownSlugs: readonly string[],
): Validated<BlogFrontMatter> {
  const check = new Checker(asRecord(data, file));
  const slug = check.string("slug");
  if (slug && slug !== expectedSlug) check.problems.push(`"slug" is "${slug}" but the file is named ${expectedSlug}.md`);
  const relatedPosts = check.stringList("relatedPosts", 0, 3, false);
  for (const related of relatedPosts) {
    if (related === expectedSlug) check.problems.push(`"relatedPosts" lists the article itself`);
    else if (!knownSlugs.includes(related)) check.problems.push(`"relatedPosts" names an unknown article "${related}"`);
  }
  const value: BlogFrontMatter = {
    title: check.string("title", 70),
    excerpt: check.string("excerpt", 200),
    slug: expectedSlug,
    author: check.string("author"),
    publishDate: check.isoDate("publishDate"),
    tags: check.stringList("tags", 1, 8, true),
    category: check.oneOf("category", BLOG_CATEGORIES),
    featured: check.boolean("featured"),
    featuredImageAlt: check.string("featuredImageAlt"),
    seoKeywords: check.optionalString("seoKeywords"),
    relatedPosts,
  };
  if (check.problems.length) throw new ContentError(file, check.problems);
  return { value, warnings: check.warnings };
}

/** Validates a tutorial's front matter; `expectedSlug` is the file name without `.md`. */
export function validateTutorialFrontMatter(
  data: unknown,
  file: string,
  expectedSlug: string,
): Validated<TutorialFrontMatter> {
  const record = asRecord(data, file);
  const check = new Checker(record);
  const slug = check.string("slug");
  if (slug && slug !== expectedSlug) check.problems.push(`"slug" is "${slug}" but the file is named ${expectedSlug}.md`);
  const duration = record.duration;
  if (typeof duration !== "number" || !Number.isInteger(duration) || duration < 1 || duration > 120) {
    check.problems.push(`"duration" must be a whole number of minutes (got ${JSON.stringify(duration)})`);
  }
  const value: TutorialFrontMatter = {
    title: check.string("title", 70),
    description: check.string("description", 200),
    slug: expectedSlug,
    duration: typeof duration === "number" ? duration : 0,
    difficulty: check.oneOf("difficulty", DIFFICULTIES),
    category: check.oneOf("category", TUTORIAL_CATEGORIES),
    featured: check.boolean("featured"),
    featuredImageAlt: check.string("featuredImageAlt"),
  };
  if (check.problems.length) throw new ContentError(file, check.problems);
  return { value, warnings: check.warnings };
}
