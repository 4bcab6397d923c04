import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { MAX_LINES, moduleSizeProblems, OVER_LIMIT } from "./check-module-size.mjs";

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
    const root = tree({ "app/ui/big.tsx": MAX_LINES + 1, "bench/big.mjs": MAX_LINES + 1 });
    expect(moduleSizeProblems(root)).toEqual([
      `app/ui/big.tsx: ${MAX_LINES + 1} lines (the limit is ${MAX_LINES}: split it by job)`,
      `bench/big.mjs: ${MAX_LINES + 1} lines (the limit is ${MAX_LINES}: split it by job)`,
    ]);
  });

  it("lets a listed module shrink but not grow", () => {
    const [file, ceiling] = Object.entries(OVER_LIMIT as Record<string, number>)[0];
    expect(moduleSizeProblems(tree({ [file]: ceiling }))).toEqual([]);
    expect(moduleSizeProblems(tree({ [file]: ceiling + 1 }))[0]).toContain(
      `${file}: ${ceiling + 1} lines, more than the ${ceiling}`,
    );
  });

  it("holds for this repository", () => {
    expect(moduleSizeProblems(process.cwd())).toEqual([]);
  });
});
