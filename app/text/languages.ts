/**
 * The languages a document can be highlighted as, and how one is chosen for a document: by its
 * file name's extension (or whole name, like `Dockerfile`), else by a shebang line or JSON-looking
 * text when the name says nothing. Pure: no editor code, so the content pages and the plain-text
 * path load none of it but this table.
 */

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

/** Every language, plain text first, then by label. */
export const LANGUAGES: readonly LanguageInfo[] = [
  { id: PLAIN_TEXT, label: "Plain text", extensions: ["txt", "text", "log"], engineName: null },
  { id: "c", label: "C", extensions: ["c", "h"], engineName: "C" },
  { id: "csharp", label: "C#", extensions: ["cs", "csx"], engineName: "C#" },
  {
    id: "cpp",
    label: "C++",
    extensions: ["cpp", "cc", "cxx", "c++", "hpp", "hh", "hxx", "h++", "ino"],
    engineName: "C++",
  },
  {
    id: "cmake",
    label: "CMake",
    extensions: ["cmake"],
    fileNames: ["cmakelists.txt"],
    engineName: "CMake",
  },
  { id: "css", label: "CSS", extensions: ["css"], engineName: "CSS" },
  { id: "csv", label: "CSV", extensions: ["csv", "tsv"], engineName: null },
  { id: "dart", label: "Dart", extensions: ["dart"], engineName: "Dart" },
  { id: "diff", label: "Diff", extensions: ["diff", "patch"], engineName: "diff" },
  {
    id: "dockerfile",
    label: "Dockerfile",
    extensions: ["dockerfile"],
    fileNames: ["dockerfile", "containerfile"],
    engineName: "Dockerfile",
  },
  { id: "go", label: "Go", extensions: ["go"], engineName: "Go" },
  { id: "haskell", label: "Haskell", extensions: ["hs"], engineName: "Haskell" },
  { id: "html", label: "HTML", extensions: ["html", "htm", "xhtml"], engineName: "HTML" },
  {
    id: "ini",
    label: "INI / properties",
    extensions: ["ini", "cfg", "conf", "properties", "editorconfig", "gitconfig", "env"],
    fileNames: [".editorconfig", ".gitconfig", ".env", ".npmrc"],
    engineName: "Properties files",
  },
  { id: "java", label: "Java", extensions: ["java"], engineName: "Java" },
  {
    id: "javascript",
    label: "JavaScript",
    extensions: ["js", "mjs", "cjs"],
    engineName: "JavaScript",
  },
  {
    id: "json",
    label: "JSON",
    extensions: ["json", "jsonc", "json5", "webmanifest", "geojson", "map"],
    fileNames: [".prettierrc", ".eslintrc", ".babelrc"],
    engineName: "JSON",
  },
  { id: "jsx", label: "JSX", extensions: ["jsx"], engineName: "JSX" },
  { id: "kotlin", label: "Kotlin", extensions: ["kt", "kts"], engineName: "Kotlin" },
  { id: "latex", label: "LaTeX", extensions: ["tex", "sty", "cls"], engineName: "LaTeX" },
  { id: "lua", label: "Lua", extensions: ["lua"], engineName: "Lua" },
  {
    id: "markdown",
    label: "Markdown",
    extensions: ["md", "markdown", "mdown", "mkd", "mkdn", "mdx"],
    engineName: "Markdown",
  },
  { id: "nginx", label: "Nginx", extensions: [], fileNames: ["nginx.conf"], engineName: "Nginx" },
  { id: "perl", label: "Perl", extensions: ["pl", "pm"], engineName: "Perl" },
  { id: "php", label: "PHP", extensions: ["php", "phtml"], engineName: "PHP" },
  {
    id: "powershell",
    label: "PowerShell",
    extensions: ["ps1", "psm1", "psd1"],
    engineName: "PowerShell",
  },
  { id: "python", label: "Python", extensions: ["py", "pyw", "pyi"], engineName: "Python" },
  { id: "r", label: "R", extensions: ["r"], engineName: "R" },
  {
    id: "ruby",
    label: "Ruby",
    extensions: ["rb", "gemspec"],
    fileNames: ["gemfile", "rakefile"],
    engineName: "Ruby",
  },
  { id: "rust", label: "Rust", extensions: ["rs"], engineName: "Rust" },
  { id: "scala", label: "Scala", extensions: ["scala", "sc"], engineName: "Scala" },
  { id: "scss", label: "SCSS", extensions: ["scss"], engineName: "SCSS" },
  {
    id: "shell",
    label: "Shell",
    extensions: ["sh", "bash", "zsh", "ksh"],
    fileNames: [".bashrc", ".bash_profile", ".zshrc", ".profile", "pkgbuild"],
    engineName: "Shell",
  },
  { id: "sql", label: "SQL", extensions: ["sql"], engineName: "SQL" },
  { id: "swift", label: "Swift", extensions: ["swift"], engineName: "Swift" },
  {
    id: "toml",
    label: "TOML",
    extensions: ["toml"],
    fileNames: ["cargo.lock"],
    engineName: "TOML",
  },
  {
    id: "typescript",
    label: "TypeScript",
    extensions: ["ts", "mts", "cts"],
    engineName: "TypeScript",
  },
  { id: "tsx", label: "TSX", extensions: ["tsx"], engineName: "TSX" },
  {
    id: "xml",
    label: "XML",
    extensions: ["xml", "svg", "xsl", "xslt", "xsd", "plist", "rss", "atom", "csproj", "xaml"],
    engineName: "XML",
  },
  { id: "yaml", label: "YAML", extensions: ["yaml", "yml"], engineName: "YAML" },
];

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
