import { describe, expect, it } from "vitest";
import { escapeHtml, printDocumentHtml } from "./print-document";

describe("print document", () => {
  it("escapes markup so the text prints literally", () => {
    expect(escapeHtml(`<u>a</u> & "b" 'c'`)).toBe(
      "&#60;u&#62;a&#60;/u&#62; &#38; &#34;b&#34; &#39;c&#39;",
    );
    expect(escapeHtml("plain text, ✓ émoji 🙂")).toBe("plain text, ✓ émoji 🙂");
  });

  it("uses A4 with 2 cm margins and the document's name as title", () => {
    const html = printDocumentHtml({ title: "notes.txt", text: "x < y" });
    expect(html).toContain("@page { size: A4; margin: 2cm; }");
    expect(html).toContain("<title>notes.txt</title>");
    expect(html).toContain("<pre>x &#60; y</pre>");
  });

  it("escapes the title and keeps every line of the text, wrapped", () => {
    const html = printDocumentHtml({ title: "<b>Untitled-1</b>", text: "one\n  two\n\nthree" });
    expect(html).toContain("<title>&#60;b&#62;Untitled-1&#60;/b&#62;</title>");
    expect(html).toContain("<pre>one\n  two\n\nthree</pre>");
    expect(html).toContain("white-space: pre-wrap");
    expect(html.startsWith("<!doctype html>")).toBe(true);
  });

  it("prints an empty document as an empty page", () => {
    expect(printDocumentHtml({ title: "", text: "" })).toContain("<pre></pre>");
  });
});
