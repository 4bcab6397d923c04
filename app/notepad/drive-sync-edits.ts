import type { ChangeSpec } from "@codemirror/state";
import { MAX_TAB_NAME_LENGTH } from "./tabs-model";

/**
 * How the Drive sync's changes land in the notepad's tabs (pure): the smallest change that puts
 * a merged text in a tab, and a Drive copy's name within the tab name limit.
 */

/** `name` with " (Drive copy)" kept whole within the 30-character tab name limit. */
export function fitCopyName(name: string, suffix = " (Drive copy)"): string {
  if (name.length <= MAX_TAB_NAME_LENGTH) return name;
  if (!name.endsWith(suffix)) return name.slice(0, MAX_TAB_NAME_LENGTH).trim();
  const base = name.slice(0, name.length - suffix.length);
  return `${base.slice(0, MAX_TAB_NAME_LENGTH - suffix.length).trim()}${suffix}`;
}

/**
 * The smallest single change turning `before` into `after` (common start and end kept), so a
 * merged text from Drive moves the caret and the undo history of the shown tab as little as
 * possible. Null when the texts are equal.
 */
export function minimalChange(before: string, after: string): ChangeSpec | null {
  if (before === after) return null;
  let start = 0;
  const shorter = Math.min(before.length, after.length);
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let end = 0;
  while (
    end < shorter - start &&
    before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end)
  )
    end++;
  return { from: start, to: before.length - end, insert: after.slice(start, after.length - end) };
}
