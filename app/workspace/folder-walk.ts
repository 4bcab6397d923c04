import { IgnoreRules } from "./path-rules";
import type { WorkspaceFolder } from "./workspace-folder";

/** What a walk of the folder leaves out. */
export interface WalkOptions {
  /** Show and search names starting with a dot. Default false. */
  showHidden?: boolean;
  /** Read each folder's .gitignore and leave out what it names. Default true. */
  useGitignore?: boolean;
}

/**
 * Every file of the folder that the tree shows, folder by folder (breadth first, sorted by
 * name), reading each folder's `.gitignore` before judging its entries, so that a file a
 * `.gitignore` leaves out is never listed nor read. A folder that cannot be listed (gone, not
 * allowed) is reported to `unreadable` and the walk goes on.
 */
export async function* walkShownFiles(
  folder: WorkspaceFolder,
  { showHidden = false, useGitignore = true }: WalkOptions = {},
  unreadable: (path: string, error: unknown) => void = () => {},
): AsyncGenerator<string> {
  const rules = new IgnoreRules(showHidden);
  const pending = [""];
  while (pending.length > 0) {
    const current = pending.shift()!;
    let entries;
    try {
      entries = await folder.list(current);
    } catch (error) {
      unreadable(current, error);
      continue;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const gitignore = entries.find((entry) => entry.kind === "file" && entry.name === ".gitignore");
    if (useGitignore && gitignore) {
      try {
        const { bytes } = await folder.read(gitignore.path);
        rules.addGitignore(current, new TextDecoder().decode(bytes));
      } catch (error) {
        unreadable(gitignore.path, error);
      }
    }
    for (const entry of entries) {
      if (rules.ignores(entry.path, entry.kind === "folder")) continue;
      if (entry.kind === "folder") pending.push(entry.path);
      else yield entry.path;
    }
  }
}
