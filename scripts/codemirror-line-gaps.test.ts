import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { fixLineGaps, LINE_GAP_FIXES } from "./codemirror-line-gaps";

describe("CodeMirror line-gap fixes", () => {
  it("apply to the installed @codemirror/view, each once", () => {
    const require = createRequire(import.meta.url);
    const path = require.resolve("@codemirror/view").replace(/index\.cjs$/, "index.js");
    const source = readFileSync(path, "utf8");
    const fixed = fixLineGaps(source);
    for (const { bug, fix } of LINE_GAP_FIXES) {
      expect(source.split(bug)).toHaveLength(2);
      expect(fixed).toContain(fix);
      expect(fixed).not.toContain(bug);
    }
  });

  it("fail loudly when the code they fix is gone", () => {
    expect(() => fixLineGaps("export {}")).toThrow(/no longer applies/);
  });
});
