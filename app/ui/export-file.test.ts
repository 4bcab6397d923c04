import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// Vite turns the `?url` font imports into paths under the project root ("/node_modules/...");
// the stand-in fetch reads them from disk, as the static server would send them.
const fetched: string[] = [];
let failFetch = false;

async function fakeFetch(url: string): Promise<Response> {
  fetched.push(url);
  if (failFetch) throw new TypeError("Failed to fetch");
  return new Response(readFileSync(path.join(process.cwd(), url)));
}

async function load() {
  // A fresh module per test: it caches the fonts and the PDF code once loaded.
  vi.resetModules();
  return import("./export-file");
}

beforeEach(() => {
  fetched.length = 0;
  failFetch = false;
  vi.stubGlobal("fetch", vi.fn(fakeFetch));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("exportBlob", () => {
  const text = "Tom & Jerry <3\nCafé 😀";

  it("gives .txt and .md as the text in UTF-8", async () => {
    const { exportBlob } = await load();
    const txt = await exportBlob("txt", text, "notes");
    expect(txt.blob.type).toBe("text/plain;charset=utf-8");
    expect(await txt.blob.text()).toBe(text);
    expect(txt.notes).toBeUndefined();
    const md = await exportBlob("md", text, "notes");
    expect(md.blob.type).toBe("text/markdown;charset=utf-8");
    expect(await md.blob.text()).toBe(text);
    expect(fetched).toEqual([]);
  });

  it("gives .html as a titled page and .rtf as an RTF document", async () => {
    const { exportBlob } = await load();
    const html = await exportBlob("html", text, "My notes");
    expect(html.blob.type).toBe("text/html;charset=utf-8");
    const page = await html.blob.text();
    expect(page).toContain("<title>My notes</title>");
    expect(page).toContain("Tom &#38; Jerry &#60;3\nCafé 😀</pre>");

    const rtf = await exportBlob("rtf", text, "My notes");
    expect(rtf.blob.type).toBe("application/rtf");
    const body = await rtf.blob.text();
    expect(body.startsWith("{\\rtf1")).toBe(true);
    expect(body).toContain("Caf\\u233? \\u-10179?\\u-8704?");
    expect(fetched).toEqual([]);
  });

  it("makes a PDF with the main font only, and the second font when the text needs it", async () => {
    const { exportBlob } = await load();
    const plain = await exportBlob("pdf", "Plain Latin text", "Plain");
    expect(plain.blob.type).toBe("application/pdf");
    expect(new TextDecoder().decode((await plain.blob.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    expect(plain.missingGlyphs).toBe(0);
    expect(plain.notes).toBeUndefined();
    expect(fetched).toHaveLength(1);
    expect(fetched[0]).toMatch(/DejaVuSansMono\.ttf/);

    const hebrew = await exportBlob("pdf", "שלום 😀", "Hebrew");
    expect(hebrew.missingGlyphs).toBe(0);
    // The main font was kept from the first PDF; only the fallback was fetched.
    expect(fetched).toHaveLength(2);
    expect(fetched[1]).toMatch(/DejaVuSans\.ttf/);
  });

  it("says how many characters the PDF could not draw", async () => {
    const { exportBlob } = await load();
    const result = await exportBlob("pdf", "中文 and 中", "CJK");
    expect(result.missingGlyphs).toBe(3);
    expect(result.notes).toBe(
      "3 characters could not be drawn in the PDF (中, 文): they show as \uFFFD.",
    );
    const one = await exportBlob("pdf", "a\u0007b", "Control");
    expect(one.notes).toBe(
      "1 character could not be drawn in the PDF (a control character): it shows as \uFFFD.",
    );
  });

  it("rejects with ExportError when the font cannot be downloaded, and tries again later", async () => {
    const { exportBlob, ExportError } = await load();
    failFetch = true;
    await expect(exportBlob("pdf", "x", "t")).rejects.toBeInstanceOf(ExportError);
    failFetch = false;
    const result = await exportBlob("pdf", "x", "t");
    expect(result.blob.size).toBeGreaterThan(0);
  });

  it("starts loading the PDF code and font ahead when asked", async () => {
    const { preparePdfExport, exportBlob } = await load();
    preparePdfExport();
    await vi.waitFor(() => expect(fetched).toHaveLength(1));
    await exportBlob("pdf", "x", "t");
    expect(fetched).toHaveLength(1);
  });
});
