import type { EditorView } from "@codemirror/view";
import { ImageOff } from "lucide-react";
import { type MouseEvent, useEffect, useRef, useState } from "react";
import { onDocumentChange } from "~/codemirror/doc-change-feed";
import { HEADING_ID_PREFIX } from "~/text/markdown-blocks";
import { PreviewRenderer, type PreviewRendererEvents } from "./preview-renderer";
import { keepScrollInStep } from "./preview-scroll";
import "./markdown-preview.css";

/** What the remote-images bar says (tests read it from here too). */
export function blockedImagesText(count: number): string {
  return count === 1
    ? "1 image from another site is not loaded, so that site cannot see that you opened this document."
    : `${count} images from other sites are not loaded, so those sites cannot see that you opened this document.`;
}

/**
 * Announces a render on its way as aria-busy (benchmarks and tests wait for it). Set on the
 * element, not through React state: rendering this component twice per preview update cost
 * keystrokes in a big document.
 */
function markBusy(pane: HTMLElement, busy: boolean): void {
  pane.setAttribute("aria-busy", String(busy));
}

/**
 * The formatted view of the Markdown document in `getView()`'s editor (issue 30), sanitized
 * (`sanitize-markdown.ts`), updated as the text changes and, with `syncScroll`, scrolled in step
 * with the editor. Remote images wait until the user loads them for this document; `docKey`
 * names the document (a new one starts with its images held back again).
 */
export function MarkdownPreview({
  getView,
  text,
  docKey,
  syncScroll = false,
  label = "Markdown preview",
  className = "",
}: {
  /** The editor whose document is shown (and followed as it changes)… */
  getView?: () => EditorView | null;
  /** …or a fixed text (the share page). */
  text?: string;
  docKey: string;
  syncScroll?: boolean;
  label?: string;
  className?: string;
}) {
  const paneRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const rendererRef = useRef<PreviewRenderer | null>(null);
  const [blockedImages, setBlockedImages] = useState(0);
  const [error, setError] = useState<string | null>(null);
  // The editor's view may not exist yet (the notepad creates it after its tabs load).
  const [viewWait, setViewWait] = useState(0);

  /** The renderer's events for this pane; `afterRender` runs once a render is on the page. */
  const paneEvents = (pane: HTMLElement, afterRender?: () => void): PreviewRendererEvents => ({
    onBlockedImages: setBlockedImages,
    onError: setError,
    onRendered: () => {
      markBusy(pane, false);
      afterRender?.();
    },
    onRendering: () => markBusy(pane, true),
  });

  useEffect(() => {
    const view = getView?.() ?? null;
    const pane = paneRef.current;
    const body = bodyRef.current;
    if (!pane || !body) return;
    if (text !== undefined) {
      body.replaceChildren();
      const renderer = new PreviewRenderer(
        body,
        { text: () => text, length: () => text.length },
        paneEvents(pane),
        docKey,
      );
      rendererRef.current = renderer;
      renderer.textChanged();
      return () => renderer.dispose();
    }
    if (!view) {
      const retry = setTimeout(() => setViewWait((count) => count + 1), 100);
      return () => clearTimeout(retry);
    }
    body.replaceChildren();
    setBlockedImages(0);
    let scroll: ReturnType<typeof keepScrollInStep> | null = null;
    const renderer = new PreviewRenderer(
      body,
      { text: () => view.state.doc.toString(), length: () => view.state.doc.length },
      paneEvents(pane, () => scroll?.realign()),
      docKey,
    );
    rendererRef.current = renderer;
    if (syncScroll) {
      scroll = keepScrollInStep(
        view,
        pane,
        () => renderer.blocks(),
        () => renderer.changedAt,
      );
    }
    const unsubscribe = onDocumentChange(view, (changes) => renderer.textChanged(changes));
    renderer.textChanged();
    return () => {
      unsubscribe();
      scroll?.dispose();
      renderer.dispose();
      rendererRef.current = null;
    };
  }, [getView, text, docKey, syncScroll, viewWait]);

  // Links within the document scroll the preview; the page's own address never changes.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest("a");
    const address = link?.getAttribute("href");
    if (!link || !address?.startsWith("#")) return;
    event.preventDefault();
    let fragment = address.slice(1);
    try {
      fragment = decodeURIComponent(fragment);
    } catch {
      // A malformed escape: look the fragment up as written.
    }
    const id = HEADING_ID_PREFIX + fragment.toLowerCase();
    bodyRef.current?.querySelector(`[id="${CSS.escape(id)}"]`)?.scrollIntoView();
  };

  return (
    <div
      ref={paneRef}
      role="region"
      aria-label={label}
      aria-busy="true"
      // Focusable, so the keyboard scrolls it.
      tabIndex={0}
      data-testid="markdown-preview"
      className={`relative min-h-0 min-w-0 flex-1 overflow-auto bg-white focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600 dark:bg-slate-950 ${className}`}
    >
      {blockedImages > 0 && !rendererRef.current?.imagesAllowed && (
        <div
          role="status"
          className="sticky top-0 z-10 flex flex-wrap items-center gap-2 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
        >
          <ImageOff size={16} aria-hidden="true" />
          <span className="flex-1">{blockedImagesText(blockedImages)}</span>
          <button
            type="button"
            onClick={() => {
              rendererRef.current?.allowImages();
              setBlockedImages(0);
            }}
            className="rounded-md border border-amber-400 bg-white px-2 py-1 font-medium hover:bg-amber-100 dark:border-amber-600 dark:bg-amber-900 dark:hover:bg-amber-800"
          >
            Load images
          </button>
        </div>
      )}
      {error && (
        <p
          role="alert"
          className="m-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-100"
        >
          {error}
        </p>
      )}
      <div ref={bodyRef} className="markdown-body px-6 py-4" onClick={onClick} />
    </div>
  );
}
