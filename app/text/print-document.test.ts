import { describe, expect, it } from "vitest";
import { escapeHtml, printDocumentHtml } from "./print-document";

describe("print document", () => {
  it("escapes markup so the text prints literally", () => {
    expect(escapeHtml('<u>a</u> & "b"')).toBe("&lt;u&gt;a&lt;/u&gt; &amp; &quot;b&quot;");
  });

  it("uses A4 with 2 cm margins and the file name as title", () => {
    const html = printDocumentHtml("x < y", "notes.txt");
    expect(html).toContain("@page { size: A4; margin: 2cm; }");
    expect(html).toContain("<title>notes.txt</title>");
    expect(html).toContain("<pre>x &lt; y</pre>");
  });
});
