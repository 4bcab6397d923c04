import { printText } from "./print";
import { remoteImagesAllowed } from "./remote-images";

/**
 * Print in both editors: the text as it is, or, while a Markdown preview is shown
 * (`formatted`), the formatted document. The formatting code loads on first use; if it cannot
 * load, the text is printed instead, so Print always prints.
 */
export function printAsShown(
  title: string,
  text: string,
  formatted: boolean,
  docKey: string,
): void {
  if (!formatted) {
    printText({ title, text });
    return;
  }
  import("./formatted-document").then(
    ({ printFormatted }) => printFormatted(title, text, remoteImagesAllowed(docKey)),
    (error: unknown) => {
      console.error("The formatted print view could not be loaded", error);
      printText({ title, text });
    },
  );
}
