import type { ChangeSet } from "@codemirror/state";
import { sliceAroundTyping } from "~/storage/work-slices";
import type { BlockDiffer, BlockUpdate } from "~/text/markdown-blocks";
import type { TextEdit } from "~/text/text-edits";
import { UpdateScheduler } from "~/text/update-timing";
import type { MarkdownWorkerRequest } from "./markdown-worker";
import { insertBlocks, removeBlock } from "./block-sections";
import { allowRemoteImages, remoteImagesAllowed } from "./remote-images";
import { sanitizeMarkdownHtml } from "./sanitize-markdown";

/** A block on the page: its source line, its unsanitized HTML (the key) and its element. */
interface ShownBlock {
  line: number;
  html: string;
  element: HTMLElement;
  /** Remote images held back in this block. */
  blockedImages: number;
  removed: boolean;
}

/** What the renderer tells its owner. */
export interface PreviewRendererEvents {
  /** The number of remote images held back in the whole document changed. */
  onBlockedImages(count: number): void;
  /** A render failed (null: the next one worked). The text itself is never touched. */
  onError(message: string | null): void;
  /** Every block of the latest render is on the page (the scroll position can be re-aligned). */
  onRendered(): void;
  /** A render started (the text is being parsed); `onRendered` follows when it is shown. */
  onRendering?(): void;
}

/** Class of each block's element (inside sections: block-sections.ts). */
export const PREVIEW_BLOCK_CLASS = "md-block";

let codeBlocks: Promise<typeof import("./code-blocks")> | null = null;

/**
 * The code-colouring chunk, imported once: each `import()` call also searches the whole page
 * for its preload links, which in a preview of thousands of blocks costs more than the colours.
 */
function loadCodeBlocks(): Promise<typeof import("./code-blocks")> {
  codeBlocks ??= import("./code-blocks").catch((error: unknown) => {
    codeBlocks = null;
    throw error;
  });
  return codeBlocks;
}

/** The document a preview shows. */
export interface PreviewSource {
  /** Its whole text (read only when a render starts). */
  text(): string;
  /** Its length, cheaply (read on every change). */
  length(): number;
}

type RenderReply = { id: number; update: BlockUpdate } | { id: number; error: string };

/**
 * Keeps a container showing a Markdown document's preview (issue 30). The text is parsed in a
 * worker (`markdown-worker.ts`); here only blocks whose HTML changed are sanitized and replaced,
 * a few milliseconds at a time, so a keystroke in a 1 MB document costs the page one block.
 * Renders never overlap: changes made while one runs are taken by the next.
 */
export class PreviewRenderer {
  private shown: ShownBlock[] = [];
  private queue: ShownBlock[] = [];
  private queueAt = 0;
  private pumping = false;
  private blockedImages = 0;
  private allowRemoteImages = false;
  private worker: Worker | null = null;
  private nextId = 0;
  private waitingFor: number | null = null;
  /** Sends the text to the worker when typing rests (update-timing.ts). */
  private readonly scheduler = new UpdateScheduler(() => this.send());
  private changedMeanwhile = false;
  private disposed = false;
  /**
   * The worker keeps the text it was last sent, and is sent only the edits since (`unsent`):
   * reading a 1 MB document as one string and posting it cost the page 15-25 ms per render,
   * which landed in a keystroke every few hundred milliseconds. The whole text goes when the
   * worker is new or the document was replaced.
   */
  private sendWhole = true;
  private unsent: ChangeSet | null = null;
  /** Where there is no worker: the same differ, on this thread. */
  private localDiffer: BlockDiffer | null = null;

  constructor(
    private readonly container: HTMLElement,
    private readonly source: PreviewSource,
    private readonly events: PreviewRendererEvents,
    /** The document's key for remote-image permission (remote-images.ts). */
    private readonly docKey: string,
  ) {
    this.allowRemoteImages = remoteImagesAllowed(docKey);
  }

  /**
   * The text changed (`changes`, from the text last seen), was replaced by another ("replaced":
   * a tab switch), or is shown for the first time: render it soon.
   */
  textChanged(changes?: ChangeSet | "replaced"): void {
    if (this.disposed) return;
    if (changes === "replaced") this.sendWhole = true;
    else if (changes && !this.sendWhole) {
      this.unsent = this.unsent ? this.unsent.compose(changes) : changes;
    }
    if (this.waitingFor !== null) {
      // Taken by the next render, once this one is shown; its wait counts from this change.
      this.scheduler.pending();
      this.changedMeanwhile = true;
      return;
    }
    // The first render at once; then when the text rests, or has waited long enough.
    this.scheduler.schedule(this.source.length(), this.nextId === 0);
  }

  /** Shows this document's remote images (re-draws the blocks holding some). */
  allowImages(): void {
    if (this.allowRemoteImages) return;
    this.allowRemoteImages = true;
    allowRemoteImages(this.docKey);
    this.enqueue(this.shown.filter((block) => block.blockedImages > 0));
  }

  /** Remote images are allowed for the document shown. */
  get imagesAllowed(): boolean {
    return this.allowRemoteImages;
  }

  /**
   * When (performance.now()) blocks were last added, filled or removed: the browser may scroll
   * the preview to keep its view still just after (scroll anchoring), which is not the user's.
   */
  changedAt = -Infinity;

  /** The blocks shown, in order: source line and element (for keeping scroll positions in step). */
  blocks(): readonly { line: number; element: HTMLElement }[] {
    return this.shown;
  }

  dispose(): void {
    this.disposed = true;
    this.scheduler.cancel();
    this.worker?.terminate();
    this.worker = null;
  }

