import { compileSearch } from "~/text/search";
import { encodeText, type TextEncodingId } from "~/text/text-encoding";
import { requiredAsciiBytes } from "./byte-prefilter";
import { findInFolder, type FindEvent, type FindQuery } from "./find-in-files";
import type { WorkspaceFolder } from "./workspace-folder";

/** The byte prefilter's tests' shared steps. */

/** The needle the prefilter takes from `query` (which must compile). */
export function needleFor(query: string, options: Omit<FindQuery, "query"> = {}) {
  const compiled = compileSearch(query, options);
  if (!compiled?.ok) throw new Error(`bad query ${query}`);
  return requiredAsciiBytes(query, options.regexp ?? true, compiled.regexp);
}

/** Every event of one search of `folder`. */
export async function events(folder: WorkspaceFolder, find: FindQuery): Promise<FindEvent[]> {
  const all: FindEvent[] = [];
  for await (const event of findInFolder(folder, find)) all.push(event);
  return all;
}

/** Whether `encoding` can hold `text`. */
export function encodeAble(text: string, encoding: TextEncodingId): boolean {
  try {
    encodeText(text, encoding);
    return true;
  } catch {
    return false;
  }
}
