import { describe, expect, it } from "vitest";
import {
  detectLanguage,
  LANGUAGES,
  languageFromName,
  languageFromShebang,
  languageInfo,
  looksLikeJson,
  PLAIN_TEXT,
} from "./languages";

describe("languages", () => {
  it("has unique ids and extensions", () => {
    const ids = LANGUAGES.map((language) => language.id);
    expect(new Set(ids).size).toBe(ids.length);
    const extensions = LANGUAGES.flatMap((language) => language.extensions);
    expect(new Set(extensions).size).toBe(extensions.length);
  });

  it("covers the languages the issue lists", () => {
    for (const name of [
      "a.json",
      "a.js",
      "a.ts",
      "a.jsx",
      "a.tsx",
      "a.html",
      "a.css",
      "a.md",
      "a.py",
      "a.yaml",
      "a.xml",
      "a.sql",
      "a.sh",
      "a.ini",
      "a.toml",
      "a.c",
      "a.cpp",
      "a.java",
      "a.cs",
      "a.go",
      "a.rs",
      "a.php",
      "a.diff",
      "a.csv",
    ]) {
      expect(languageFromName(name), name).not.toBeNull();
      expect(languageFromName(name), name).not.toBe(PLAIN_TEXT);
    }
  });

  it("tells the language from a file name", () => {
    expect(languageFromName("notes.txt")).toBe(PLAIN_TEXT);
    expect(languageFromName("server.LOG")).toBe(PLAIN_TEXT);
    expect(languageFromName("package.json")).toBe("json");
    expect(languageFromName("App.TSX")).toBe("tsx");
    expect(languageFromName("README.md")).toBe("markdown");
    expect(languageFromName("Dockerfile")).toBe("dockerfile");
    expect(languageFromName(".bashrc")).toBe("shell");
    expect(languageFromName("CMakeLists.txt")).toBe("cmake");
    expect(languageFromName("Untitled-1")).toBeNull();
    expect(languageFromName("archive.tar.gz")).toBeNull();
    expect(languageFromName(".hidden")).toBeNull();
  });

  // Where @codemirror/language-data's table (language-table.generated.ts) says otherwise,
  // LANGUAGE_OVERRIDES keeps Plainpad's mapping.
  it("keeps Plainpad's mapping where the package's table differs", () => {
    expect(languageFromName("notes.text")).toBe(PLAIN_TEXT);
    expect(languageFromName("Makefile.in")).toBeNull();
    expect(languageFromName("sketch.ino")).toBe("cpp");
    expect(languageFromName("page.hbs")).toBeNull();
    expect(languageFromName("meson.build")).toBeNull();
    expect(languageFromName("BUILD")).toBeNull();
    expect(languageFromName("nginx.conf")).toBe("nginx");
    expect(languageFromName("nginx-site.conf")).toBe("ini");
    expect(languageFromName("analysis.R")).toBe("r");
    expect(languageFromName("Containerfile")).toBe("dockerfile");
    expect(languageFromName("Gemfile")).toBe("ruby");
  });

  it("takes the package's extensions that name only their own language", () => {
    expect(languageFromName("paper.ltx")).toBe("latex");
    expect(languageFromName("old.php5")).toBe("php");
    expect(languageFromName("rules.bzl")).toBe("python");
  });

  it("reads shebangs", () => {
    expect(languageFromShebang("#!/usr/bin/env python3\nprint(1)")).toBe("python");
    expect(languageFromShebang("#!/bin/bash -e\necho")).toBe("shell");
    expect(languageFromShebang("#!/usr/bin/env -S node --no-warnings\n")).toBe("javascript");
    expect(languageFromShebang("#!/usr/bin/perl")).toBe("perl");
    expect(languageFromShebang("#!/usr/bin/unknown")).toBeNull();
    expect(languageFromShebang("# not a shebang")).toBeNull();
  });

  it("tells JSON from prose that starts with a bracket", () => {
    expect(looksLikeJson('{"name": "plainpad"}')).toBe(true);
    expect(looksLikeJson("  [1, 2, 3]")).toBe(true);
    expect(looksLikeJson('{\n  "unfinished": [')).toBe(true);
    expect(looksLikeJson("[]")).toBe(true);
    expect(looksLikeJson("[draft] notes for Monday")).toBe(false);
    expect(looksLikeJson("{braces} in a sentence")).toBe(false);
    expect(looksLikeJson("plain words")).toBe(false);
  });

  it("picks the chosen language, else the name's, else the text's; new documents are plain", () => {
    expect(detectLanguage("Untitled-1", "")).toBe(PLAIN_TEXT);
    expect(detectLanguage("Untitled-1", "Dear diary")).toBe(PLAIN_TEXT);
    expect(detectLanguage("Untitled-1", '{"a": 1}')).toBe("json");
    expect(detectLanguage("Untitled-1", "#!/bin/sh\necho hi")).toBe("shell");
    // The name wins over the text, and a .txt stays plain whatever it holds.
    expect(detectLanguage("data.txt", '{"a": 1}')).toBe(PLAIN_TEXT);
    expect(detectLanguage("script.py", '{"a": 1}')).toBe("python");
    expect(detectLanguage("script.py", "", "markdown")).toBe("markdown");
    // A stored choice this version does not know falls back to detection.
    expect(detectLanguage("script.py", "", "cobol-2090")).toBe("python");
    expect(languageInfo("cobol-2090").id).toBe(PLAIN_TEXT);
  });
});
