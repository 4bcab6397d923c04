import { IgnoreRules, parentPath } from "~/workspace/path-rules";
import type { FolderEntry } from "~/workspace/workspace-folder";

/**
 * The folder panel's tree as data (issue 52), pure so it is tested in Node: which entries show
 * (sorted folders first, by name as people count: "guide-2" before "guide-10"; `.gitignore`d
 * and hidden ones left out unless switched on; a filter on names), the nested nodes the panel
 * draws, and the WAI-ARIA tree keys as moves over the visible items.
 */

/** One folder of the tree as last listed. */
export type FolderListing =
  | { state: "loading" }
  | { state: "listed"; entries: readonly FolderEntry[] }
  | { state: "failed"; message: string };

/** What the tree is drawn from (the workspace session's state). */
export interface TreeSource {
  listings: Readonly<Record<string, FolderListing>>;
  expanded: ReadonlySet<string>;
  gitignores: Readonly<Record<string, string>>;
  showIgnored: boolean;
}

/** One item of the tree. */
export interface TreeNode {
  entry: FolderEntry;
  /** 1 for the folder's own entries (aria-level). */
  level: number;
  /** A folder whose children are shown. */
  expanded: boolean;
  /** The children shown (folders only; empty while not expanded). */
  children: TreeNode[];
  /** A shown folder's listing when it is still loading or failed (the panel says so). */
  listing: FolderListing | null;
}

/**
 * Compares names as people count (case aside, numbers by value) in `locale` (the browser's when
 * not given). The POSIX locale, which a Linux browser started without a language has (WebKitGTK
 * under LANG=C: "en-US-u-va-posix"), orders by code point, every capital before "a": English
 * order stands in for it.
 */
export function nameCollator(locale?: string): Intl.Collator {
  const options: Intl.CollatorOptions = { numeric: true, sensitivity: "base" };
  const collator = new Intl.Collator(locale, options);
  return collator.resolvedOptions().locale.includes("-u-va-posix")
    ? new Intl.Collator("en", options)
    : collator;
}

let browserCollator: Intl.Collator | null = null;

/** Sorts entries: folders first, then by name (case aside, numbers by value). */
export function sortEntries(
  entries: readonly FolderEntry[],
  collator: Intl.Collator = (browserCollator ??= nameCollator()),
): FolderEntry[] {
  return [...entries].sort((a, b) =>
    a.kind !== b.kind
      ? a.kind === "folder"
        ? -1
        : 1
      : collator.compare(a.name, b.name) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
  );
}

/** The rules deciding what is left out: the listed `.gitignore`s and hidden names (or none). */
export function ignoreRulesOf(source: Pick<TreeSource, "gitignores" | "showIgnored">) {
  const rules = new IgnoreRules(source.showIgnored);
  if (!source.showIgnored) {
    for (const [folder, text] of Object.entries(source.gitignores))
      rules.addGitignore(folder, text);
  }
  return rules;
}

/** True when `name` matches the filter text (case aside; empty matches all). */
export function nameMatches(name: string, filter: string): boolean {
  return filter === "" || name.toLowerCase().includes(filter.toLowerCase());
}

/**
 * The nested nodes shown for the folder's listed entries. With a filter, an entry shows when
 * its name matches or a listed entry below it does (and such a folder is shown open, so the
 * matches are seen); `.gitignore`d and hidden entries are left out unless `showIgnored`.
 */
export function buildTree(source: TreeSource, filter = ""): TreeNode[] {
  const rules = ignoreRulesOf(source);
  const needle = filter.trim();
  const build = (folder: string, level: number): TreeNode[] => {
    const listing = source.listings[folder];
    if (!listing || listing.state !== "listed") return [];
    const nodes: TreeNode[] = [];
    for (const entry of sortEntries(listing.entries)) {
      const isFolder = entry.kind === "folder";
      if (rules.ignores(entry.path, isFolder)) continue;
      if (!isFolder) {
        if (nameMatches(entry.name, needle)) nodes.push(node(entry, level, false, [], null));
        continue;
      }
      const below = build(entry.path, level + 1);
      const selfMatches = nameMatches(entry.name, needle);
      if (!selfMatches && below.length === 0) continue;
      const open = source.expanded.has(entry.path) || (needle !== "" && below.length > 0);
      const own = source.listings[entry.path];
      const pending = open && own && own.state !== "listed" ? own : null;
      const loading = open && !own ? ({ state: "loading" } as const) : pending;
      nodes.push(node(entry, level, open, open ? below : [], loading));
    }
    return nodes;
  };
  return build("", 1);
}

/**
 * What the tree says when its folder shows nothing and no filter is typed: the folder has no
 * files (a directory input, too, gives none for a folder holding only empty folders), or every
 * one of them is ignored or hidden. Null while it shows entries, or is not listed yet.
 */
export function emptyTreeWords(source: TreeSource, shown: readonly TreeNode[]): string | null {
  const root = source.listings[""];
  if (shown.length > 0 || root?.state !== "listed") return null;
  if (root.entries.length === 0) return "This folder has no files.";
  return "Every file in this folder is ignored or hidden: turn on “Show ignored and hidden files” to see them.";
}

function node(
  entry: FolderEntry,
  level: number,
  expanded: boolean,
  children: TreeNode[],
  listing: FolderListing | null,
): TreeNode {
  return { entry, level, expanded, children, listing };
}

