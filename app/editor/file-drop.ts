import { type Extension, Prec } from "@codemirror/state";
import { EditorView } from "@codemirror/view";
import { droppedFiles, type PickedFile } from "~/storage/disk-files";

/**
 * Opening a dropped file replaces CodeMirror's default (inserting the file's text at the drop
 * point), so a drop always means "open this file" (with its handle where the browser gives
 * one, so Save writes back to it).
 */
export function fileDropHandler(openFile: (files: Promise<PickedFile[]>) => void): Extension {
  return Prec.highest(
    EditorView.domEventHandlers({
      dragover(event) {
        if (!event.dataTransfer?.types.includes("Files")) return false;
        event.preventDefault();
        event.dataTransfer.dropEffect = "copy";
        return true;
      },
      drop(event) {
        if (!event.dataTransfer?.files.length) return false;
        event.preventDefault();
        openFile(droppedFiles(event.dataTransfer));
        return true;
      },
    }),
  );
}
