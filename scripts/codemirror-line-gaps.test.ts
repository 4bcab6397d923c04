import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { fixLineGaps, LINE_GAP_BUG, LINE_GAP_FIX } from "./codemirror-line-gaps";

describe("CodeMirror line-gap fix", () => {
  it("applies to the installed @codemirror/view, once", () => {
    const require = createRequire(import.meta.url);
    const path = require.resolve("@codemirror/view").replace(/index\.cjs$/, "index.js");
    const fixed = fixLineGaps(readFileSync(path, "utf8"));
    expect(fixed).toContain(LINE_GAP_FIX);
    expect(fixed).not.toContain(LINE_GAP_BUG);
  });

  it("fails loudly when the code it fixes is gone", () => {
    expect(() => fixLineGaps("export {}")).toThrow(/no longer applies/);
  });
});
