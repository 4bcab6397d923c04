import type { LucideIcon } from "lucide-react";

/** Shared look of the editor's icon buttons. */
export const ICON_BUTTON_CLASS =
  "inline-flex h-9 min-w-9 shrink-0 items-center justify-center gap-1 rounded-md px-2 text-slate-700 hover:bg-slate-200/70 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600 disabled:opacity-40 aria-pressed:bg-blue-100 aria-pressed:text-blue-800 dark:text-slate-200 dark:hover:bg-slate-700 dark:aria-pressed:bg-blue-900 dark:aria-pressed:text-blue-100";

/** Props of ToolbarButton. */
export interface ToolbarButtonProps {
  /** Tooltip and accessible name (always equal). */
  label: string;
  icon: LucideIcon;
  onClick: () => void;
  /** Toggle state (aria-pressed) for theme and alignment buttons. */
  pressed?: boolean;
  disabled?: boolean;
  /** Visible text next to the icon. */
  text?: string;
}

/**
 * An icon button whose tooltip (title) and accessible name (aria-label) are the same label.
 * onMouseDown keeps the editor's focus and selection, so formatting applies to the selection.
 */
export function ToolbarButton({
  label,
  icon: Icon,
  onClick,
  pressed,
  disabled,
  text,
}: ToolbarButtonProps) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      aria-pressed={pressed}
      disabled={disabled}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={ICON_BUTTON_CLASS}
    >
      <Icon aria-hidden="true" size={18} />
      {text && <span className="hidden text-sm sm:inline">{text}</span>}
    </button>
  );
}

/** A thin vertical divider between toolbar groups. */
export function ToolbarDivider() {
  return (
    <span aria-hidden="true" className="mx-1 h-6 w-px shrink-0 bg-slate-300 dark:bg-slate-600" />
  );
}
