import { RotateCcw, X } from "lucide-react";
import { KEY_MODE_LABELS, KEY_MODES, type KeyMode } from "~/storage/key-mode";
import { useId, useState, useEffect } from "react";
import {
  clampEditorFontSize,
  EDITOR_FONT_SIZE,
  type EditorSettings,
  type EditorTheme,
  INDENT_SIZES,
  type IndentSize,
} from "~/storage/editor-settings";
import { useEditorStore } from "./editor-store";
import { SHORTCUT_ACTIONS } from "./shortcuts";
import { ICON_BUTTON_CLASS } from "~/ui/command-toolbar";

type ToggleKey =
  "showLineNumbers" | "wordWrap" | "showWhitespace" | "showPrintMargin" | "spellCheck";

const TOGGLES: { key: ToggleKey; label: string }[] = [
  { key: "showLineNumbers", label: "Line numbers" },
  { key: "wordWrap", label: "Word wrap" },
  { key: "showWhitespace", label: "Show whitespace" },
  { key: "showPrintMargin", label: "Print margin guide (column 80)" },
  { key: "spellCheck", label: "Spell check" },
];

const THEME_LABELS: Record<EditorTheme, string> = { light: "Light", dark: "Dark", blue: "Blue" };

const fieldClass =
  "h-9 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30 dark:border-slate-600 dark:bg-slate-900 dark:text-white";

/** The font size input: typing is free, the value is clamped to 8–72 on blur or Enter. */
function FontSizeInput({ value, onChange }: { value: number; onChange: (size: number) => void }) {
  const id = useId();
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const commit = () => {
    const size = clampEditorFontSize(Number(text));
    setText(String(size));
    if (size !== value) onChange(size);
  };
  return (
    <div className="flex items-center justify-between gap-3">
      <label htmlFor={id} className="text-sm">
        Font size (px)
      </label>
      <input
        id={id}
        type="number"
        min={EDITOR_FONT_SIZE.min}
        max={EDITOR_FONT_SIZE.max}
        step={1}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          const size = Number(event.target.value);
          if (size >= EDITOR_FONT_SIZE.min && size <= EDITOR_FONT_SIZE.max) onChange(size);
        }}
        onBlur={commit}
        onKeyDown={(event) => event.key === "Enter" && commit()}
        className={`${fieldClass} w-20`}
      />
    </div>
  );
}

/**
 * The settings side panel: display options of spec section 2, reset to defaults, and the
 * read-only keyboard shortcuts for the user's platform. Escape closes it.
 */
export function SettingsPanel({ onClose }: { onClose: () => void }) {
  const settings = useEditorStore((s) => s.settings);
  const setSettings = useEditorStore((s) => s.setSettings);
  const resetSettings = useEditorStore((s) => s.resetSettings);
  const shortcuts = useEditorStore((s) => s.keyboardShortcuts);
  const platform = useEditorStore((s) => s.platform);
  const headingId = useId();
  const indentId = useId();
  const themeId = useId();
  const keysId = useId();
  const keyMode = useEditorStore((s) => s.keyMode);
  const setKeyMode = useEditorStore((s) => s.setKeyMode);
  const update = (partial: Partial<EditorSettings>) => setSettings(partial);

  return (
    <aside
      aria-labelledby={headingId}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.stopPropagation();
          onClose();
        }
      }}
      className="fixed inset-x-0 bottom-0 z-40 flex max-h-[70dvh] w-full shrink-0 flex-col gap-4 overflow-y-auto border-t border-slate-200 bg-white p-4 text-slate-800 shadow-2xl md:static md:max-h-none md:w-80 md:border-t-0 md:border-l md:shadow-none dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
    >
      <div className="flex items-center justify-between">
        <h2 id={headingId} className="text-lg font-semibold">
          Settings
        </h2>
        <button
          type="button"
          title="Close settings"
          aria-label="Close settings"
          onClick={onClose}
          className={ICON_BUTTON_CLASS}
        >
          <X aria-hidden="true" size={18} />
        </button>
      </div>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
          Display
        </legend>
        {TOGGLES.map(({ key, label }) => (
          <label
            key={key}
            className="flex cursor-pointer items-center justify-between gap-3 text-sm"
          >
            <span>{label}</span>
            <input
              type="checkbox"
              checked={settings[key]}
              onChange={(event) => update({ [key]: event.target.checked })}
              className="h-4 w-4 accent-blue-600"
            />
          </label>
        ))}
      </fieldset>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
          Editor
        </legend>
        <FontSizeInput value={settings.fontSize} onChange={(fontSize) => update({ fontSize })} />
        <div className="flex items-center justify-between gap-3">
          <label htmlFor={indentId} className="text-sm">
            Indent size
          </label>
          <select
            id={indentId}
            value={settings.indentSize}
            onChange={(event) => update({ indentSize: Number(event.target.value) as IndentSize })}
            className={fieldClass}
          >
            {INDENT_SIZES.map((size) => (
              <option key={size} value={size}>
                {size} spaces
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-center justify-between gap-3">
          <label htmlFor={themeId} className="text-sm">
            Editor theme
          </label>
          <select
            id={themeId}
            value={settings.theme}
            onChange={(event) => update({ theme: event.target.value as EditorTheme })}
            className={fieldClass}
          >
            {(Object.keys(THEME_LABELS) as EditorTheme[]).map((theme) => (
              <option key={theme} value={theme}>
                {THEME_LABELS[theme]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-center justify-between gap-3">
          <label htmlFor={keysId} className="text-sm">
            Keys
          </label>
          <select
            id={keysId}
            value={keyMode}
            onChange={(event) => setKeyMode(event.target.value as KeyMode)}
            className={fieldClass}
          >
            {KEY_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {KEY_MODE_LABELS[mode]}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          onClick={resetSettings}
          className="mt-1 inline-flex h-9 items-center justify-center gap-2 rounded-md border border-slate-300 text-sm font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-slate-600 dark:hover:bg-slate-800"
        >
          <RotateCcw aria-hidden="true" size={16} />
          Reset to defaults
        </button>
      </fieldset>

      <section aria-label="Keyboard shortcuts">
        <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
          Keyboard shortcuts ({platform === "mac" ? "macOS" : "Windows / Linux"})
        </h3>
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
          {SHORTCUT_ACTIONS.map((action) => (
            <div key={action} className="contents">
              <dt>{action}</dt>
              <dd>
                <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs dark:border-slate-600 dark:bg-slate-800">
                  {shortcuts[action]}
                </kbd>
              </dd>
            </div>
          ))}
          <div className="contents">
            <dt>Indent / outdent lines</dt>
            <dd>
              <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs dark:border-slate-600 dark:bg-slate-800">
                Tab / Shift+Tab
              </kbd>
            </dd>
          </div>
        </dl>
      </section>
    </aside>
  );
}
