import { type CodeEditorHandle, textStatsField } from "~/codemirror";
import type { PreviewMode } from "~/storage/preview-mode";
import { useEditorStore } from "./editor-store";
import { countRest, startDocumentSearch } from "./search-bar";

/** What `window.__plainpadBench` offers the benchmark (only with `?bench` in the URL). */
export interface BenchHook {
  /** Replaces the document with `text`; resolves with ms from the call to the next paint. */
  open(text: string): Promise<number>;
  /**
   * Opens `bytes` as a picked file would be opened (decoding, encoding and line-ending
   * detection, the document replaced); resolves with ms from the call to the next paint.
   */
  openFile(bytes: BlobPart, name: string): Promise<number>;
  /**
   * Runs "search all" as the search bar does: resolves with the time to the first match
   * (`firstMs`), to the full count (`ms`) and the count.
   */
  search(query: string): Promise<{ firstMs: number; ms: number; count: number }>;
  /** Document length (cheap). */
  length(): number;
  /** Puts the cursor at the middle of the document and focuses the editor. */
  focusMiddle(): void;
  /** True once the background word count of a big document has finished. */
  settled(): boolean;
  /** True when nothing is left to write to this browser's storage (the first store is done). */
  stored(): boolean;
  /** Turns word wrap on or off (as the settings panel does); resolves after the next paint. */
  setWrap(on: boolean): Promise<void>;
  /** Scrolls to the end of the document (cursor there); resolves with ms to the next paint. */
  scrollToEnd(): Promise<number>;
  /** The language shown and whether it is highlighted (the status bar's figures). */
  language(): { id: string; highlighted: boolean };
  /** "Highlight anyway" for a document over the limit; resolves once it is highlighted. */
  highlightAnyway(): Promise<void>;
  /** Shows a Markdown document as the text, side by side with its preview, or the preview. */
  setPreviewMode(mode: PreviewMode): void;
}

declare global {
  interface Window {
    __plainpadBench?: BenchHook;
  }
}

const nextPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** Exposes the benchmark hook: a way to load a 50 MB document without typing it. */
export function installBenchHook(
  handle: CodeEditorHandle,
  onOpened: () => void,
  openFile: (file: File) => Promise<void>,
  isStored: () => boolean,
): void {
  window.__plainpadBench = {
    async open(text) {
      const start = performance.now();
      handle.resetDocument(text);
      // The new document is stored like any change (after the debounce, not inside "open").
      onOpened();
      await nextPaint();
      return performance.now() - start;
    },
    async openFile(bytes, name) {
      const start = performance.now();
      await openFile(new File([bytes], name, { type: "text/plain" }));
      await nextPaint();
      return performance.now() - start;
    },
    async search(query) {
      const start = performance.now();
      const { result } = startDocumentSearch(handle.view, query);
      const firstMs = performance.now() - start;
      if (result)
        await countRest(
          result.scanner,
          () => false,
          () => undefined,
        );
      return { firstMs, ms: performance.now() - start, count: result?.scanner.count ?? 0 };
    },
    async setWrap(on) {
      useEditorStore.getState().setSettings({ wordWrap: on });
      await nextPaint();
    },
    async scrollToEnd() {
      const start = performance.now();
      const view = handle.view;
      view.dispatch({ selection: { anchor: view.state.doc.length }, scrollIntoView: true });
      view.focus();
      await nextPaint();
      return performance.now() - start;
    },
    language: () => {
      const { id, highlighted } = useEditorStore.getState().language;
      return { id, highlighted };
    },
    async highlightAnyway() {
      const store = useEditorStore.getState();
      store.setLanguageView({ ...store.language, forced: true });
      while (!useEditorStore.getState().language.highlighted) await nextPaint();
      await nextPaint();
    },
    setPreviewMode: (mode) => useEditorStore.getState().setPreviewMode(mode),
    length: () => handle.view.state.doc.length,
    settled: () => handle.view.state.field(textStatsField).words !== null,
    stored: isStored,
    focusMiddle() {
      const view = handle.view;
      const line = view.state.doc.lineAt(Math.floor(view.state.doc.length / 2));
      view.dispatch({ selection: { anchor: line.to }, scrollIntoView: true });
      view.focus();
    },
  };
}
