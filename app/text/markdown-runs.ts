import type { Token } from "marked";

/**
 * Marked's inline tokens as styled runs of text (bold, italic, code, struck, link), for layouts
 * that draw text themselves (the formatted PDF). Pure.
 */

/** The face a run is drawn in. */
export type FontStyle = "regular" | "bold" | "italic" | "boldItalic" | "mono";

/** Text in one face, maybe a link or struck through. */
export interface Run {
  text: string;
  style: FontStyle;
  link?: boolean;
  strike?: boolean;
}

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
};

/** Decodes the character references marked leaves in text ("&amp;", "&#39;", "&#x2014;"). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code =
        name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** `base` with bold or italic added (code stays code). */
function styled(base: FontStyle, add: "bold" | "italic"): FontStyle {
  if (base === "mono") return base;
  if (add === "bold") return base === "italic" || base === "boldItalic" ? "boldItalic" : "bold";
  return base === "bold" || base === "boldItalic" ? "boldItalic" : "italic";
}

/** The inline tokens of a block as styled runs; raw HTML gives its text only. */
export function inlineRuns(
  tokens: readonly Token[] | undefined,
  style: FontStyle,
  extra: Partial<Run> = {},
): Run[] {
  const runs: Run[] = [];
  for (const token of tokens ?? []) {
    switch (token.type) {
      case "strong":
        runs.push(...inlineRuns(token.tokens, styled(style, "bold"), extra));
        break;
      case "em":
        runs.push(...inlineRuns(token.tokens, styled(style, "italic"), extra));
        break;
      case "del":
        runs.push(...inlineRuns(token.tokens, style, { ...extra, strike: true }));
        break;
      case "link":
        runs.push(...inlineRuns(token.tokens, style, { ...extra, link: true }));
        break;
      case "codespan":
        runs.push({ ...extra, text: decodeEntities(token.text), style: "mono" });
        break;
      case "image":
        runs.push({
          ...extra,
          text: `[image: ${token.text || token.href}]`,
          style: styled(style, "italic"),
        });
        break;
      case "br":
        runs.push({ text: "\n", style });
        break;
      case "html":
        // Raw HTML prints as its text: no tag of it means anything in a PDF.
        runs.push({ ...extra, text: decodeEntities(token.text.replace(/<[^>]*>/g, "")), style });
        break;
      default: {
        const nested = (token as { tokens?: Token[] }).tokens;
        if (nested?.length) runs.push(...inlineRuns(nested, style, extra));
        else if ("text" in token)
          runs.push({ ...extra, text: decodeEntities(String(token.text)), style });
      }
    }
  }
  return runs;
}
