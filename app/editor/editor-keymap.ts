import { redo } from "@codemirror/commands";
import { type Extension, Prec } from "@codemirror/state";
import { EditorView, keymap } from "@codemirror/view";
import { undoWithinLimit } from "~/codemirror";
import { indentSelection, outdentSelection } from "~/text/indent";
import { toggleBold, toggleItalic, toggleUnderline } from "~/text/inline-markers";
import type { EditorActions } from "./editor-actions";

/**
 * The simple editor's key bindings (spec section 3), above CodeMirror's defaults: Mod is Ctrl on
 * Windows/Linux and Cmd on macOS. Actions are read through `actions()` at key time, so the
 * extension can be created once.
 */
export function editorKeymap(actions: () => EditorActions): Extension {
  const run = (name: Exclude<keyof EditorActions, "openFile">) => () => {
    actions()[name]();
    return true;
  };
  return Prec.high(
    keymap.of([
      { key: "Mod-b", run: (view) => toggleBold(view) },
      { key: "Mod-i", run: (view) => toggleItalic(view) },
      { key: "Mod-u", run: (view) => toggleUnderline(view) },
      { key: "Mod-l", run: run("alignLeft") },
      { key: "Mod-e", run: run("alignCenter") },
      { key: "Mod-r", run: run("alignRight") },
      { key: "Mod-z", run: (view) => undoWithinLimit(view) || true },
      { key: "Mod-y", run: (view) => redo(view) || true },
      { key: "Mod-Shift-z", run: (view) => redo(view) || true },
      { key: "Mod-f", run: run("openSearch") },
      { key: "Mod-p", run: run("print") },
      { key: "Tab", run: (view) => indentSelection(view) },
      { key: "Shift-Tab", run: (view) => outdentSelection(view) },
    ]),
  );
}

/**
 * Opening a dropped file replaces CodeMirror's default (inserting the file's text at the drop
 * point), so a drop always means "open this file".
 */
export function fileDropHandler(openFile: (file: File) => void): Extension {
  return Prec.highest(
    EditorView.domEventHandlers({
      dragover(event) {
        if (!event.dataTransfer?.types.includes("Files")) return false;
        event.preventDefault();
        event.dataTransfer.dropEffect = "copy";
        return true;
      },
      drop(event) {
        const file = event.dataTransfer?.files?.[0];
        if (!file) return false;
        event.preventDefault();
        openFile(file);
        return true;
      },
    }),
  );
}
