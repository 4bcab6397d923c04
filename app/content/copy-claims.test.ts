import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LIVE_LIMITS } from "~/collab/wire";

/**
 * Sentences the site once printed about features it has since gained (issue 43, section 3; live
 * collaboration and its relay: issue 44).
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
    claim: "Plainpad has no real-time collaboration (Live collaboration…, issue 44)",
    pattern:
      /no (real-time|realtime|live) collaboration|(does not|doesn't|cannot|can't) (do |offer )?(real-time|live) collaboration|nobody (can )?edits? [a-z ]*together with you/i,
  },
  {
    claim: "Plainpad has no server at all (the live relay is one: say none of ours can read a document)",
    pattern:
      /Plainpad has no (document )?server|no Plainpad server at all|because there isn't one|There isn't one\.|no server of its own/i,
  },
  {
    claim: "A server of ours can read documents (live sessions are encrypted in the page)",
    pattern:
      /\b(we|Plainpad|the relay|our relay|our servers?|the server) (can|could|will|may) (read|see|scan|access) (your |the )?(documents?|text|notes|words|writing)\b/i,
  },
  {
    claim: "Editing together needs an account (no accounts: the link is the key)",
    pattern:
      /Google Docs-style accounts?|(sign|log) ?in to (collaborate|edit together|join)|accounts? to (collaborate|edit together|join)|collaborat\w* (requires|needs) an account/i,
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

/** What the relay keeps and the largest live document, as the relay and the page enforce them. */
const LIVE_IDLE_DAYS = `${LIVE_LIMITS.idleRoomDays} days`;
const LIVE_MAX_TEXT = `${LIVE_LIMITS.maxDocumentBytes / 2 ** 20} MB`;

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

  it("states the live relay's retention and size limit as the relay enforces them", () => {
    const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8").replace(/\s+/g, " ");
    const faq = read("content/faq.ts");
    expect(faq).toContain(LIVE_IDLE_DAYS);
    expect(faq).toContain(LIVE_MAX_TEXT);
    // The privacy policy names the retention once, in a constant, to keep the wire module out of
    // its bundle: that constant must be the relay's figure.
    const privacy = read("app/site/company/privacy-sections.tsx");
    expect(/const LIVE_IDLE_DAYS = (\d+);/.exec(privacy)?.[1]).toBe(String(LIVE_LIMITS.idleRoomDays));
    // No page states another retention for the relay or another size for a live document.
    for (const file of copySources()) {
      const text = read(file);
      for (const [, days] of text.matchAll(/relay[^.]{0,80}?(\d+) days/gi))
        expect(`${days} days`, file).toBe(LIVE_IDLE_DAYS);
      for (const [, size] of text.matchAll(/live document[^.]{0,40}?(\d+) MB/gi))
        expect(`${size} MB`, file).toBe(LIVE_MAX_TEXT);
    }
  });
});
