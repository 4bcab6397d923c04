/** Escapes text for use inside HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/**
 * The complete HTML of the print view: the text as preformatted, wrapping lines on A4 paper
 * with 2 cm margins (spec section 9), titled with the file name (browsers use it as the default
 * PDF name).
 */
export function printDocumentHtml(text: string, title: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>
@page { size: A4; margin: 2cm; }
html, body { margin: 0; padding: 0; background: #fff; color: #000; }
pre { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; font: 11pt/1.5 ui-monospace, Menlo, Consolas, "Courier New", monospace; }
</style>
</head>
<body><pre>${escapeHtml(text)}</pre></body>
</html>`;
}
