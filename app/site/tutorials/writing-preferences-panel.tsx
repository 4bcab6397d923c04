import { useEffect, useId, useState } from "react";
import { CheckCircle2, RotateCcw } from "lucide-react";
import {
  DEFAULT_WRITING_PREFERENCES,
  readWritingPreferences,
  resetWritingPreferences,
  updateWritingPreferences,
  type WritingPreferences,
} from "~/storage/writing-preferences";

const TOGGLES: { key: keyof WritingPreferences; label: string; hint: string }[] = [
  {
    key: "showWordCount",
    label: "Show word count",
    hint: "The word and character count line under the simple editor.",
  },
  {
    key: "showLineNumbers",
    label: "Show line numbers",
    hint: "Line numbers beside your text. Shows the simple editor's setting (on by default); a change also applies to the notepad.",
  },
  {
    key: "checkSpelling",
    label: "Check spelling",
    hint: "Your browser's spell check underlines unknown words in the editor.",
  },
];

type Status = "idle" | "saved" | "reset" | "failed";

const STATUS_TEXT: Record<Status, string> = {
  idle: "Changes save automatically in this browser.",
  saved: "Saved automatically",
  reset: "All settings reset to their defaults",
  failed: "Your browser refused to store the change (storage may be full or blocked).",
};

/**
 * The customizing tutorial's three editor-behaviour toggles. Each change is stored at once
 * (writing-preferences.ts); the editors read the values on their next load. Line numbers and
 * spell check are read from the simple editor's own settings, so the switches show what the
 * editor does, also after a change there (another tab, or coming back to this page).
 */
export function WritingPreferencesPanel() {
  const headingId = useId();
  const [preferences, setPreferences] = useState<WritingPreferences>({
    ...DEFAULT_WRITING_PREFERENCES,
  });
  const [status, setStatus] = useState<Status>("idle");

  // Stored values are only known in the browser; the prerendered page shows the defaults.
  // Re-read when another tab changes storage or the page comes back from the back/forward cache.
  useEffect(() => {
    const refresh = () => setPreferences(readWritingPreferences());
    refresh();
    window.addEventListener("storage", refresh);
    window.addEventListener("pageshow", refresh);
    return () => {
      window.removeEventListener("storage", refresh);
      window.removeEventListener("pageshow", refresh);
    };
  }, []);

  function toggle(key: keyof WritingPreferences) {
    const result = updateWritingPreferences({ [key]: !preferences[key] });
    setPreferences(result.preferences);
    setStatus(result.saved ? "saved" : "failed");
  }

  function reset() {
    const result = resetWritingPreferences();
    setPreferences(result.preferences);
    setStatus(result.saved ? "reset" : "failed");
  }

  return (
    <section
      aria-labelledby={headingId}
      className="mt-10 rounded-2xl border border-slate-200 bg-slate-50 p-6 dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 id={headingId} className="text-xl font-bold text-slate-900 dark:text-white">
        Your editor preferences
      </h2>
      <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-700">
        {TOGGLES.map((toggleDef) => {
          const on = preferences[toggleDef.key];
          const hintId = `${headingId}-${toggleDef.key}-hint`;
          return (
            <li key={toggleDef.key} className="flex items-center justify-between gap-4 py-3">
              <span>
                <span
                  id={`${headingId}-${toggleDef.key}`}
                  className="block font-semibold text-slate-900 dark:text-white"
                >
                  {toggleDef.label}
                </span>
                <span id={hintId} className="block text-sm text-slate-600 dark:text-slate-300">
                  {toggleDef.hint}
                </span>
              </span>
              <button
                type="button"
                role="switch"
                aria-checked={on}
                aria-labelledby={`${headingId}-${toggleDef.key}`}
                aria-describedby={hintId}
                onClick={() => toggle(toggleDef.key)}
                className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 ${
                  on
                    ? "border-blue-700 bg-blue-700"
                    : "border-slate-500 bg-slate-300 dark:border-slate-400 dark:bg-slate-700"
                }`}
              >
                <span
                  aria-hidden="true"
                  className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${on ? "translate-x-5" : "translate-x-0.5"}`}
                />
              </button>
            </li>
          );
        })}
      </ul>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p
          role="status"
          className="inline-flex items-center gap-1.5 text-sm text-slate-700 dark:text-slate-200"
        >
          {status === "saved" || status === "reset" ? (
            <CheckCircle2
              aria-hidden="true"
              className="h-4 w-4 text-emerald-700 dark:text-emerald-400"
            />
          ) : null}
          {STATUS_TEXT[status]}
        </p>
        <button
          type="button"
          onClick={reset}
          className="inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:hover:bg-slate-800"
        >
          <RotateCcw aria-hidden="true" className="h-4 w-4" />
          Reset all settings
        </button>
      </div>
    </section>
  );
}
