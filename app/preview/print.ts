import { type PrintDocument, printDocumentHtml } from "~/text/print-document";

/** How long a fallback print frame stays in the page (printing may finish asynchronously). */
const FRAME_LIFETIME_MS = 60_000;

let lastPrintFrame: HTMLIFrameElement | null = null;

/**
 * Prints a document (A4, 2 cm margins; see `printDocumentHtml`) through a new window, which is
 * closed about 100 ms after the print dialog returns. When the popup is blocked (window.open
 * returns null or throws), prints through a hidden iframe titled "Print view" in this page
 * instead, so Print always does something; only the latest such frame is kept, and it is removed
 * after a minute. Returns the path used. Browser only.
 */
export function printText({ title, text }: PrintDocument): "window" | "iframe" {
  return printHtml(printDocumentHtml({ title, text }));
}

/** Prints a complete HTML page as `printText` does (a window, else a hidden frame). */
export function printHtml(html: string): "window" | "iframe" {
  let popup: Window | null = null;
  try {
    popup = window.open("", "_blank");
  } catch {
    popup = null;
  }
  if (popup) {
    const printWindow = popup;
    printWindow.document.open();
    printWindow.document.write(html);
    printWindow.document.close();
    printWindow.focus();
    printWindow.print();
    window.setTimeout(() => printWindow.close(), 100);
    return "window";
  }
  printInFrame(html);
  return "iframe";
}

function printInFrame(html: string): void {
  lastPrintFrame?.remove();
  const frame = document.createElement("iframe");
  frame.title = "Print view";
  frame.setAttribute("aria-hidden", "true");
  frame.tabIndex = -1;
  frame.style.cssText = "position:fixed;right:0;bottom:0;width:0;height:0;border:0;";
  document.body.append(frame);
  lastPrintFrame = frame;
  const frameDocument = frame.contentDocument;
  const frameWindow = frame.contentWindow;
  if (frameDocument && frameWindow) {
    frameDocument.open();
    frameDocument.write(html);
    frameDocument.close();
    frameWindow.focus();
    frameWindow.print();
  }
  window.setTimeout(() => {
    if (lastPrintFrame === frame) lastPrintFrame = null;
    frame.remove();
  }, FRAME_LIFETIME_MS);
}
