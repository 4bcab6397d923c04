import { printDocumentHtml } from "~/text/print-document";

/** Saves `text` as a download named `fileName` (Blob of type text/plain). Browser only. */
export function downloadText(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers.
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

let lastPrintFrame: HTMLIFrameElement | null = null;

/**
 * Prints `text` through a new window (A4, 2 cm margins), closed about 100 ms after the print
 * dialog returns. When the popup is blocked (window.open returns null), prints through a hidden
 * iframe instead. Returns the path used. Browser only.
 */
export function printText(text: string, title: string): "window" | "iframe" {
  const html = printDocumentHtml(text, title);
  const popup = window.open("", "_blank");
  if (popup) {
    popup.document.open();
    popup.document.write(html);
    popup.document.close();
    popup.focus();
    popup.print();
    window.setTimeout(() => popup.close(), 100);
    return "window";
  }
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
  // Kept a while (print may be asynchronous), then removed.
  window.setTimeout(() => {
    if (lastPrintFrame === frame) lastPrintFrame = null;
    frame.remove();
  }, 60_000);
  return "iframe";
}
