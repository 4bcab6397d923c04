import type { ChangeSpec, StateCommand } from "@codemirror/state";
import { leadingSpaces, selectedLines } from "./line-ranges";

/** Bullet markers by nesting level (level = leading spaces / 2), repeating after the fourth. */
export const BULLETS = ["•", "◦", "‣", "⁃"] as const;

const BULLET_RE = /^( *)([•◦‣⁃]) /;
const NUMBER_RE = /^( *)(\d+)\. /;

/** The bullet for a line indented by `spaces` leading spaces (two spaces per level). */
export function bulletForIndent(spaces: number): string {
  return BULLETS[Math.floor(spaces / 2) % BULLETS.length];
}

/** Length of the list marker (bullet or number, with its space) after the indent, or 0. */
function markerLength(text: string): number {
  const match = BULLET_RE.exec(text) ?? NUMBER_RE.exec(text);
  return match ? match[0].length - match[1].length : 0;
}

type ListKind = "bullet" | "number";

function toggleList(kind: ListKind): StateCommand {
  const pattern = kind === "bullet" ? BULLET_RE : NUMBER_RE;
  return ({ state, dispatch }) => {
    const all = selectedLines(state);
    // Blank lines between items are left alone, unless only blank lines are selected.
    const content = all.filter((line) => line.text.trim() !== "");
    const lines = content.length > 0 ? content : all;
    const remove = lines.every((line) => pattern.test(line.text));
    const changes: ChangeSpec[] = [];
    let number = 1;
    for (const line of lines) {
      const indent = leadingSpaces(line.text);
      const existing = markerLength(line.text);
      if (remove) {
        changes.push({ from: line.from + indent, to: line.from + indent + existing });
        continue;
      }
      const marker = kind === "bullet" ? `${bulletForIndent(indent)} ` : `${number++}. `;
      changes.push({ from: line.from + indent, to: line.from + indent + existing, insert: marker });
    }
    dispatch(state.update({ changes, scrollIntoView: true, userEvent: "input.list" }));
    return true;
  };
}

/**
 * Bullet list: puts • ◦ ‣ ⁃ (by nesting level, two spaces per level) before each selected
 * non-blank line, replacing numbers; when every such line already has a bullet, removes them.
 */
export const toggleBulletList: StateCommand = toggleList("bullet");

/**
 * Numbered list: numbers the selected non-blank lines "1. ", "2. "... from 1 (replacing bullets
 * or old numbers); when every such line is already numbered, removes the numbers.
 */
export const toggleNumberedList: StateCommand = toggleList("number");
