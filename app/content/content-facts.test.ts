import { describe, expect, it } from "vitest";
import { LIVE_LIMITS } from "@plainpad/wire";
import { EXPORT_FORMATS } from "~/text/export-formats";
import { LANGUAGES } from "~/text/languages";
import { CONTENT_FACTS, fillContentFacts, UnknownContentFactError } from "./content-facts";

describe("fillContentFacts", () => {
  it("fills each {{name}} from the product's tables", () => {
    const text = fillContentFacts(
      "There are {{highlightedLanguages}} languages and {{ exportFormats }} formats.",
      "a.md",
    );
    // Plain text is in the language table but is not highlighted.
    expect(text).toBe(
      `There are ${LANGUAGES.length - 1} languages and ${EXPORT_FORMATS.length} formats.`,
    );
    expect(Number(CONTENT_FACTS.highlightedLanguages)).toBeGreaterThan(0);
  });

  it("fills the live collaboration limits from the limits the relay enforces", () => {
    const text = fillContentFacts(
      "Up to {{liveDocumentMegabytes}} MB, kept {{liveRoomIdleDays}} days.",
      "a.md",
    );
    expect(text).toBe(
      `Up to ${LIVE_LIMITS.maxDocumentBytes / 2 ** 20} MB, kept ${LIVE_LIMITS.idleRoomDays} days.`,
    );
    expect(text).toBe("Up to 10 MB, kept 30 days.");
  });

  it("stops the build on an unknown fact, naming the file", () => {
    expect(() => fillContentFacts("{{languageCount}}", "content/blog/x.md")).toThrow(
      UnknownContentFactError,
    );
    expect(() => fillContentFacts("{{languageCount}}", "content/blog/x.md")).toThrow(
      /content\/blog\/x\.md: \{\{languageCount\}\}/,
    );
  });

  it("leaves text without placeholders alone", () => {
    const text = "Code `{ a: 1 }` and {single} braces stay.";
    expect(fillContentFacts(text, "a.md")).toBe(text);
  });
});
