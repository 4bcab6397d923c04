/**
 * The languages a document can be highlighted as, and how one is chosen for a document: by its
 * file name's extension (or whole name, like `Dockerfile`), else by a shebang line or JSON-looking
 * text when the name says nothing. Pure: no editor code, so the content pages and the plain-text
 * path load none of it but this table. The extensions and file names start from
 * @codemirror/language-data's, copied into language-table.generated.ts (`npm run languages`);
 * LANGUAGE_OVERRIDES below says where Plainpad differs.
 */

import { PACKAGE_LANGUAGES } from "./language-table.generated";

export interface LanguageInfo {
  /** Stored with the document: never rename one. */
  id: string;
  /** Shown in the status bar and the picker. */
  label: string;
  /** File extensions, lower case, without the dot. */
  extensions: readonly string[];
  /** Whole file names (lower case) that mean this language. */
  fileNames?: readonly string[];
  /**
   * The language's name in `@codemirror/language-data`; null for the ones Plainpad highlights
   * itself (plain text, CSV).
   */
  engineName: string | null;
}

export const PLAIN_TEXT = "plain";

/** Languages whose text is prose, not code: plain text and Markdown. */
export function isProseLanguage(id: string): boolean {
  return id === PLAIN_TEXT || id === "markdown";
}

/**
 * What Plainpad says about one language beyond what @codemirror/language-data says (its id, its
 * label, and where Plainpad maps file names differently). The package's extensions and file names
 * come from language-table.generated.ts; this file must not import the package itself, since the
 * landing page imports this table and the package brings CodeMirror's core with it.
 */
export interface LanguageOverride {
  /** Stored with the document: never rename one. */
  id: string;
  /** Shown in the status bar and the picker. */
  label: string;
  /** The package's name (a `name` in language-table.generated.ts); null: Plainpad's own. */
  engineName: string | null;
  /** Extensions (lower case, no dot) Plainpad maps to this language besides the package's. */
  addExtensions?: readonly string[];
  /** The package's extensions (lower case) Plainpad does not map to this language. */
  dropExtensions?: readonly string[];
  /** Whole file names (lower case) Plainpad maps besides those the package's pattern names. */
  addFileNames?: readonly string[];
  /** File names the package's pattern names that Plainpad does not map. */
  dropFileNames?: readonly string[];
}

/** Plainpad's side of the language table, plain text first, then by label. */
export const LANGUAGE_OVERRIDES: readonly LanguageOverride[] = [
  // Plain text and CSV are Plainpad's own: the package's "text" is LaTeX, and it has no CSV.
  {
    id: PLAIN_TEXT,
    label: "Plain text",
    engineName: null,
    addExtensions: ["txt", "text", "log"],
  },
  // Arduino sketches (.ino) are C++: the package lists them under C too.
  { id: "c", label: "C", engineName: "C", dropExtensions: ["ino"] },
  { id: "csharp", label: "C#", engineName: "C#", addExtensions: ["csx"] },
  { id: "cpp", label: "C++", engineName: "C++", addExtensions: ["ino"] },
  // "cmake.in" has two parts and a name's language is read from its last one only.
  { id: "cmake", label: "CMake", engineName: "CMake", dropExtensions: ["cmake.in"] },
  { id: "css", label: "CSS", engineName: "CSS" },
  { id: "csv", label: "CSV", engineName: null, addExtensions: ["csv", "tsv"] },
  { id: "dart", label: "Dart", engineName: "Dart" },
  { id: "diff", label: "Diff", engineName: "diff" },
  {
    id: "dockerfile",
    label: "Dockerfile",
    engineName: "Dockerfile",
    addExtensions: ["dockerfile"],
    addFileNames: ["containerfile"],
  },
  { id: "go", label: "Go", engineName: "Go" },
  { id: "haskell", label: "Haskell", engineName: "Haskell" },
  // Handlebars templates are not HTML: left to plain text, as before the package's table.
  {
    id: "html",
    label: "HTML",
    engineName: "HTML",
    addExtensions: ["xhtml"],
    dropExtensions: ["handlebars", "hbs"],
  },
  // ".in" is autoconf's input suffix (Makefile.in, config.h.in), not INI.
  {
    id: "ini",
    label: "INI / properties",
    engineName: "Properties files",
    addExtensions: ["cfg", "conf", "editorconfig", "gitconfig", "env"],
    dropExtensions: ["in"],
    addFileNames: [".editorconfig", ".gitconfig", ".env", ".npmrc"],
  },
  { id: "java", label: "Java", engineName: "Java" },
  { id: "javascript", label: "JavaScript", engineName: "JavaScript" },
  {
    id: "json",
    label: "JSON",
    engineName: "JSON",
    addExtensions: ["jsonc", "json5", "webmanifest", "geojson"],
    addFileNames: [".prettierrc", ".eslintrc", ".babelrc"],
  },
  { id: "jsx", label: "JSX", engineName: "JSX" },
  { id: "kotlin", label: "Kotlin", engineName: "Kotlin" },
  // The package's "text" would make every .text file LaTeX; .text is plain text here.
  {
    id: "latex",
    label: "LaTeX",
    engineName: "LaTeX",
    addExtensions: ["sty", "cls"],
    dropExtensions: ["text"],
  },
  { id: "lua", label: "Lua", engineName: "Lua" },
  {
    id: "markdown",
    label: "Markdown",
    engineName: "Markdown",
    addExtensions: ["mdown", "mkdn", "mdx"],
  },
  // The package's pattern (nginx*.conf) is not a plain name; Plainpad maps the usual one.
  { id: "nginx", label: "Nginx", engineName: "Nginx", addFileNames: ["nginx.conf"] },
  { id: "perl", label: "Perl", engineName: "Perl" },
  { id: "php", label: "PHP", engineName: "PHP" },
  { id: "powershell", label: "PowerShell", engineName: "PowerShell" },
  // ".build" is also Meson's (meson.build), and a file named BUILD or BUCK outside a Bazel or
  // Buck project may be anything: those stay plain text. Bazel's .bzl is Python's syntax.
  {
    id: "python",
    label: "Python",
    engineName: "Python",
    addExtensions: ["pyi"],
    dropExtensions: ["build"],
    dropFileNames: ["buck", "build"],
  },
  { id: "r", label: "R", engineName: "R" },
  { id: "ruby", label: "Ruby", engineName: "Ruby", addExtensions: ["gemspec"] },
  { id: "rust", label: "Rust", engineName: "Rust" },
  { id: "scala", label: "Scala", engineName: "Scala", addExtensions: ["sc"] },
  { id: "scss", label: "SCSS", engineName: "SCSS" },
  {
    id: "shell",
    label: "Shell",
    engineName: "Shell",
    addExtensions: ["zsh"],
    addFileNames: [".bashrc", ".bash_profile", ".zshrc", ".profile"],
  },
  { id: "sql", label: "SQL", engineName: "SQL" },
  { id: "swift", label: "Swift", engineName: "Swift" },
  { id: "toml", label: "TOML", engineName: "TOML", addFileNames: ["cargo.lock"] },
  { id: "typescript", label: "TypeScript", engineName: "TypeScript" },
  { id: "tsx", label: "TSX", engineName: "TSX" },
  {
    id: "xml",
    label: "XML",
    engineName: "XML",
    addExtensions: ["xslt", "plist", "rss", "atom", "csproj", "xaml"],
  },
  { id: "yaml", label: "YAML", engineName: "YAML" },
];

