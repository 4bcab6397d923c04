import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
// The test regenerates the table with the generator itself; text/ modules never import scripts/.
// eslint-disable-next-line no-restricted-imports -- a test of the generated file, not app code
import {
  ENGINE_NAMES,
  languageTableSource,
  OUTPUT,
} from "../../scripts/generate-language-table.mjs";
import { PACKAGE_LANGUAGES } from "./language-table.generated";
import { LANGUAGE_OVERRIDES, patternFileNames } from "./languages";

function packageLanguage(name: string | null) {
  return PACKAGE_LANGUAGES.find((language) => language.name === name);
}

describe("language-table.generated.ts", () => {
  it("is what the installed @codemirror/language-data gives (else run `npm run languages`)", async () => {
    const committed = await readFile(OUTPUT, "utf8");
    expect(committed).toBe(await languageTableSource());
  });

  it("describes exactly the languages languages.ts offers from the package", () => {
    const offered = LANGUAGE_OVERRIDES.flatMap((language) => language.engineName ?? []);
    expect([...offered].sort()).toEqual([...ENGINE_NAMES].sort());
    expect(PACKAGE_LANGUAGES.map((language) => language.name)).toEqual(ENGINE_NAMES);
  });
});

describe("LANGUAGE_OVERRIDES", () => {
  // An override the package has made pointless (it dropped or gained the extension) is noticed
  // when the table is regenerated, so the overrides stay only the real differences.
  it("drops only what the package gives and adds only what it lacks", () => {
    for (const override of LANGUAGE_OVERRIDES) {
      const described = packageLanguage(override.engineName);
      const extensions = (described?.extensions ?? []).map((ext) => ext.toLowerCase());
      const fileNames = patternFileNames(described?.filename ?? null);
      for (const ext of override.dropExtensions ?? []) {
        expect(extensions, `${override.id} drops .${ext}`).toContain(ext);
      }
      for (const ext of override.addExtensions ?? []) {
        expect(extensions, `${override.id} adds .${ext}`).not.toContain(ext);
      }
      for (const name of override.dropFileNames ?? []) {
        expect(fileNames, `${override.id} drops ${name}`).toContain(name);
      }
      for (const name of override.addFileNames ?? []) {
        expect(fileNames, `${override.id} adds ${name}`).not.toContain(name);
      }
    }
  });
});

describe("patternFileNames", () => {
  it("reads plain names from the package's patterns, lower case", () => {
    expect(patternFileNames("^Dockerfile$")).toEqual(["dockerfile"]);
    expect(patternFileNames("^CMakeLists\\.txt$")).toEqual(["cmakelists.txt"]);
    expect(patternFileNames("^(Gemfile|Rakefile)$")).toEqual(["gemfile", "rakefile"]);
  });

  it("gives none for a real pattern or none at all", () => {
    expect(patternFileNames("nginx.*\\.conf$")).toEqual([]);
    expect(patternFileNames("^.*\\.conf$")).toEqual([]);
    expect(patternFileNames(null)).toEqual([]);
  });
});
