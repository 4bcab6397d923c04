/** Escapes text for HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** The print document of a tab: its name as title and the text, wrapped, on A4 with 2 cm margins. */
export function printDocumentHtml(name: string, text: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(name)}</title>
<style>@page{size:A4;margin:2cm}body{margin:0;font:11pt/1.5 Consolas,"Liberation Mono",monospace;color:#000}
pre{white-space:pre-wrap;overflow-wrap:anywhere;margin:0;font:inherit}</style></head>
<body><pre>${escapeHtml(text)}</pre></body></html>`;
}

/**
 * Prints text: in a new window, or (when the popup is blocked) through a hidden iframe in this
 * page, so Print always does something. Browser only.
 */
export function printText(name: string, text: string): void {
  const html = printDocumentHtml(name, text);
  let popup: Window | null = null;
  try {
    popup = window.open("", "_blank", "width=800,height=900");
  } catch {
    popup = null;
  }
  if (popup) {
    popup.document.open();
    popup.document.write(html);
    popup.document.close();
    popup.focus();
    popup.print();
    setTimeout(() => popup?.close(), 100);
    return;
  }
  const frame = document.createElement("iframe");
  frame.setAttribute("aria-hidden", "true");
  frame.tabIndex = -1;
  frame.style.cssText =
    "position:fixed;width:0;height:0;border:0;right:0;bottom:0;visibility:hidden";
  frame.dataset.notepadPrint = "true";
  document.body.append(frame);
  const doc = frame.contentDocument;
  if (!doc || !frame.contentWindow) {
    frame.remove();
    return;
  }
  doc.open();
  doc.write(html);
  doc.close();
  frame.contentWindow.focus();
  frame.contentWindow.print();
  setTimeout(() => frame.remove(), 1000);
}
