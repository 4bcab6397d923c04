import { droppedFiles, type PickedFile } from "~/storage/disk-files";

/**
 * Catches files dropped anywhere on the page. Without this, a file dropped beside the editor
 * (on a toolbar, the gutter or the header) makes the browser leave the page to show the file,
 * taking the user's unsaved text with it. The files come with their handles where the browser
 * gives them (see `droppedFiles`). A drop the editor already handled (its own handler
 * called `preventDefault`) is left alone. Returns the function that removes the listeners.
 */
export function listenForPageFileDrops(
  onFiles: (files: Promise<PickedFile[]>) => void,
): () => void {
  const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes("Files") ?? false;
  const onDragOver = (event: DragEvent) => {
    if (!carriesFiles(event) || event.defaultPrevented) return;
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = "copy";
  };
  const onDrop = (event: DragEvent) => {
    if (!carriesFiles(event) || event.defaultPrevented) return;
    event.preventDefault();
    if (event.dataTransfer?.files.length) onFiles(droppedFiles(event.dataTransfer));
  };
  window.addEventListener("dragover", onDragOver);
  window.addEventListener("drop", onDrop);
  return () => {
    window.removeEventListener("dragover", onDragOver);
    window.removeEventListener("drop", onDrop);
  };
}
