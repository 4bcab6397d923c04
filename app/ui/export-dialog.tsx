import { type FormEvent, useId, useState } from "react";
import {
  EXPORT_FORMATS,
  type ExportFormat,
  exportFileName,
  exportTitle,
} from "~/text/export-formats";
import { safeFileName } from "~/text/file-name";
import { remoteImagesAllowed } from "~/preview/remote-images";
import { downloadBlob } from "./download";
import { exportBlob, preparePdfExport } from "./export-file";
import { DialogMessage, type DialogMessageValue, Modal } from "./modal";

/**
 * The Export dialog of both editors (the file-management tutorial's steps): pick a
 * format (.txt, .md, .html, .rtf, .pdf), optionally change the file name (the document's name
 * with the format's extension), Download. The PDF code loads only when PDF is chosen.
 */
export function ExportDialog({
  documentName,
  getText,
  formattedFrom = null,
  onClose,
}: {
  documentName: string;
  /** The text to download (read when Download is pressed). */
  getText: () => string;
  /**
   * For a Markdown document: HTML and PDF may be made "as formatted" (what the preview shows);
   * `docKey` says whether its remote images were allowed.
   */
  formattedFrom?: { docKey: string } | null;
  onClose: () => void;
}) {
  const [format, setFormat] = useState<ExportFormat>("txt");
  const [layout, setLayout] = useState<"formatted" | "plain">("formatted");
  const offersLayout = formattedFrom !== null && (format === "html" || format === "pdf");
  const [fileName, setFileName] = useState(() => exportFileName(documentName, "txt"));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<DialogMessageValue | null>(null);
  const nameId = useId();

  function chooseFormat(next: ExportFormat) {
    setFormat(next);
    setMessage(null);
    // The PDF code and font start loading when PDF is chosen, not when Download is pressed.
    if (next === "pdf") preparePdfExport();
    // A name the user typed keeps its base; only the extension follows the format.
    setFileName((current) => exportFileName(current.trim() || documentName, next));
  }

  async function download(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    const name = safeFileName(fileName.trim(), "") || exportFileName(documentName, format);
    try {
      const formatted =
        offersLayout && layout === "formatted"
          ? { allowRemoteImages: remoteImagesAllowed(formattedFrom.docKey) }
          : undefined;
      const result = await exportBlob(format, getText(), exportTitle(documentName), {
        formatted,
      });
      downloadBlob(result.blob, name);
      if (result.notes) {
        setMessage({ kind: "info", text: `Downloaded "${name}". ${result.notes}` });
      } else {
        onClose();
      }
    } catch (error) {
      console.error(error);
      setMessage({
        kind: "error",
        text: `"${name}" could not be made (${error instanceof Error ? error.message : "unknown error"}). Your text is unchanged; try again or choose another format.`,
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title="Export" onClose={onClose}>
      <form onSubmit={(event) => void download(event)} className="space-y-4 text-sm">
        <fieldset>
          <legend className="mb-2 font-medium">Format</legend>
          <div className="space-y-1">
            {EXPORT_FORMATS.map((option) => (
              <label
                key={option.id}
                className="flex cursor-pointer items-start gap-2 rounded-md px-2 py-1.5 hover:bg-slate-100 dark:hover:bg-slate-800"
              >
                <input
                  type="radio"
                  name="download-format"
                  value={option.id}
                  checked={format === option.id}
                  onChange={() => chooseFormat(option.id)}
                  data-autofocus={format === option.id || undefined}
                  className="mt-1"
                />
                <span>
                  <span className="block font-medium">{option.label}</span>
                  <span className="block text-xs text-slate-600 dark:text-slate-300">
                    {option.description}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        {offersLayout && (
          <fieldset>
            <legend className="mb-2 font-medium">Markdown</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-1">
              {(
                [
                  ["formatted", "As formatted (as the preview shows it)"],
                  ["plain", "As plain text"],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="flex cursor-pointer items-center gap-2 py-1">
                  <input
                    type="radio"
                    name="export-layout"
                    value={value}
                    checked={layout === value}
                    onChange={() => setLayout(value)}
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <div>
          <label htmlFor={nameId} className="mb-1 block font-medium">
            File name
          </label>
          <input
            id={nameId}
            type="text"
            value={fileName}
            onChange={(event) => setFileName(event.target.value)}
            spellCheck={false}
            className="w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-600 dark:bg-slate-900"
          />
        </div>
        <DialogMessage message={message} />
        <div className="flex justify-end gap-2">
          <button
            type="button"
            onClick={onClose}
            className="rounded-lg border border-slate-300 px-3 py-2 font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
          >
            {message?.kind === "info" ? "Close" : "Cancel"}
          </button>
          <button
            type="submit"
            disabled={busy}
            className="rounded-lg bg-blue-700 px-3 py-2 font-medium text-white hover:bg-blue-800 disabled:opacity-60 dark:bg-blue-500 dark:text-slate-950 dark:hover:bg-blue-400"
          >
            {busy ? "Preparing…" : "Download"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
