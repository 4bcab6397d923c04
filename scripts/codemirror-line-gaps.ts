import type { Plugin } from "vite";

/**
 * Two one-line fixes to CodeMirror's view for very long wrapped lines, applied at build time
 * (docs/decisions/012 and 014). CodeMirror draws only a window of about 10,000 characters of
 * such a line; the hidden parts are "line gaps", blocks as tall as the text they stand for.
 *
 * 1. A new editor state (every document opened, `EditorView.setState`) draws its line gaps as
 *    horizontal gaps even when lines wrap: its constructor passes `false` where every later
 *    redraw passes `heightOracle.lineWrapping`. With word wrap on, a 10 MB one-line file then
 *    gets an unbreakable block about a million pixels wide; the first measurement reads the
 *    content that wide, concludes the whole line fits in view and renders all ten million
 *    characters, which Chromium takes seconds to lay out (10 MB: over 10 s; with the fix, 30 ms).
 *
 * 2. The window around the visible part keeps a margin of 10,000 characters, turned into
 *    pixels with the average line's characters per row. A gap already drawn is kept when its
 *    ends are within half a margin (5,000 characters) of the new ones. But a long line's own
 *    height comes from its gaps' estimates, not from that average, so the margin in pixels can
 *    stand for fewer characters than the 5,000 of slack. Ctrl+End in a 2 MB one-line file then
 *    kept the gap that started after the first screen and ran to the line's end as "the same"
 *    as the new one that ended 4,900 characters before it: the view scrolled to the end and
 *    showed an empty page until the next edit. The margin is now taken in the line's own
 *    proportion (characters of the line to its height), so it is always 10,000 characters.
 *
 * The build fails when the code is not found, so the upgrade that changes it (or fixes it
 * upstream) is looked at instead of silently losing a fix.
 */
export const LINE_GAP_FIXES = [
  {
    name: "a new state's line gaps follow the wrapping",
    bug: "this.lineGaps.map(gap => gap.draw(this, false))",
    fix: "this.lineGaps.map(gap => gap.draw(this, this.heightOracle.lineWrapping))",
  },
  {
    name: "the margin around a wrapped line's window is measured in that line's proportion",
    bug: "let marginHeight = (margin / this.heightOracle.lineLength) * this.heightOracle.lineHeight;",
    fix: "let marginHeight = (margin / structure.total) * line.height;",
  },
] as const;

const CODEMIRROR_VIEW = /[\\/]@codemirror[\\/]view[\\/]dist[\\/]index\.(?:js|cjs)$/;

/** Applies the fixes to `code` of @codemirror/view; throws when the code to fix is not there. */
export function fixLineGaps(code: string): string {
  let fixed = code;
  for (const { name, bug, fix } of LINE_GAP_FIXES) {
    if (!fixed.includes(bug)) {
      throw new Error(
        `@codemirror/view changed: the line-gap fix "${name}" (scripts/codemirror-line-gaps.ts) no longer applies. Check whether the new version still has the bug it fixes.`,
      );
    }
    fixed = fixed.replace(bug, fix);
  }
  return fixed;
}

/** The Vite plugin: runs `fixLineGaps` on @codemirror/view's bundle. */
export function codemirrorLineGaps(): Plugin {
  return {
    name: "plainpad:codemirror-line-gaps",
    enforce: "pre",
    transform(code, id) {
      if (!CODEMIRROR_VIEW.test(id.split("?")[0])) return null;
      return { code: fixLineGaps(code), map: null };
    },
  };
}
