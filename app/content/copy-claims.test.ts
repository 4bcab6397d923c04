import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Sentences the site once printed about features it has since gained (issue 43, section 3).
 * Each pattern is a claim that is false today; a page that brings one back fails here, with the
 * file named, before a reader finds it. Whitespace is collapsed first, so a sentence wrapped
 * across JSX lines still matches.
 */
const FALSE_CLAIMS: readonly { claim: string; pattern: RegExp }[] = [
  {
    claim: "Plainpad has no sharing (it has share links: docs/decisions/009)",
    pattern: /no (built-in )?sharing|no sharing or|collaboration (or|and) sharing|no [a-z ,…]*links to send/i,
  },
  {
    claim: "Plainpad has no version history (decision 010)",
    pattern: /no version history|version history beyond undo|not a version history|"Undo only"/i,
  },
  {
    claim: "A file in another encoding is read as Windows-1252 (the regional ones are detected)",
    pattern: /read as Windows-1252/i,
  },
  {
    claim: "The editor knows only UTF-8, UTF-16 and Windows-1252",
    pattern: /\(UTF-8, UTF-16 or Windows-1252\)/i,
  },
  {
    claim: "Every export shows the text as written (a Markdown PDF or page can be formatted)",
    pattern: /exports? (carry no formatting|show your text as written)/i,
  },
  {
    claim: "The editor's names always end in .txt (an opened file keeps its extension)",
    pattern: /(name|names) always ends? in `?\.txt/i,
  },
  {
    claim: "The notepad has a second stats bar (one status bar: Lines, Words, Chars)",
    pattern: /View > Stats|stats bar/i,
  },
  {
    claim: "Drive is only manual Open/Save: notes cannot follow you (tabs sync with Drive: issue 45)",
    pattern:
      /notes (saved in one browser )?do not (follow you|appear in another)|Plainpad doesn't merge edits|Drive is (only )?(two )?manual/i,
  },
  {
    claim: "Sync now is Ctrl/Cmd+Shift+S (that is Save As; Sync now is Ctrl/Cmd+Alt+S or F9: decision 025)",
    pattern: /(Shift\+S|Shift<\/kbd>\+<kbd>S<\/kbd>)[^.]{0,40}(manual sync|sync now)/i,
  },
];

const ROOT = process.cwd();

/** Every file the site's visible copy comes from. */
function copySources(): string[] {
  const dirs = [
    "content/blog",
    "content/tutorials",
    "app/site/marketing/content",
    "app/site/company",
    "app/site/faq",
    "app/routes",
  ];
  const files = dirs.flatMap((dir) =>
    readdirSync(path.join(ROOT, dir))
      .filter((name) => /\.(md|ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name))
      .map((name) => path.join(dir, name)),
  );
  return ["content/faq.ts", ...files];
}

describe("the site's copy", () => {
  it("reads every source of visible text", () => {
    const sources = copySources();
    expect(sources).toContain("content/faq.ts");
    expect(sources.filter((file) => file.endsWith(".md")).length).toBeGreaterThan(10);
  });

  for (const { claim, pattern } of FALSE_CLAIMS) {
    it(`never claims: ${claim}`, () => {
      const offenders = copySources().filter((file) =>
        pattern.test(readFileSync(path.join(ROOT, file), "utf8").replace(/\s+/g, " ")),
      );
      expect(offenders).toEqual([]);
    });
  }
});