/** The items a person can move through, in order (the children of open folders included). */
export function visibleItems(nodes: readonly TreeNode[]): TreeNode[] {
  const items: TreeNode[] = [];
  const walk = (list: readonly TreeNode[]) => {
    for (const item of list) {
      items.push(item);
      if (item.expanded) walk(item.children);
    }
  };
  walk(nodes);
  return items;
}

/** What a key does in the tree. */
export type TreeMove =
  | { kind: "focus"; path: string }
  | { kind: "expand"; path: string }
  | { kind: "collapse"; path: string }
  | { kind: "open"; path: string }
  /** An open folder still being listed: focus its first child once the listing arrives. */
  | { kind: "first-child"; path: string };

/**
 * The WAI-ARIA tree pattern's keys as a move from the item at `path`: Up/Down to the previous
 * or next item, Home/End to the first or last, Right opens a closed folder or goes to its
 * first child, Left closes an open folder or goes to the parent, Enter opens a file (or
 * opens/closes a folder), a letter goes to the next item starting with it. Null: the key does
 * nothing here.
 */
export function treeMove(
  items: readonly TreeNode[],
  path: string | null,
  key: string,
): TreeMove | null {
  if (items.length === 0) return null;
  const index = Math.max(
    0,
    items.findIndex((item) => item.entry.path === path),
  );
  const current = items[index];
  const focus = (at: number): TreeMove => ({ kind: "focus", path: items[at].entry.path });
  const isFolder = current.entry.kind === "folder";
  switch (key) {
    case "ArrowDown":
      return index < items.length - 1 ? focus(index + 1) : null;
    case "ArrowUp":
      return index > 0 ? focus(index - 1) : null;
    case "Home":
      return focus(0);
    case "End":
      return focus(items.length - 1);
    case "ArrowRight":
      if (!isFolder) return null;
      if (!current.expanded) return { kind: "expand", path: current.entry.path };
      if (current.children.length > 0)
        return { kind: "focus", path: current.children[0].entry.path };
      return current.listing?.state === "loading"
        ? { kind: "first-child", path: current.entry.path }
        : null;
    case "ArrowLeft": {
      if (isFolder && current.expanded) return { kind: "collapse", path: current.entry.path };
      const parent = parentPath(current.entry.path);
      return parent !== "" ? { kind: "focus", path: parent } : null;
    }
    case "Enter":
      if (!isFolder) return { kind: "open", path: current.entry.path };
      return { kind: current.expanded ? "collapse" : "expand", path: current.entry.path };
    default:
      return typeAhead(items, index, key);
  }
}

/**
 * Where a waiting "first-child" move lands as the tree changes: "wait" while the folder at `path`
 * is still being listed, the path of its first shown child once listed, or null when there is
 * none to go to (listed empty, failed, closed or gone meanwhile).
 */
export function firstChildOnceListed(
  items: readonly TreeNode[],
  path: string,
): string | "wait" | null {
  const folder = items.find((item) => item.entry.path === path);
  if (!folder || !folder.expanded) return null;
  if (folder.children.length > 0) return folder.children[0].entry.path;
  return folder.listing?.state === "loading" ? "wait" : null;
}

/** A printable letter: the next item (after the current one, wrapping) whose name starts with it. */
function typeAhead(items: readonly TreeNode[], index: number, key: string): TreeMove | null {
  if (key.length !== 1 || key.trim() === "") return null;
  const letter = key.toLowerCase();
  for (let step = 1; step <= items.length; step++) {
    const item = items[(index + step) % items.length];
    if (item.entry.name.toLowerCase().startsWith(letter))
      return { kind: "focus", path: item.entry.path };
  }
  return null;
}

/** The kind of icon a file gets, by its extension. */
export type FileIconKind = "text" | "code" | "data" | "image" | "other";

const ICON_KINDS: Record<string, FileIconKind> = {};
for (const ext of ["txt", "md", "markdown", "rst", "log", "adoc", "rtf", "tex"])
  ICON_KINDS[ext] = "text";
for (const ext of [
  "ts",
  "tsx",
  "js",
  "jsx",
  "mjs",
  "cjs",
  "py",
  "rb",
  "go",
  "rs",
  "java",
  "kt",
  "c",
  "h",
  "cpp",
  "hpp",
  "cs",
  "php",
  "sh",
  "bash",
  "html",
  "htm",
  "css",
  "scss",
  "vue",
  "svelte",
  "sql",
  "swift",
  "lua",
  "pl",
  "r",
]) {
  ICON_KINDS[ext] = "code";
}
for (const ext of ["json", "yaml", "yml", "toml", "xml", "csv", "tsv", "ini", "conf", "env"])
  ICON_KINDS[ext] = "data";
for (const ext of ["png", "jpg", "jpeg", "gif", "svg", "webp", "ico", "bmp", "avif"])
  ICON_KINDS[ext] = "image";

/** The icon kind of a file name ("other" when its extension says nothing). */
export function fileIconKind(name: string): FileIconKind {
  const dot = name.lastIndexOf(".");
  if (dot <= 0) return "other";
  return ICON_KINDS[name.slice(dot + 1).toLowerCase()] ?? "other";
}

/** Every folder above `path` ("a/b/c.txt" → ["a", "a/b"]), to expand when revealing it. */
export function ancestorsOf(path: string): string[] {
  const names = path.split("/").slice(0, -1);
  return names.map((_, index) => names.slice(0, index + 1).join("/"));
}
