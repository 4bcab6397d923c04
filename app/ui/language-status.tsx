import { useId, useMemo, useState } from "react";
import {
  HIGHLIGHT_LIMIT_CHARS,
  LANGUAGES,
  languageInfo,
  type LanguageView,
} from "~/text/languages";
import { Modal } from "./modal";

const STATUS_BUTTON_CLASS =
  "rounded px-1.5 py-0.5 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-blue-600 dark:hover:bg-slate-800";

/**
 * The status bar's language: a button showing it ("Plain text", "JSON"…) that opens the picker,
 * and, for a document too big to highlight, a note with "Highlight anyway".
 */
export function LanguageStatus({
  view,
  chosen,
  onChoose,
  onForce,
}: {
  view: LanguageView;
  /** The language picked for this document; null when it follows the file name. */
  chosen: string | null;
  onChoose: (language: string | null) => void;
  onForce: () => void;
}) {
  const [picking, setPicking] = useState(false);
  const label = languageInfo(view.id).label;
  return (
    <>
      {view.tooLarge && (
        <span data-testid="status-highlight-off">
          Not highlighted (over {HIGHLIGHT_LIMIT_CHARS / (1024 * 1024)} MB){" "}
          <button type="button" className={`${STATUS_BUTTON_CLASS} underline`} onClick={onForce}>
            Highlight anyway
          </button>
        </span>
      )}
      <button
        type="button"
        aria-label={`Language: ${label}`}
        title="Choose the language this document is highlighted as"
        aria-haspopup="dialog"
        className={STATUS_BUTTON_CLASS}
        onClick={() => setPicking(true)}
      >
        {label}
      </button>
      {picking && (
        <LanguagePicker
          current={view.id}
          chosen={chosen}
          onChoose={(language) => {
            setPicking(false);
            onChoose(language);
          }}
          onClose={() => setPicking(false)}
        />
      )}
    </>
  );
}

/** A searchable list of every language, and "Automatic" (by the file name). */
function LanguagePicker({
  current,
  chosen,
  onChoose,
  onClose,
}: {
  current: string;
  chosen: string | null;
  onChoose: (language: string | null) => void;
  onClose: () => void;
}) {
  const [query, setQuery] = useState("");
  const searchId = useId();
  const options = useMemo(() => {
    const q = query.trim().toLowerCase();
    const all = [
      { id: null, label: "Automatic (from the file name)", extensions: [] as readonly string[] },
      ...LANGUAGES,
    ];
    if (!q) return all;
    return all.filter(
      (option) =>
        option.id !== null &&
        (option.label.toLowerCase().includes(q) || option.extensions.some((ext) => ext === q)),
    );
  }, [query]);
  return (
    <Modal title="Language of this document" onClose={onClose}>
      <p className="mb-2 text-sm">
        Highlighting, folding and comments follow the language. Your choice is kept with this
        document.
      </p>
      <label htmlFor={searchId} className="mb-1 block text-sm font-medium">
        Search languages
      </label>
      <input
        id={searchId}
        type="search"
        data-autofocus
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && options.length > 0) {
            event.preventDefault();
            onChoose(options[0].id);
          }
        }}
        className="mb-2 w-full rounded border border-slate-300 px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
      />
      {options.length === 0 ? (
        <p role="status" className="text-sm">
          No language matches “{query}”.
        </p>
      ) : (
        <ul aria-label="Languages" className="max-h-72 overflow-y-auto">
          {options.map((option) => {
            const selected = option.id === null ? chosen === null : chosen === option.id;
            return (
              <li key={option.id ?? "auto"}>
                <button
                  type="button"
                  aria-pressed={selected}
                  className="flex w-full justify-between rounded px-2 py-1 text-left text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 aria-pressed:font-semibold dark:hover:bg-slate-700"
                  onClick={() => onChoose(option.id)}
                >
                  <span>{option.label}</span>
                  {option.id === current && option.id !== null && (
                    <span className="text-slate-600 dark:text-slate-300">shown now</span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}
