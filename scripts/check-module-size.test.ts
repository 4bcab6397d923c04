import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { MAX_LINES, moduleSizeProblems } from "./check-module-size.mjs";

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

/** A repository-like folder with the given files of the given line counts. */
function tree(files: Record<string, number>): string {
  const root = mkdtempSync(path.join(tmpdir(), "module-size-"));
  roots.push(root);
  for (const [file, lines] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), "const line = 1;\n".repeat(lines));
  }
  return root;
}

describe("check-module-size", () => {
  it("passes modules up to the limit and test files of any length", () => {
    const root = tree({
      "app/text/short.ts": MAX_LINES,
      "app/text/long.test.ts": MAX_LINES * 3,
      "tests/e2e/long.spec.ts": MAX_LINES * 3,
    });
    expect(moduleSizeProblems(root)).toEqual([]);
  });

  it("fails a module one line over, in any source folder", () => {
    const root = tree({
      "app/ui/big.tsx": MAX_LINES + 1,
      "server/relay/big.ts": MAX_LINES + 1,
      "bench/big.mjs": MAX_LINES + 1,
    });
    expect(moduleSizeProblems(root)).toEqual([
      `app/ui/big.tsx: ${MAX_LINES + 1} lines (the limit is ${MAX_LINES}: split it by job)`,
      `server/relay/big.ts: ${MAX_LINES + 1} lines (the limit is ${MAX_LINES}: split it by job)`,
      `bench/big.mjs: ${MAX_LINES + 1} lines (the limit is ${MAX_LINES}: split it by job)`,
    ]);
  });

  it("lets a module listed as data only be long", () => {
    const root = tree({ "app/text/table.ts": MAX_LINES * 2 });
    expect(moduleSizeProblems(root, { "app/text/table.ts": "a lookup table" })).toEqual([]);
    expect(moduleSizeProblems(root)).toHaveLength(1);
  });

  it("holds for this repository", () => {
    expect(moduleSizeProblems(process.cwd())).toEqual([]);
  });
});
