import { ClipboardCopy, FilePen } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { putHandoff } from "~/storage/handoff";
import { BODY_TEXT, CARD, SMALL_BUTTON } from "~/site/marketing/styles";
import { writeClipboardText } from "~/ui/clipboard";
import type { PlainTextTemplate } from "./templates";

type CopyState = "idle" | "copied" | "failed";

/**
 * A template shown in a <pre>, with "Open in editor" (hands the text to /editor/ through the
 * IndexedDB hand-off, like the landing page's file button) and "Copy" (clipboard, with a
 * visible result).
 */
export function TemplateCard({ template }: { template: PlainTextTemplate }) {
  const navigate = useNavigate();
  const [copyState, setCopyState] = useState<CopyState>("idle");
  const [error, setError] = useState<string | null>(null);
  const resetTimer = useRef<number | undefined>(undefined);
  const headingId = `template-${template.id}`;

  useEffect(() => () => window.clearTimeout(resetTimer.current), []);

  async function openInEditor() {
    setError(null);
    try {
      await putHandoff({
        kind: "file",
        name: template.fileName,
        content: template.content,
        createdAt: Date.now(),
      });
    } catch {
      setError(
        "Your browser blocked local storage, so the template could not be passed to the editor. Use Copy instead.",
      );
      return;
    }
    navigate("/editor/");
  }

  async function copy() {
    window.clearTimeout(resetTimer.current);
    setCopyState((await writeClipboardText(template.content)) ? "copied" : "failed");
    resetTimer.current = window.setTimeout(() => setCopyState("idle"), 4000);
  }

  return (
    <li className={`${CARD} flex min-w-0 flex-col`}>
      <h3 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
        {template.title}
      </h3>
      <p className={`mt-1 text-sm ${BODY_TEXT}`}>{template.description}</p>
      <pre
        tabIndex={0}
        aria-label={`${template.title} template text`}
        className="mt-4 max-h-64 flex-1 overflow-auto rounded-lg bg-slate-100 p-4 font-mono text-xs leading-relaxed text-slate-900 dark:bg-slate-950 dark:text-slate-100"
      >
        {template.content}
      </pre>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <button
          type="button"
          onClick={openInEditor}
          className={SMALL_BUTTON}
          aria-describedby={headingId}
        >
          <FilePen aria-hidden="true" size={16} />
          Open in editor
        </button>
        <button type="button" onClick={copy} className={SMALL_BUTTON} aria-describedby={headingId}>
          <ClipboardCopy aria-hidden="true" size={16} />
          Copy
        </button>
        <span role="status" className="text-sm font-medium">
          {copyState === "copied" && (
            <span className="text-green-800 dark:text-green-300">Copied</span>
          )}
          {copyState === "failed" && (
            <span className="text-rose-800 dark:text-rose-300">
              Copy failed: select the text and press Ctrl+C
            </span>
          )}
        </span>
      </div>
      {error && (
        <p role="alert" className="mt-3 text-sm text-rose-800 dark:text-rose-300">
          {error}
        </p>
      )}
    </li>
  );
}
