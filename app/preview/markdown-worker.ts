/// <reference lib="webworker" />
/**
 * Renders Markdown off the main thread (issue 30): the page posts the document's text, this
 * worker answers with its blocks' HTML (unsanitized: DOMPurify needs a DOM, so the page
 * sanitizes each new block). Parsing a 1 MB document takes longer than a frame; here it never
 * delays a keystroke.
 */
import { renderMarkdownBlocks } from "~/text/markdown-blocks";

interface RenderRequest {
  id: number;
  source: string;
}

self.onmessage = (event: MessageEvent<RenderRequest>) => {
  const { id, source } = event.data;
  try {
    (self as unknown as Worker).postMessage({ id, blocks: renderMarkdownBlocks(source) });
  } catch (error) {
    (self as unknown as Worker).postMessage({ id, error: String(error) });
  }
};
