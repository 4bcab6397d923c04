import { describe, expect, it } from "vitest";
import {
  EXPORT_FORMATS,
  exportFileName,
  exportFormatInfo,
  exportTitle,
  toHtmlDocument,
  toRtf,
  type ExportFormat,
} from "./export-formats";

describe("EXPORT_FORMATS", () => {
  it("lists the five formats once each, plain text first, with dotted extensions", () => {
    expect(EXPORT_FORMATS.map((f) => f.id)).toEqual(["txt", "md", "html", "rtf", "pdf"]);
    for (const format of EXPORT_FORMATS) {
      expect(format.extension).toBe(`.${format.id}`);
      expect(format.label).toContain(`(${format.extension})`);
      expect(format.mimeType).not.toContain(";");
      expect(format.description.length).toBeGreaterThan(10);
      expect(exportFormatInfo(format.id)).toBe(format);
    }
    expect(exportFormatInfo("pdf").mimeType).toBe("application/pdf");
  });
});

describe("exportFileName", () => {
  it.each<[string, ExportFormat, string]>([
    ["notes.txt", "pdf", "notes.pdf"],
    ["notes.txt", "txt", "notes.txt"],
    ["Notes.TXT", "md", "Notes.md"],
    ["notes.md", "html", "notes.html"],
    ["notes.markdown", "rtf", "notes.rtf"],
    ["readme.text", "txt", "readme.txt"],
    ["page.htm", "pdf", "page.pdf"],
    ["notes", "md", "notes.md"],
    ["data.csv", "html", "data.csv.html"],
    ["v1.2 plan.txt", "pdf", "v1.2 plan.pdf"],
    ["a/b:c?.txt", "rtf", "abc.rtf"],
    ["  spaced  ", "txt", "spaced.txt"],
    ["notes.", "pdf", "notes.pdf"],
    ["", "pdf", "Untitled.pdf"],
    [".txt", "txt", "Untitled.txt"],
  ])("%j as %s is %j", (name, format, expected) => {
    expect(exportFileName(name, format)).toBe(expected);
  });

  it("gives the title the HTML page and PDF show", () => {
    expect(exportTitle("Report.final.md")).toBe("Report.final");
    expect(exportTitle("")).toBe("Untitled");
  });
});

/** The text content of the page's <pre>, with the character references decoded. */
function preText(html: string): string {
  const match = /<pre>\n([\s\S]*)<\/pre>/.exec(html);
  if (!match) throw new Error("no <pre>");
  return match[1].replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
}

