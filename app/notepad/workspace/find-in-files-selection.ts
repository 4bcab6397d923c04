import type { FileHits } from "~/workspace/find-in-files";
import type { ReplaceChoice } from "~/workspace/replace-plan";

/**
 * The review of Replace in files (issue 52): a checkbox per match and per file, every match
 * ticked until the person unticks it. Kept as the set of unticked matches, so results that
 * stream in later arrive ticked. Pure.
 */

/** A file's checkbox: every match ticked, some, or none. */
export type FileTick = "all" | "some" | "none";

/** The key of one match: its file and where it starts in the decoded text. */
export function matchKey(path: string, from: number): string {
  return `${path}\u0000${from}`;
}

/** Every match of a file that its result lists (those past the kept limit are not). */
function listedMatches(hits: FileHits): { from: number; to: number }[] {
  return hits.lines.flatMap((line) => line.matches);
}

export class ReplaceSelection {
  constructor(private readonly unticked: ReadonlySet<string> = new Set()) {}

  isTicked(path: string, from: number): boolean {
    return !this.unticked.has(matchKey(path, from));
  }

  fileTick(hits: FileHits): FileTick {
    const matches = listedMatches(hits);
    const ticked = matches.filter((match) => this.isTicked(hits.path, match.from)).length;
    return ticked === matches.length ? "all" : ticked === 0 ? "none" : "some";
  }

  /** With one match ticked or unticked. */
  toggleMatch(path: string, from: number): ReplaceSelection {
    const next = new Set(this.unticked);
    const key = matchKey(path, from);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    return new ReplaceSelection(next);
  }

  /** A file's checkbox clicked: all its matches ticked, or (when all were) none. */
  toggleFile(hits: FileHits): ReplaceSelection {
    const untick = this.fileTick(hits) === "all";
    const next = new Set(this.unticked);
    for (const { from } of listedMatches(hits)) {
      const key = matchKey(hits.path, from);
      if (untick) next.add(key);
      else next.delete(key);
    }
    return new ReplaceSelection(next);
  }

  /** The ticked matches of each file, as the replace plan takes them (files with none left out). */
  choices(files: readonly FileHits[]): ReplaceChoice[] {
    return files.flatMap((hits) => {
      const matches = listedMatches(hits).filter((match) => this.isTicked(hits.path, match.from));
      return matches.length === 0 ? [] : [{ hits, matches }];
    });
  }

  /** How many matches in how many files are ticked. */
  counts(files: readonly FileHits[]): { matches: number; files: number } {
    const choices = this.choices(files);
    return {
      matches: choices.reduce((sum, choice) => sum + choice.matches.length, 0),
      files: choices.length,
    };
  }
}