/**
 * The whole file names a package pattern names when it is only plain names (`^Dockerfile$`,
 * `^(Gemfile|Rakefile)$`), lower case; none for a real pattern (`nginx.*\.conf$`), which an
 * override then spells out.
 */
export function patternFileNames(source: string | null): string[] {
  const body = source?.match(/^\^\(?([^()]*?)\)?\$$/)?.[1];
  if (!body) return [];
  const names = body.split("|");
  // A name may hold letters, digits, "_", "-" and escaped dots; anything else is a real pattern.
  if (!names.every((name) => /^(?:[\w-]|\\\.)+$/.test(name))) return [];
  return names.map((name) => name.replaceAll("\\.", ".").toLowerCase());
}

function without(values: readonly string[], dropped: readonly string[] = []): string[] {
  return [...new Set(values.map((value) => value.toLowerCase()))].filter(
    (value) => !dropped.includes(value),
  );
}

/** One language: the package's extensions and names, less Plainpad's drops, plus its additions. */
function buildLanguage(override: LanguageOverride): LanguageInfo {
  const described = PACKAGE_LANGUAGES.find((language) => language.name === override.engineName);
  const extensions = [
    ...without(described?.extensions ?? [], override.dropExtensions),
    ...(override.addExtensions ?? []),
  ];
  const fileNames = [
    ...without(patternFileNames(described?.filename ?? null), override.dropFileNames),
    ...(override.addFileNames ?? []),
  ];
  return {
    id: override.id,
    label: override.label,
    extensions,
    ...(fileNames.length > 0 ? { fileNames } : {}),
    engineName: override.engineName,
  };
}

/** Every language, plain text first, then by label. */
export const LANGUAGES: readonly LanguageInfo[] = LANGUAGE_OVERRIDES.map(buildLanguage);

const BY_ID = new Map(LANGUAGES.map((language) => [language.id, language]));
const BY_EXTENSION = new Map(
  LANGUAGES.flatMap((language) => language.extensions.map((ext) => [ext, language.id] as const)),
);
const BY_FILE_NAME = new Map(
  LANGUAGES.flatMap((language) =>
    (language.fileNames ?? []).map((name) => [name, language.id] as const),
  ),
);

/** The language with id `id` (plain text for an unknown id, such as one stored by a newer version). */
export function languageInfo(id: string | null | undefined): LanguageInfo {
  return BY_ID.get(id ?? PLAIN_TEXT) ?? (BY_ID.get(PLAIN_TEXT) as LanguageInfo);
}

/** True for a known language id. */
export function isLanguageId(value: unknown): value is string {
  return typeof value === "string" && BY_ID.has(value);
}

