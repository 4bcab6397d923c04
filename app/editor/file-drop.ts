import { type Extension, Prec } from "@codemirror/state";
import { EditorView } from "@codemirror/view";

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
