import type { Text } from "@codemirror/state";

/**
 * Whether CodeMirror document `doc` holds exactly `text`, compared piece by piece: a big
 * document is never turned into one string for it.
 */
export function sameText(doc: Text, text: string | Text): boolean {
  if (doc === text) return true;
  if (doc.length !== text.length) return false;
  if (typeof text !== "string") return doc.eq(text);
  let at = 0;
  for (const iter = doc.iter(); !iter.next().done; at += iter.value.length) {
    if (!text.startsWith(iter.value, at)) return false;
  }
  return at === text.length;
}
