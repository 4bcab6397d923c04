import ignore, { type Ignore } from "ignore";
import picomatch from "picomatch/posix";

/**
 * Which paths of an opened folder are shown and searched (issue 52): the folder's `.gitignore`
 * files, read with git's own rules (the `ignore` package), a switch for hidden files, and the
 * include and exclude globs of find in files (picomatch, the glob reader of Vite and Rollup).
 * Paths are relative to the folder, with "/" between names and no leading "/". Pure.
 */

/** Folders no one wants listed or searched, whatever the .gitignore says. */
const ALWAYS_SKIPPED = new Set([".git", ".hg", ".svn"]);

/** True for a name that starts with a dot (hidden on macOS and Linux). */
export function isHiddenName(name: string): boolean {
  return name.startsWith(".");
}

/** The last name of a path ("a/b/c.txt" → "c.txt"). */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/** The folder a path is in ("a/b/c.txt" → "a/b", "c.txt" → ""). */
export function parentPath(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash === -1 ? "" : path.slice(0, slash);
}

/**
 * The `.gitignore` files of a folder, each applying to its own folder and below, as git reads
 * them (a deeper file can re-include with `!`). Hidden files are left out unless `showHidden`.
 */
export class IgnoreRules {
  /** The rules of each folder holding a .gitignore, by the folder's path ("" for the root). */
  private readonly byFolder = new Map<string, Ignore>();

  constructor(readonly showHidden = false) {}

  /** Adds the text of the `.gitignore` in `folder` ("" for the opened folder itself). */
  addGitignore(folder: string, text: string): void {
    this.byFolder.set(folder, ignore().add(text));
  }

  /**
   * True when `path` is left out: a hidden name anywhere in it (unless shown), a version
   * control folder, or a .gitignore rule of a folder above it. Pass `isFolder` for folders,
   * so a rule such as `build/` applies.
   */
  ignores(path: string, isFolder = false): boolean {
    const names = path.split("/");
    for (const name of names) {
      if (ALWAYS_SKIPPED.has(name)) return true;
      if (!this.showHidden && isHiddenName(name)) return true;
    }
    // Each .gitignore from the root down judges the path relative to its folder; a later
    // (deeper) verdict overrides an earlier one, as git does with `!` rules.
    let ignored = false;
    for (let depth = 0; depth < names.length; depth++) {
      const folder = names.slice(0, depth).join("/");
      const rules = this.byFolder.get(folder);
      if (!rules) continue;
      const relative = names.slice(depth).join("/") + (isFolder ? "/" : "");
      const verdict = rules.test(relative);
      if (verdict.ignored) ignored = true;
      else if (verdict.unignored) ignored = false;
    }
    return ignored;
  }
}

/**
 * The include and exclude fields of find in files: globs separated by commas, as code editors
 * take them ("*.md, docs/**"). A glob without a "/" matches a name in any folder; a folder name
 * alone ("docs") means everything in it. Empty include means every file.
 */
export interface PathFilter {
  include: string;
  exclude: string;
}

/** The globs of a field: split at commas, trimmed, a bare folder name widened to its files. */
export function globsOf(field: string): string[] {
  return field
    .split(",")
    .map((glob) => glob.trim().replace(/^\.\//, "").replace(/\/$/, "/**"))
    .filter((glob) => glob !== "");
}

/**
 * The globs a field means, as picomatch reads them: a glob without a "/" matches a name in any
 * folder, and a file inside a folder of that name ("node_modules" skips all of it).
 */
function expandedGlobs(field: string): string[] {
  return globsOf(field).flatMap((glob) =>
    glob.includes("/") ? [glob] : [`**/${glob}`, `**/${glob}/**`],
  );
}

/** A test of a path against the include and exclude fields (case-insensitive, dot files too). */
export function pathMatcher({ include, exclude }: PathFilter): (path: string) => boolean {
  const options = { dot: true, nocase: true };
  const includes = expandedGlobs(include);
  const excludes = expandedGlobs(exclude);
  const included = includes.length ? picomatch(includes, options) : null;
  const excluded = excludes.length ? picomatch(excludes, options) : null;
  return (path) => (included === null || included(path)) && !(excluded?.(path) ?? false);
}