describe("toHtmlDocument", () => {
  const text = `\n<script>alert("x")</script> & 'quotes'\n\tindented\nCafé 😀`;
  const html = toHtmlDocument(text, `Tom & Jerry's <notes>`);

  it("is a standalone UTF-8 HTML5 page with the escaped title", () => {
    expect(html.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain("<title>Tom &#38; Jerry&#39;s &#60;notes&#62;</title>");
    expect(html).toMatch(/prefers-color-scheme: dark/);
    expect(html).toMatch(/white-space: pre-wrap; overflow-wrap: anywhere/);
    expect(html.trimEnd().endsWith("</html>")).toBe(true);
  });

  it("escapes the text and keeps it exactly, a leading blank line too", () => {
    expect(html).not.toContain("<script>");
    expect(html).toContain(
      "&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#39;quotes&#39;",
    );
    expect(preText(html)).toBe(text);
  });

  it("loads nothing and runs nothing", () => {
    expect(html).not.toMatch(/<script|<link|src=|href=|@import|url\(/i);
  });

  it("balances its elements", () => {
    for (const tag of ["html", "head", "title", "style", "body", "main", "pre"]) {
      const opens = html.match(new RegExp(`<${tag}[ >]`, "g"))?.length ?? 0;
      const closes = html.match(new RegExp(`</${tag}>`, "g"))?.length ?? 0;
      expect([tag, opens]).toEqual([tag, 1]);
      expect([tag, closes]).toEqual([tag, 1]);
    }
  });

  it("titles an unnamed document Untitled", () => {
    expect(toHtmlDocument("x", "  ")).toContain("<title>Untitled</title>");
  });
});

/**
 * A small RTF reader for what `toRtf` writes: skips the header groups ({\fonttbl}, {\info}),
 * turns \par into "\n", \tab into "\t", \uN? into the UTF-16 unit N (negative N + 65536) and
 * drops its "?" fallback, unescapes \\ \{ \}, ignores CR/LF and other control words.
 */
function rtfToText(rtf: string): string {
  let out = "";
  let depth = 0;
  let skipDepth = Infinity;
  let i = 0;
  while (i < rtf.length) {
    const ch = rtf[i];
    if (ch === "{") {
      depth++;
      if (depth > 1 && skipDepth === Infinity) skipDepth = depth;
      i++;
    } else if (ch === "}") {
      if (depth === skipDepth) skipDepth = Infinity;
      depth--;
      i++;
    } else if (ch === "\r" || ch === "\n") {
      i++;
    } else if (ch === "\\") {
      const next = rtf[i + 1];
      if (next === "\\" || next === "{" || next === "}") {
        if (depth < skipDepth) out += next;
        i += 2;
        continue;
      }
      const word = /^\\([a-z]+)(-?\d+)? ?/.exec(rtf.slice(i, i + 40));
      if (!word) throw new Error(`bad control at ${i}`);
      i += word[0].length;
      if (depth >= skipDepth) continue;
      if (word[1] === "par") out += "\n";
      else if (word[1] === "tab") out += "\t";
      else if (word[1] === "u") {
        const n = Number(word[2]);
        out += String.fromCharCode(n < 0 ? n + 0x10000 : n);
        // \uc1: one fallback character follows the escape.
        i += 1;
      }
    } else {
      if (depth < skipDepth) out += ch;
      i++;
    }
  }
  if (depth !== 0) throw new Error("unbalanced braces");
  return out;
}

describe("toRtf", () => {
  it("writes an RTF 1 document with a font table and balanced braces", () => {
    const rtf = toRtf("a { b } c \\ d", "My notes");
    expect(rtf.startsWith("{\\rtf1\\ansi\\ansicpg1252\\deff0\\uc1")).toBe(true);
    expect(rtf).toContain("{\\fonttbl{\\f0");
    expect(rtf).toContain("{\\info{\\title My notes}}");
    expect(rtf).toContain("a \\{ b \\} c \\\\ d");
    // Unescaped braces balance.
    let depth = 0;
    for (const brace of rtf.replace(/\\[\\{}]/g, "").match(/[{}]/g) ?? []) {
      depth += brace === "{" ? 1 : -1;
      expect(depth).toBeGreaterThanOrEqual(0);
    }
    expect(depth).toBe(0);
  });

  it("escapes non-ASCII as signed 16-bit \\uN? units, astral characters as two", () => {
    const rtf = toRtf("Café 😀 €");
    expect(rtf).toContain("Caf\\u233? \\u-10179?\\u-8704? \\u8364?");
    expect(rtf).toMatch(/^[\x20-\x7e\n]*$/);
  });

  it("writes lines as \\par and tabs as \\tab", () => {
    expect(toRtf("one\n\ttwo\n")).toContain("one\\par\n\\tab two\\par\n");
    expect(toRtf("a\r\nb\rc")).toContain("a\\par\nb\\par\nc");
  });

  it("round-trips text through a reader", () => {
    const text =
      "Café – naïve € Ωmega Привет 中文 😀\n\n\tTabbed {braces} and \\backslash\\\n  leading spaces\n" +
      "control\u0001char, last line";
    expect(rtfToText(toRtf(text, "Title {x}"))).toBe(text);
  });

  it("stays linear on a large text", () => {
    const text = "Grüße, {world} \\ 😀\tend\n".repeat(20_000);
    expect(rtfToText(toRtf(text))).toBe(text);
  });
});
