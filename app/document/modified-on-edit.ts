import { EditorState, type Extension, type Transaction } from "@codemirror/state";
import { isNotedAsEdit, originOf } from "./change-origin";
import { documentMeta, setMeta } from "./document-meta";

/**
 * The meta a change of text adds to its own transaction: `isModified` (and the time of the first
 * edit since a save) when the change is this window's edit (`isNotedAsEdit`: typing, a command,
 * a live session's text, a restore) and the document was saved; null otherwise. A transaction
 * that sets the unsaved flag itself keeps its own.
 */
export function modifiedByEdit(
  tr: Transaction,
  now: () => number,
): { isModified: true; lastModified: number } | null {
  if (!tr.docChanged || !isNotedAsEdit(originOf(tr))) return null;
  const meta = tr.startState.field(documentMeta, false);
  if (!meta || meta.isModified) return null;
  for (const effect of tr.effects) {
    if (effect.is(setMeta) && effect.value.isModified !== undefined) return null;
  }
  return { isModified: true, lastModified: now() };
}

/**
 * Whether a text change's only change of meta is the unsaved mark its edit added (the flag and
 * its time): storage writes it with the text, after the debounce, as typing always was.
 */
export function onlyMarkedByEdit(tr: Transaction | null): boolean {
  if (!tr?.docChanged) return false;
  const before = tr.startState.field(documentMeta, false);
  const after = tr.state.field(documentMeta, false);
  if (!before || !after) return false;
  // An edit only ever adds the mark. Defensive: no flow storage follows sends new text and a
  // cleared mark in one transaction today (a save or a file read again marks saved in a
  // transaction of its own), but one that did would be a change of meta to write at once.
  if (before.isModified && !after.isModified) return false;
  for (const key of Object.keys(after) as (keyof typeof after)[]) {
    if (key !== "isModified" && key !== "lastModified" && before[key] !== after[key]) return false;
  }
  return true;
}

/**
 * A document whose state marks itself unsaved (issue 51): this window's edit of a saved document
 * carries a `setMeta` of `isModified` in the same transaction, so the unsaved flag is the state's,
 * reaches the change feed with the edit and its origin, and no follower has to dispatch from
 * inside the view's update. Another window's text, a Drive merge or a file read in the
 * background leave the flag as it is. Constant time per transaction: a few field reads.
 */
export function markModifiedOnEdit(now: () => number = Date.now): Extension {
  return EditorState.transactionExtender.of((tr) => {
    const patch = modifiedByEdit(tr, now);
    return patch ? { effects: setMeta.of(patch) } : null;
  });
}
