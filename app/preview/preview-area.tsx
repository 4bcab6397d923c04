import type { EditorView } from "@codemirror/view";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import type { PreviewMode } from "~/storage/preview-mode";

// The preview (DOMPurify, its worker, its styles) loads when a Markdown preview is first shown:
// plain-text documents never load it.
// A failed load (offline before it was cached) shows a message, never an error page.
const MarkdownPreview = lazy(() =>
  import("./markdown-preview").then(
    (module) => ({ default: module.MarkdownPreview }),
    (error: unknown) => {
      console.error("The Markdown preview could not be loaded", error);
      return { default: PreviewUnavailable };
    },
  ),
);

function PreviewUnavailable() {
  return (
    <p role="alert" className="m-4 flex-1 text-sm text-red-800 dark:text-red-200">
      The preview could not be loaded. Check your connection and reload the page; your text is safe.
    </p>
  );
}

/** Below this width the text and the preview take turns instead of sharing the screen. */
const NARROW_QUERY = "(max-width: 767px)";

function useNarrowScreen(): boolean {
  const [narrow, setNarrow] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(NARROW_QUERY);
    const update = () => setNarrow(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return narrow;
}

const SWITCH_BUTTON =
  "flex-1 rounded-md px-3 py-1.5 text-sm font-medium aria-pressed:bg-white aria-pressed:text-slate-900 aria-pressed:shadow-sm dark:aria-pressed:bg-slate-700 dark:aria-pressed:text-white";

/**
 * An editor's text area with its Markdown preview (issue 30). `mode` applies only while
 * `markdown` is true (other documents show the text alone). Side by side on wide screens; on a
 * phone the text and the preview take turns, with a Text / Preview switch above them. The
 * editor stays mounted when hidden, so its state, selection and undo history are untouched.
 */
export function PreviewArea({
  mode,
  markdown,
  getView,
  docKey,
  children,
}: {
  mode: PreviewMode;
  markdown: boolean;
  getView: () => EditorView | null;
  docKey: string;
  /** The editor. */
  children: ReactNode;
}) {
  const narrow = useNarrowScreen();
  const previewOn = markdown && mode !== "editor";
  const [phoneShows, setPhoneShows] = useState<"text" | "preview">("text");
  useEffect(() => setPhoneShows(mode === "preview" ? "preview" : "text"), [mode]);

  const showText = !previewOn || (narrow ? phoneShows === "text" : mode === "split");
  const showPreview = previewOn && (narrow ? phoneShows === "preview" : true);

  return (
    <div className="flex min-h-0 min-w-0 flex-1 flex-col">
      {previewOn && narrow && (
        <div
          role="group"
          aria-label="Show"
          className="m-2 flex gap-1 rounded-lg bg-slate-100 p-1 text-slate-700 dark:bg-slate-800 dark:text-slate-200"
        >
          <button
            type="button"
            aria-pressed={phoneShows === "text"}
            onClick={() => setPhoneShows("text")}
            className={SWITCH_BUTTON}
          >
            Text
          </button>
          <button
            type="button"
            aria-pressed={phoneShows === "preview"}
            onClick={() => setPhoneShows("preview")}
            className={SWITCH_BUTTON}
          >
            Preview
          </button>
        </div>
      )}
      <div className="flex min-h-0 min-w-0 flex-1">
        <div
          className={showText ? "flex min-h-0 min-w-0 flex-1 flex-col" : "hidden"}
          data-testid="text-side"
        >
          {children}
        </div>
        {showPreview && (
          <Suspense
            fallback={
              <p role="status" className="flex-1 p-4 text-sm text-slate-600 dark:text-slate-300">
                Loading the preview…
              </p>
            }
          >
            <MarkdownPreview
              getView={getView}
              docKey={docKey}
              syncScroll={showText}
              className={showText ? "border-l border-slate-200 dark:border-slate-700" : ""}
            />
          </Suspense>
        )}
      </div>
    </div>
  );
}
