/// <reference lib="webworker" />
/**
 * Renders Markdown off the main thread (issue 30): the page posts the document's text, this
 * worker answers with the blocks that changed since the last render and every block's line
 * (the HTML is unsanitized: DOMPurify needs a DOM, so the page sanitizes each new block). Parsing a 1 MB document takes longer than a frame; here it never
 * delays a keystroke.
 */
import { BlockDiffer } from "~/text/markdown-blocks";
import { applyTextEdits, type TextEdit } from "~/text/text-edits";

// One worker per preview: it remembers the last render and sends only what changed.
const differ = new BlockDiffer();

/**
 * The whole text, or the edits since the last request (in order, positions in the text before
 * them): a keystroke in a 1 MB document then costs the page a few characters, not the document.
 */
export type MarkdownWorkerRequest =
  { id: number; source: string } | { id: number; edits: readonly TextEdit[] };

let text = "";

self.onmessage = (event: MessageEvent<MarkdownWorkerRequest>) => {
  const request = event.data;
  try {
    text = "source" in request ? request.source : applyTextEdits(text, request.edits);
    const update = differ.update(text);
    (self as unknown as Worker).postMessage({ id: request.id, update }, [update.lines.buffer]);
  } catch (error) {
    (self as unknown as Worker).postMessage({ id: request.id, error: String(error) });
  }
};
