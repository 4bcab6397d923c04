import { CloudDownload, CloudUpload, LogIn } from "lucide-react";
import { type JSX, useEffect, useState } from "react";

/**
 * The Google Drive slot of the simple editor's header. The Google Drive developer owns this file
 * and replaces this first version; the interface stays as is.
 */
export interface DriveControlsProps {
  /** The current document text (read on save only). */
  getContent: () => string;
  fileName: string;
  fileId: string | null;
  /** Replace the document with a file opened from Drive (the editor confirms if dirty). */
  onOpen: (file: { id: string; name: string; content: string }) => void;
  /** The document was saved to Drive as `fileId`: the editor stores it and clears dirty. */
  onSaved: (fileId: string) => void;
  /** Start the open-from-Drive flow at once (hand-off from the landing page). */
  autoOpen?: boolean;
}

const NOT_CONFIGURED =
  "Google Drive is not configured (missing client ID or API key configuration).";

const buttonClass =
  "inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:text-slate-200 dark:hover:bg-slate-800";

/** Sign in / Open from Drive / Save to Drive (first version: Drive not configured). */
export function DriveControls(props: DriveControlsProps): JSX.Element {
  const [message, setMessage] = useState<string | null>(null);
  const { autoOpen } = props;
  useEffect(() => {
    if (autoOpen) setMessage(NOT_CONFIGURED);
  }, [autoOpen]);
  const explain = () => setMessage(NOT_CONFIGURED);
  return (
    <div className="relative flex items-center gap-1">
      <button type="button" className={buttonClass} onClick={explain} title="Sign in">
        <LogIn aria-hidden="true" size={16} />
        <span className="sr-only xl:not-sr-only">Sign in</span>
      </button>
      <button type="button" className={buttonClass} onClick={explain} title="Open from Drive">
        <CloudDownload aria-hidden="true" size={16} />
        <span className="sr-only xl:not-sr-only">Open from Drive</span>
      </button>
      <button type="button" className={buttonClass} onClick={explain} title="Save to Drive">
        <CloudUpload aria-hidden="true" size={16} />
        <span className="sr-only xl:not-sr-only">Save to Drive</span>
      </button>
      <div role="alert" className="absolute right-0 top-full z-30 mt-2 w-72 empty:hidden">
        {message && (
          <p className="rounded-md border border-amber-300 bg-amber-50 shadow-lg px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
            {message}{" "}
            <button
              type="button"
              className="ml-2 underline"
              onClick={() => setMessage(null)}
              title="Dismiss"
            >
              Dismiss
            </button>
          </p>
        )}
      </div>
    </div>
  );
}
