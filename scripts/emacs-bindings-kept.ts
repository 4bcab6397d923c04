import type { Plugin } from "vite";

/**
 * @replit/codemirror-emacs registers its key bindings and named commands with calls marked
 * `/*@__PURE__*\/` at the top of its module (`EmacsHandler.bindKey(...)` in a loop and one
 * `EmacsHandler.addCommands({...})`). A bundler may drop a pure call whose result is unused, and
 * the production build did: Emacs keys loaded with no bindings at all (Ctrl+E, Ctrl+A did
 * nothing). This removes those two marks in that one module. The build fails when they are not
 * found, so an upgrade that changes them is looked at.
 */
const MARKED_CALLS = [
  "/*@__PURE__*/EmacsHandler.bindKey(",
  "/*@__PURE__*/EmacsHandler.addCommands(",
];

export function emacsBindingsKept(): Plugin {
  return {
    name: "plainpad-emacs-bindings-kept",
    transform(code, id) {
      if (!id.includes("/@replit/codemirror-emacs/")) return null;
      let fixed = code;
      for (const call of MARKED_CALLS) {
        if (!fixed.includes(call)) {
          throw new Error(
            `@replit/codemirror-emacs changed: "${call}" not found (see ${import.meta.url})`,
          );
        }
        fixed = fixed.split(call).join(call.replace("/*@__PURE__*/", ""));
      }
      return { code: fixed, map: null };
    },
  };
}
