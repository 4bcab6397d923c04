import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { LIVE_LIMITS } from "@plainpad/wire";

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
    claim: "The editor knows only UTF-8, UTF-16 and Windows-1252 (34 regional encodings too)",
    pattern: /\(UTF-8, UTF-16 or Windows-1252\)|UTF-16,? or Windows-1252[.)]/i,
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

/** Folders whose files are test data, not copy (e.g. deliberately broken articles). */
const NOT_COPY_DIRS = new Set(["__fixtures__"]);

function filesUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return NOT_COPY_DIRS.has(entry.name) ? [] : filesUnder(file);
    return /\.(md|ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/**
 * Every file the site's visible copy can come from: the writing in content/, and every module
 * of app/ (the pages, both editors' help, dialogs, menus, notices and messages).
 */
function copySources(): string[] {
  return [...filesUnder("content"), ...filesUnder("app")];
}

/**
 * The visible text of a file, whitespace collapsed: a Markdown file whole; of a module, its
 * string literals and JSX text, without comments or code (a comment about an old feature is not
 * copy). Separate strings are kept apart (" | "), so a table's cells never read as one
 * sentence; JSX text runs on as it does on the page, across inline elements like <code>.
 */
function copyOf(file: string): string {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  if (file.endsWith(".md")) return text.replace(/\s+/g, " ");
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const pieces: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isJsxText(node)) pieces.push(node.text);
    else if (ts.isStringLiteralLike(node)) pieces.push(` | ${node.text} | `);
    else if (ts.isTemplateExpression(node)) {
      pieces.push(` | ${node.head.text}`);
      for (const span of node.templateSpans) {
        visit(span.expression);
        pieces.push(span.literal.text);
      }
      pieces.push(" | ");
    } else ts.forEachChild(node, visit);
  };
  visit(source);
  return pieces.join(" ").replace(/\s+/g, " ");
}

/** Each source's visible text, read once. */
const COPY = new Map(copySources().map((file) => [file, copyOf(file)]));

/** What the relay keeps and the largest live document, as the relay and the page enforce them. */
const LIVE_IDLE_DAYS = `${LIVE_LIMITS.idleRoomDays} days`;
const LIVE_MAX_TEXT = `${LIVE_LIMITS.maxDocumentBytes / 2 ** 20} MB`;

describe("the site's copy", () => {
  it("reads every source of visible text, down to the words of each", () => {
    const sources = [...COPY.keys()];
    for (const file of [
      "content/faq.ts",
      "app/editor/editor-help.tsx",
      "app/site/home/home-page.tsx",
      "app/site/company/resources/template-card.tsx",
    ]) {
      expect(sources).toContain(file);
    }
    expect(sources.filter((file) => file.endsWith(".md")).length).toBeGreaterThan(10);
    // A question of the editor's help (a string) and a sentence of its guide (JSX text).
    expect(COPY.get("app/editor/editor-help.tsx")).toContain("Which files can I open?");
    expect(COPY.get("app/editor/editor-help.tsx")).toContain(
      "The document name sits at the top left",
    );
  });

  for (const { claim, pattern } of FALSE_CLAIMS) {
    it(`never claims: ${claim}`, () => {
      const offenders = [...COPY].filter(([, text]) => pattern.test(text)).map(([file]) => file);
      expect(offenders).toEqual([]);
    });
  }

  it("states the live relay's retention and size limit as the relay enforces them", () => {
    const faq = COPY.get("content/faq.ts") ?? "";
    expect(faq).toContain(LIVE_IDLE_DAYS);
    expect(faq).toContain(LIVE_MAX_TEXT);
    // The privacy policy names the retention once, in a constant, to keep the wire module out of
    // its bundle: that constant must be the relay's figure.
    const privacy = readFileSync(path.join(ROOT, "app/site/company/privacy-sections.tsx"), "utf8");
    expect(/const LIVE_IDLE_DAYS = (\d+);/.exec(privacy)?.[1]).toBe(String(LIVE_LIMITS.idleRoomDays));
    // No page states another retention for the relay or another size for a live document.
    for (const [file, text] of COPY) {
      for (const [, days] of text.matchAll(/relay[^.]{0,80}?(\d+) days/gi))
        expect(`${days} days`, file).toBe(LIVE_IDLE_DAYS);
      for (const [, size] of text.matchAll(/live document[^.]{0,40}?(\d+) MB/gi))
        expect(`${size} MB`, file).toBe(LIVE_MAX_TEXT);
    }
  });
});
