import type { Text } from "@codemirror/state";
import { CHUNK_SIZE, chunkString, type ContentChunk } from "./document-store";

/** A save's chunks, and how to record them as stored once the save succeeded. */
export interface ChunkPlan {
  chunks: ContentChunk[];
  /** Call after the write succeeded: later plans then reuse these chunks. */
  commit(): void;
}

/**
 * Cuts a document into stored chunks along CodeMirror's own text tree. The tree is immutable
 * and shares every untouched subtree between versions, so after an edit only the chunks on the
 * edited path are new objects: those get new keys and are written, every other chunk is the
 * same object as at the last save and keeps its key. A keystroke in a 10 MB document thus
 * writes one chunk of a few kilobytes, not the whole text.
 *
 * One tracker per tab. `reset()` when the stored record may have been replaced by another
 * window (a conflict, or a remote version adopted): the next plan then writes every chunk.
 */
export class TextChunkTracker {
  private stored = new WeakMap<Text, string>();
  private storedString: { text: string; chunks: ContentChunk[] } | null = null;
  private counter = 0;
  private readonly session = Math.random().toString(36).slice(2, 8);

  constructor(private readonly maxChunk = CHUNK_SIZE) {}

  private newKey = () => `${this.session}-${this.counter++}`;

  /** The chunks for `content` (a CodeMirror document, or the plain text of a tab not shown yet). */
  plan(content: Text | string): ChunkPlan {
    if (typeof content === "string") {
      const known = this.storedString?.text === content ? this.storedString.chunks : null;
      const chunks = known
        ? known.map(({ key }) => ({ key }))
        : chunkString(content, this.newKey, this.maxChunk);
      return {
        chunks,
        commit: () => {
          this.storedString = { text: content, chunks };
          this.stored = new WeakMap();
        },
      };
    }
    const chunks: ContentChunk[] = [];
    const nodes: [Text, string][] = [];
    const visit = (node: Text) => {
      const children = node.children;
      if (children && node.length > this.maxChunk) {
        for (const child of children) visit(child);
        return;
      }
      const key = this.stored.get(node);
      if (key !== undefined) chunks.push({ key });
      else {
        const fresh = this.newKey();
        chunks.push({ key: fresh, text: node });
        nodes.push([node, fresh]);
        return;
      }
      nodes.push([node, key]);
    };
    visit(content);
    return {
      chunks,
      commit: () => {
        this.stored = new WeakMap(nodes);
        this.storedString = null;
      },
    };
  }

  /** Forgets what is stored: the next plan writes every chunk. */
  reset(): void {
    this.stored = new WeakMap();
    this.storedString = null;
  }
}