/**
 * The language a file name means: its whole name (`Dockerfile`, `.bashrc`), else its extension;
 * null when the name says nothing (no extension, or one no language claims). `.txt` says
 * plain text.
 */
export function languageFromName(fileName: string): string | null {
  const name = fileName.trim().toLowerCase();
  const whole = BY_FILE_NAME.get(name);
  if (whole) return whole;
  const dot = name.lastIndexOf(".");
  if (dot <= 0 && !name.startsWith(".")) return null;
  return BY_EXTENSION.get(name.slice(dot + 1)) ?? null;
}

/** Interpreters a shebang names, and the language of each. */
const SHEBANG_LANGUAGES: Record<string, string> = {
  sh: "shell",
  bash: "shell",
  zsh: "shell",
  ksh: "shell",
  dash: "shell",
  python: "python",
  node: "javascript",
  deno: "typescript",
  "ts-node": "typescript",
  ruby: "ruby",
  perl: "perl",
  php: "php",
  lua: "lua",
  pwsh: "powershell",
  rscript: "r",
};

/** The language a `#!` first line names (`#!/usr/bin/env python3`, `#!/bin/bash -e`), or null. */
export function languageFromShebang(text: string): string | null {
  if (!text.startsWith("#!")) return null;
  const end = text.indexOf("\n");
  const words = text
    .slice(2, end < 0 ? Math.min(text.length, 200) : Math.min(end, 200))
    .trim()
    .split(/\s+/);
  // `/usr/bin/env [-S] python3`: the interpreter is the first word after env's options.
  let program = words[0]?.split("/").pop() ?? "";
  if (program === "env") program = words.slice(1).find((word) => !word.startsWith("-")) ?? "";
  const base = program.toLowerCase().replace(/[\d.]+$/, "");
  return SHEBANG_LANGUAGES[base] ?? null;
}

/** How much of a text is looked at to tell JSON: enough for any real JSON opening. */
const SNIFF_CHARS = 4096;

/**
 * True when `text` looks like JSON: it starts (after white space) with `{` or `[`, and its start
 * parses as JSON or as the start of it (a quoted key, a value, a nested bracket). Prose that starts
 * with a bracket ("[draft] notes…") is not JSON.
 */
export function looksLikeJson(text: string): boolean {
  const head = text.slice(0, SNIFF_CHARS).trimStart();
  if (!head.startsWith("{") && !head.startsWith("[")) return false;
  if (text.length <= SNIFF_CHARS) {
    try {
      JSON.parse(text);
      return true;
    } catch {
      // Not whole JSON; an unfinished one still counts if it starts like JSON.
    }
  }
  return /^(\{\s*("|\})|\[\s*("|\{|\[|-?\d|true\b|false\b|null\b|\]))/.test(head);
}

/**
 * The language a document is shown in: `chosen` (picked by the user for this document) when set,
 * else its name's, else (for a name that says nothing, like "Untitled-1") a shebang or JSON in
 * its text. New documents and `.txt` files are plain text.
 */
export function detectLanguage(
  fileName: string,
  text: string,
  chosen: string | null = null,
): string {
  if (chosen && isLanguageId(chosen)) return chosen;
  const byName = languageFromName(fileName);
  if (byName) return byName;
  const head = text.slice(0, SNIFF_CHARS);
  return languageFromShebang(head) ?? (looksLikeJson(head) ? "json" : PLAIN_TEXT);
}

/**
 * Above this many characters a document is shown without highlighting (a status-bar note offers
 * it anyway): the parser's first pass and its memory grow with the text, and typing must stay
 * fast. Chosen from the bench (decision 017).
 */
export const HIGHLIGHT_LIMIT_CHARS = 4 * 1024 * 1024;

/**
 * Above this many characters a Markdown document is highlighted line by line instead of by the
 * full Markdown parser, whose reparse after a keystroke grows with the number of blocks. Script
 * time per keystroke in the simple editor (decision 018): plain text 5 ms; full parser 9.5 ms at
 * 50-100 KB, 12 ms at 150 KB, 26 ms at 1 MB; line by line 6 ms at 1 MB. A README is well under
 * the limit and keeps section folding and list continuation.
 */
export const MARKDOWN_TREE_LIMIT_CHARS = 100 * 1024;

/** How a document is shown: its language, and whether it is highlighted. */
export interface LanguageView {
  id: string;
  highlighted: boolean;
  /** Not highlighted because the document is over HIGHLIGHT_LIMIT_CHARS. */
  tooLarge: boolean;
  /** The user asked for highlighting over the limit ("Highlight anyway"). */
  forced: boolean;
}

/** True when two language views say the same (the stores skip an update that changes nothing). */
export function sameLanguageView(a: LanguageView, b: LanguageView): boolean {
  return (
    a.id === b.id &&
    a.highlighted === b.highlighted &&
    a.tooLarge === b.tooLarge &&
    a.forced === b.forced
  );
}

export const PLAIN_VIEW: LanguageView = {
  id: PLAIN_TEXT,
  highlighted: false,
  tooLarge: false,
  forced: false,
};