  private getWorker(): Worker | null {
    if (typeof Worker === "undefined") return null;
    if (!this.worker) {
      this.worker = new Worker(new URL("./markdown-worker.ts", import.meta.url), {
        type: "module",
      });
      // A new worker knows no text yet.
      this.sendWhole = true;
      this.unsent = null;
      this.worker.onmessage = (event: MessageEvent<RenderReply>) => this.receive(event.data);
      this.worker.onerror = (event) => {
        event.preventDefault();
        this.worker?.terminate();
        this.worker = null;
        // The next worker starts from nothing: so does the page, so the two stay in step.
        for (const block of this.shown) block.removed = true;
        this.shown = [];
        this.container.replaceChildren();
        this.countImages(-this.blockedImages);
        this.receive({ id: this.waitingFor ?? -1, error: event.message || "worker failed" });
      };
    }
    return this.worker;
  }

  private send(): void {
    if (this.disposed) return;
    this.changedMeanwhile = false;
    this.scheduler.cancel();
    const id = ++this.nextId;
    this.waitingFor = id;
    this.events.onRendering?.();
    const worker = this.getWorker();
    if (worker) {
      const unsent = this.unsent;
      this.unsent = null;
      if (this.sendWhole || !unsent) {
        this.sendWhole = false;
        worker.postMessage({ id, source: this.source.text() } satisfies MarkdownWorkerRequest);
      } else {
        const edits: TextEdit[] = [];
        unsent.iterChanges((from, to, _fromB, _toB, inserted) =>
          edits.push([from, to, inserted.toString()]),
        );
        worker.postMessage({ id, edits } satisfies MarkdownWorkerRequest);
      }
      return;
    }
    const source = this.source.text();
    // No module workers (very old engines, unit tests): render here, from a chunk of its own.
    void import("~/text/markdown-blocks")
      .then(({ BlockDiffer }) => {
        this.localDiffer ??= new BlockDiffer();
        this.receive({ id, update: this.localDiffer.update(source) });
      })
      .catch((error: unknown) => this.receive({ id, error: String(error) }));
  }

  private receive(reply: RenderReply): void {
    if (this.disposed || reply.id !== this.waitingFor) return;
    this.waitingFor = null;
    if ("error" in reply) {
      console.error("The Markdown preview could not be made", reply.error);
      this.events.onError(
        "The preview could not be made from this text. Your text is safe; keep editing, and the preview tries again.",
      );
      if (!this.pumping) this.events.onRendered();
    } else {
      this.events.onError(null);
      this.apply(reply.update);
    }
    if (this.changedMeanwhile) this.textChanged();
  }

  /** Replaces the blocks whose HTML changed; keeps the elements of the rest. */
  private apply({ start, oldEnd, inserted, lines }: BlockUpdate): void {
    const old = this.shown;
    const doc = this.container.ownerDocument;
    const created: ShownBlock[] = inserted.map((block) => {
      const element = doc.createElement("div");
      element.className = PREVIEW_BLOCK_CLASS;
      return { line: block.line, html: block.html, element, blockedImages: 0, removed: false };
    });
    for (const block of old.slice(start, oldEnd)) {
      block.removed = true;
      removeBlock(block.element);
      this.countImages(-block.blockedImages);
    }
    insertBlocks(
      this.container,
      created.map((block) => block.element),
      old[oldEnd]?.element ?? null,
    );
    this.shown = [...old.slice(0, start), ...created, ...old.slice(oldEnd)];
    this.changedAt = performance.now();
    // Lines move when text is added above a block, even when its HTML stays the same.
    for (let i = 0; i < this.shown.length; i++) this.shown[i].line = lines[i];
    this.enqueue(created);
    if (created.length === 0 && !this.pumping) this.events.onRendered();
  }

  private enqueue(blocks: readonly ShownBlock[]): void {
    if (blocks.length === 0) return;
    if (this.queueAt >= this.queue.length) {
      this.queue = [];
      this.queueAt = 0;
    }
    this.queue.push(...blocks);
    if (!this.pumping) {
      this.pumping = true;
      void sliceAroundTyping().then((budget) => this.pump(budget));
    }
  }

  /**
   * Sanitizes queued blocks for `budget` ms, then waits for the next slice: 2 ms slices in the
   * browser's idle time while the user types (work-slices.ts), else 8 ms ones. With 8 ms slices
   * on timers while typing, one landed in a keystroke in six or so at 1 MB and set its p95.
   */
  private pump(budget: number): void {
    if (this.disposed) return;
    const started = performance.now();
    do {
      const block = this.queue[this.queueAt++];
      if (!block.removed) this.fill(block);
    } while (this.queueAt < this.queue.length && performance.now() - started < budget);
    if (this.queueAt < this.queue.length) {
      void sliceAroundTyping().then((next) => this.pump(next));
      return;
    }
    this.pumping = false;
    this.events.onRendered();
  }

  private fill(block: ShownBlock): void {
    const { fragment, blockedImages } = sanitizeMarkdownHtml(block.html, this.allowRemoteImages);
    block.element.replaceChildren(fragment);
    this.changedAt = performance.now();
    this.countImages(blockedImages - block.blockedImages);
    block.blockedImages = blockedImages;
    // A fenced block with a language (a cheap look at the HTML, not a query of the page).
    if (block.html.includes('<code class="language-')) {
      void loadCodeBlocks().then(({ highlightCodeBlocks }) => highlightCodeBlocks(block.element));
    }
  }

  private countImages(change: number): void {
    if (change === 0) return;
    this.blockedImages += change;
    this.events.onBlockedImages(this.blockedImages);
  }
}
