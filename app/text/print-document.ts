/**
 * Escapes text for use inside HTML element content and attribute values: & < > " and ' become
 * numeric character references (&#38; &#60; &#62; &#34; &#39;).
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** What a print view shows. */
export interface PrintDocument {
  /** The document's name: the page title, which browsers use as the default PDF name. */
  title: string;
  /** The text, printed literally (escaped), lines wrapped. */
  text: string;
}

/**
 * The complete HTML of the print view of both editors: the text as preformatted, wrapping lines
 * on A4 paper with 2 cm margins (spec section 9), titled with the document's name. Pure.
 */
export function printDocumentHtml({ title, text }: PrintDocument): string {
  return standaloneHtmlPage({
    title,
    css: `@page { size: A4; margin: 2cm; }
html, body { margin: 0; padding: 0; background: #fff; color: #000; }
pre { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; font: 11pt/1.5 ui-monospace, Menlo, Consolas, "Courier New", monospace; }`,
    body: `<pre>${escapeHtml(text)}</pre>`,
  });
}

/** What `standaloneHtmlPage` puts together. */
export interface StandalonePage {
  /** The page title, as is (escaped here). */
  title: string;
  /** Extra `<meta>` elements for the head, in order (written as they are). */
  meta?: readonly string[];
  /** The stylesheet, in one `<style>` element. */
  css: string;
  /** The body's HTML, as is. */
  body: string;
}

/**
 * One self-contained English HTML5 page in UTF-8, the shell that the print view, the HTML
 * export and the formatted Markdown page share: no script, no external resource. Pure.
 */
export function standaloneHtmlPage({ title, meta = [], css, body }: StandalonePage): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
${meta.map((element) => `${element}\n`).join("")}<title>${escapeHtml(title)}</title>
<style>
${css.trim()}
</style>
</head>
<body>
${body}
</body>
</html>
`;
}
