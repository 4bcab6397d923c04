import { describe, expect, it } from "vitest";
import { globsOf, IgnoreRules, pathMatcher } from "./path-rules";

describe("IgnoreRules (.gitignore and hidden files)", () => {
  it("leaves out what the root .gitignore names, folders by their trailing slash", () => {
    const rules = new IgnoreRules();
    rules.addGitignore("", "build/\n*.log\n# a comment\n/only-root.txt\n");
    expect(rules.ignores("build", true)).toBe(true);
    expect(rules.ignores("build/app.js")).toBe(true);
    expect(rules.ignores("src/build", true)).toBe(true);
    expect(rules.ignores("src/build")).toBe(false); // a file named build, not a folder
    expect(rules.ignores("logs/today.log")).toBe(true);
    expect(rules.ignores("only-root.txt")).toBe(true);
    expect(rules.ignores("src/only-root.txt")).toBe(false);
    expect(rules.ignores("src/main.ts")).toBe(false);
  });

  it("lets a deeper .gitignore re-include what a higher one left out, only below it", () => {
    const rules = new IgnoreRules();
    rules.addGitignore("", "*.txt\n");
    rules.addGitignore("notes", "!keep.txt\n");
    expect(rules.ignores("notes/keep.txt")).toBe(false);
    expect(rules.ignores("notes/other.txt")).toBe(true);
    expect(rules.ignores("keep.txt")).toBe(true);
  });

  it("hides dot files and version control folders unless hidden files are shown", () => {
    const hidden = new IgnoreRules(false);
    const shown = new IgnoreRules(true);
    expect(hidden.ignores(".env")).toBe(true);
    expect(hidden.ignores("src/.cache/x.txt")).toBe(true);
    expect(shown.ignores(".env")).toBe(false);
    expect(shown.ignores("src/.cache/x.txt")).toBe(false);
    expect(shown.ignores(".git", true)).toBe(true);
    expect(shown.ignores(".git/config")).toBe(true);
  });
});

describe("pathMatcher (include and exclude globs of find in files)", () => {
  const paths = [
    "README.md",
    "docs/guide.md",
    "docs/deep/notes.MD",
    "src/main.ts",
    "src/main.test.ts",
    "node_modules/pkg/index.js",
    "src/node_modules/x.js",
    ".github/ci.yml",
  ];
  const kept = (include: string, exclude = "") => paths.filter(pathMatcher({ include, exclude }));

  it("keeps every file when both fields are empty", () => {
    expect(kept("")).toEqual(paths);
  });

  it("matches a glob without a slash by name in any folder, case-insensitively", () => {
    expect(kept("*.md")).toEqual(["README.md", "docs/guide.md", "docs/deep/notes.MD"]);
    expect(kept("*.ts, *.yml")).toEqual(["src/main.ts", "src/main.test.ts", ".github/ci.yml"]);
  });

  it("matches a glob with a slash by path from the folder's root", () => {
    expect(kept("docs/*.md")).toEqual(["docs/guide.md"]);
    expect(kept("docs/**")).toEqual(["docs/guide.md", "docs/deep/notes.MD"]);
    expect(kept("./docs/")).toEqual(["docs/guide.md", "docs/deep/notes.MD"]);
  });

  it("excludes a folder by its name wherever it is, and files by glob", () => {
    expect(kept("", "node_modules")).not.toContain("node_modules/pkg/index.js");
    expect(kept("", "node_modules")).not.toContain("src/node_modules/x.js");
    expect(kept("*.ts", "*.test.ts")).toEqual(["src/main.ts"]);
  });

  it("reads a field as comma-separated globs, blanks dropped", () => {
    expect(globsOf(" *.md ,, docs/ ")).toEqual(["*.md", "docs/**"]);
  });
});
