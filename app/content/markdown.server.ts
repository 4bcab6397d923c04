/**
 * Markdown to HTML at build time (gray-matter + marked). Only route loaders import this module,
 * so the content pages ship no Markdown code (the editors' preview loads its own marked, in a
 * worker, when a Markdown document is previewed).
 */
import matter from "gray-matter";
import { slugifyHeading } from "~/text/heading-slug";
import { Marked, type Token, type Tokens, type TokensList } from "marked";
import type { TutorialStep } from "./types";

/** A markdown file split into its front matter and body. */
export interface ParsedMarkdownFile {
  data: Record<string, unknown>;
  body: string;
}

/** Splits a markdown source into front matter (YAML) and body. */
export function parseFrontMatter(source: string): ParsedMarkdownFile {
  // gray-matter caches by input string and returns shared objects; copy to stay side-effect free.
  const parsed = matter(source);
  return { data: { ...(parsed.data as Record<string, unknown>) }, body: parsed.content };
}

export { slugifyHeading };

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: " " };

/** Visible text of an HTML fragment (tags removed, common entities decoded, spaces collapsed). */
export function htmlToText(html: string): string {
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? "")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * A marked instance whose headings carry unique ids (so sections can be linked) and whose
 * level-1 headings become level 2: the page title is the only h1. Code blocks and tables
 * can scroll sideways on a phone, so they take keyboard focus (tabindex) to be scrollable without a mouse.
 */
function createMarked(): Marked {
  const usedIds = new Set<string>();
  const marked = new Marked({ gfm: true });
  marked.use({
    renderer: {
      heading({ tokens, depth, text }: Tokens.Heading) {
        const level = Math.max(2, depth);
        let id = slugifyHeading(text);
        for (let n = 2; usedIds.has(id); n += 1) id = `${slugifyHeading(text)}-${n}`;
        usedIds.add(id);
        return `<h${level} id="${id}">${this.parser.parseInline(tokens)}</h${level}>\n`;
      },
    },
    hooks: {
      postprocess: (html: string) =>
        html.replaceAll("<pre>", '<pre tabindex="0">').replaceAll("<table>", '<table tabindex="0">'),
    },
  });
  return marked;
}

/** Renders a markdown body (GFM, inline HTML allowed: the content is our own) to HTML. */
export function renderMarkdown(body: string): string {
  return createMarked().parse(body, { async: false });
}

const STEP_HEADING = /^Step\s+(\d+)\s*[:.–—-]\s*(.+)$/i;

/** A tutorial body split into the intro, the numbered steps, and what follows them. */
export interface TutorialBody {
  introHtml: string;
  steps: TutorialStep[];
  outroHtml: string;
}

/**
 * Splits a tutorial body at its `## Step N: Title` headings. Text before the first step is the
 * intro; everything from the first non-step `##` heading after the steps is the outro.
 */
export function renderTutorialBody(body: string): TutorialBody {
  const marked = createMarked();
  const tokens = marked.lexer(body);
  const render = (group: Token[]): string => {
    const list = Object.assign([...group], { links: tokens.links }) as TokensList;
    return marked.parser(list);
  };
  const intro: Token[] = [];
  const outro: Token[] = [];
  const stepGroups: { number: number; title: string; tokens: Token[] }[] = [];
  let phase: "intro" | "steps" | "outro" = "intro";
  for (const token of tokens) {
    const match = token.type === "heading" && (token as Tokens.Heading).depth === 2
      ? STEP_HEADING.exec((token as Tokens.Heading).text.trim())
      : null;
    if (match && phase !== "outro") {
      phase = "steps";
      stepGroups.push({ number: Number(match[1]), title: match[2].trim(), tokens: [] });
      continue;
    }
    if (phase === "steps" && token.type === "heading" && (token as Tokens.Heading).depth === 2) phase = "outro";
    if (phase === "intro") intro.push(token);
    else if (phase === "steps") stepGroups[stepGroups.length - 1].tokens.push(token);
    else outro.push(token);
  }
  const steps = stepGroups.map((group, index): TutorialStep => {
    const firstParagraph = group.tokens.find((token) => token.type === "paragraph");
    return {
      // Number by position so a typo in the file cannot produce two "Step 3" sections.
      number: index + 1,
      title: htmlToText(marked.parseInline(group.title, { async: false })),
      id: `step-${index + 1}`,
      html: render(group.tokens),
      summary: firstParagraph ? htmlToText(render([firstParagraph])) : htmlToText(group.title),
    };
  });
  return { introHtml: render(intro), steps, outroHtml: render(outro) };
}
