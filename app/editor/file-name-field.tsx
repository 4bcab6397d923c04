import { useEffect, useRef, useState } from "react";
import { useEditorStore } from "./editor-store";

/**
 * The document name in the header: a button showing the name (the store's copy of the
 * document's); click it to edit, Enter or blur to finish with `onRename` (which appends ".txt"
 * when missing), Escape to cancel.
 */
export function FileNameField({ onRename }: { onRename: (name: string) => void }) {
  const fileName = useEditorStore((s) => s.fileName);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(fileName);
  const inputRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const cancelled = useRef(false);

  useEffect(() => {
    if (editing) {
      inputRef.current?.focus();
      inputRef.current?.select();
    }
  }, [editing]);

  function finish() {
    if (!cancelled.current) onRename(draft);
    cancelled.current = false;
    setEditing(false);
    requestAnimationFrame(() => buttonRef.current?.focus());
  }

  if (editing) {
    return (
      <input
        ref={inputRef}
        aria-label="File name"
        value={draft}
        maxLength={255}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={finish}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            event.currentTarget.blur();
          } else if (event.key === "Escape") {
            event.preventDefault();
            cancelled.current = true;
            event.currentTarget.blur();
          }
        }}
        className="h-9 w-44 min-w-0 rounded-md border border-blue-500 bg-white px-2 text-sm font-semibold text-slate-900 outline-none sm:w-64 dark:bg-slate-800 dark:text-white"
      />
    );
  }
  const label = `Rename ${fileName}`;
  return (
    <button
      ref={buttonRef}
      type="button"
      title={label}
      aria-label={label}
      onClick={() => {
        setDraft(fileName);
        setEditing(true);
      }}
      className="h-9 max-w-44 truncate rounded-md px-2 text-left text-sm font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 sm:max-w-72 dark:text-white dark:hover:bg-slate-800"
    >
      {fileName}
    </button>
  );
}
