import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { allowed, measure, structureSvg } from "./draw-structure.mjs";

/** A small tree of modules written to a temporary folder: path → text. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), "structure-"));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}
const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe("the structure drawing", () => {
  it("counts each folder's lines and its imports of other folders, by alias, path or package", () => {
    const root = tree({
      "app/editor/a.ts": 'import { b } from "~/storage/b";\nimport { c } from "../text/c";\n',
      "app/storage/b.ts": 'import { c } from "~/text/c";\nexport const b = c;\n',
      "app/text/c.ts": "export const c = 1;\n",
      "app/collab/d.ts": 'import { frame } from "@plainpad/wire";\n',
      "server/e.ts": 'import { frame } from "@plainpad/wire";\n',
      "packages/wire/src/index.ts": "export const frame = 1;\n",
      "app/text/c.test.ts": 'import { a } from "~/editor/a";\n',
    });
    const { folders, imports } = measure(root);
    expect(folders.get("app/storage")?.lines).toBe(2);
    expect(Object.fromEntries(imports)).toEqual({
      "app/editor app/storage": 1,
      "app/editor app/text": 1,
      "app/storage app/text": 1,
      "app/collab packages/wire": 1,
      "server packages/wire": 1,
    });
  });

  it("draws an import against the layers red, and one down them grey", () => {
    const root = tree({
      "app/text/c.ts": 'import { b } from "~/storage/b";\n',
      "app/storage/b.ts": 'import { c } from "~/text/c";\n',
    });
    const svg = structureSvg(measure(root));
    expect(svg).toMatch(/class="wrong"[^>]*><title>app\/text → app\/storage: 1 import</);
    expect(svg).toMatch(/class="down"[^>]*><title>app\/storage → app\/text: 1 import</);
  });

  it("allows the site's shortcut tables to read the editors, but not the editors each other", () => {
    expect(allowed("app/site", "app/notepad")).toBe(true);
    expect(allowed("app/editor", "app/notepad")).toBe(false);
    expect(allowed("app/notepad", "app/editor")).toBe(false);
    expect(allowed("app/ui", "app/document")).toBe(true);
    expect(allowed("app/document", "app/ui")).toBe(false);
    expect(allowed("server", "packages/wire")).toBe(true);
    expect(allowed("packages/wire", "server")).toBe(false);
  });
});
