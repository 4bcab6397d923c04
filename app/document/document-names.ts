/**
 * The naming rules of a set of open documents (moved from the notepad's tabs-model.ts, issue
 * 51): unique ids, "Untitled-N" names, the rename limits and a duplicate's name. Pure
 * functions; the document set (document-set.ts) applies them.
 */

/** Longest name a rename accepts (spec: up to 30 characters). */
export const MAX_DOCUMENT_NAME_LENGTH = 30;

/**
 * A fresh document id: "1" when there are no documents yet, otherwise the time `now` as a
 * string, bumped until it is unique (two documents made in the same millisecond must not share
 * an id).
 */
export function nextDocumentId(existingIds: readonly string[], now: number): string {
  if (existingIds.length === 0) return "1";
  const ids = new Set(existingIds);
  let candidate = now;
  while (ids.has(String(candidate))) candidate += 1;
  return String(candidate);
}

/** "Untitled-N" with N = document count + 1, raised until no existing document has that name. */
export function untitledName(existingNames: readonly string[]): string {
  const names = new Set(existingNames);
  let n = existingNames.length + 1;
  while (names.has(`Untitled-${n}`)) n += 1;
  return `Untitled-${n}`;
}

/**
 * The name a rename would keep: trimmed, at most 30 characters; null when the result is empty
 * (the rename is then ignored).
 */
export function normaliseName(input: string): string | null {
  const trimmed = input.trim().slice(0, MAX_DOCUMENT_NAME_LENGTH).trim();
  return trimmed === "" ? null : trimmed;
}

/** "name (Copy)": the name of a duplicate. */
export function duplicateName(name: string): string {
  return `${name} (Copy)`;
}
