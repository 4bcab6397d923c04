/// <reference lib="webworker" />
/**
 * Renders Markdown off the main thread (issue 30): the page posts the document's text, this
 * worker answers with the blocks that changed since the last render and every block's line
 * (the HTML is unsanitized: DOMPurify needs a DOM, so the page sanitizes each new block). Parsing a 1 MB document takes longer than a frame; here it never
 * delays a keystroke.
 */
import { BlockDiffer } from "~/text/markdown-blocks";

// One worker per preview: it remembers the last render and sends only what changed.
const differ = new BlockDiffer();

interface RenderRequest {
  id: number;
  source: string;
}

self.onmessage = (event: MessageEvent<RenderRequest>) => {
  const { id, source } = event.data;
  try {
    const update = differ.update(source);
    (self as unknown as Worker).postMessage({ id, update }, [update.lines.buffer]);
  } catch (error) {
    (self as unknown as Worker).postMessage({ id, error: String(error) });
  }
};
