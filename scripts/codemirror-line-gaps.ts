import type { Plugin } from "vite";

/**
 * A one-line fix to CodeMirror's view, applied at build time (docs/decisions/012).
 *
 * A new editor state (every document opened, `EditorView.setState`) draws the hidden parts of
 * very long lines ("line gaps") as horizontal gaps even when lines wrap: its constructor passes
 * `false` where every later redraw passes `heightOracle.lineWrapping`. With word wrap on, a
 * 10 MB one-line file then gets an unbreakable block about a million pixels wide; the first
 * measurement reads the content that wide, concludes the whole line fits in view and renders
 * all ten million characters, which Chromium takes seconds to lay out (2 MB: 1.3 s; 10 MB: over
 * 10 s). With the flag passed through, the first draw is the one the second would make: about
 * 10,000 characters and a vertical gap (2 MB: 20 ms; 10 MB: 30 ms).
 *
 * The build fails when the code is not found, so the upgrade that changes it (or fixes it
 * upstream) is looked at instead of silently losing the fix.
 */
export const LINE_GAP_BUG = "this.lineGaps.map(gap => gap.draw(this, false))";
export const LINE_GAP_FIX =
  "this.lineGaps.map(gap => gap.draw(this, this.heightOracle.lineWrapping))";

const CODEMIRROR_VIEW = /[\\/]@codemirror[\\/]view[\\/]dist[\\/]index\.(?:js|cjs)$/;

/** Applies the fix to `code` of @codemirror/view; throws when the code to fix is not there. */
export function fixLineGaps(code: string): string {
  if (!code.includes(LINE_GAP_BUG)) {
    throw new Error(
      "@codemirror/view changed: the line-gap fix (scripts/codemirror-line-gaps.ts) no longer applies. Check whether the new version still draws a new state's line gaps as horizontal when lines wrap.",
    );
  }
  return code.replace(LINE_GAP_BUG, LINE_GAP_FIX);
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
