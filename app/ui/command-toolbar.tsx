import { Ellipsis, type LucideIcon } from "lucide-react";
import { type ReactNode, useLayoutEffect, useMemo, useRef, useState } from "react";
import { type CommandSurface, commandEnabled, menuEntriesFor } from "./command-menus";
import {
  type Command,
  commandById,
  isSubmenuLayout,
  type LayoutEntry,
  SEPARATOR,
} from "./commands";
import { MenuButton } from "./menu-button";

/**
 * Shared look of toolbar icon buttons: 36 px on a desk, 44 px touch targets on narrow screens.
 */
export const ICON_BUTTON_CLASS =
  "inline-flex h-9 min-w-9 max-sm:h-11 max-sm:min-w-11 shrink-0 items-center justify-center gap-1 rounded-md px-2 text-slate-700 hover:bg-slate-200/70 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600 disabled:opacity-40 aria-pressed:bg-blue-100 aria-pressed:text-blue-800 dark:text-slate-200 dark:hover:bg-slate-700 dark:aria-pressed:bg-blue-900 dark:aria-pressed:text-blue-100";

/** Props of IconButton. */
export interface IconButtonProps {
  /** Tooltip and accessible name (always equal). */
  label: string;
  icon: LucideIcon;
  onClick: () => void;
  /** Toggle state (aria-pressed). */
  pressed?: boolean;
  disabled?: boolean;
  /** Visible text next to the icon (from the small breakpoint up). */
  text?: string;
}

/**
 * The one toolbar button of both editors: an icon button whose tooltip and accessible name
 * are its label. A pointer press does not take the focus, so the text keeps its selection
 * and formatting applies to it.
 */
export function IconButton({
  label,
  icon: Icon,
  onClick,
  pressed,
  disabled,
  text,
}: IconButtonProps) {
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

/** The button of one registered command. */
export function CommandButton<Ctx, State>({
  command,
  surface,
  text,
}: {
  command: Command<Ctx, State>;
  surface: CommandSurface<Ctx, State>;
  /** Show the label as visible text beside the icon. */
  text?: boolean;
}) {
  const checked = command.isChecked?.(surface.state);
  const label = (checked && command.checkedLabel) || command.label;
  const icon = (checked && command.checkedIcon) || command.icon;
  if (!icon) throw new Error(`Command "${command.id}" has no icon for a toolbar`);
  return (
    <IconButton
      label={label}
      icon={icon}
      text={text ? label : undefined}
      // A toggle whose label names its other state ("Exit fullscreen") is not also "pressed".
      pressed={command.checkedLabel ? undefined : checked}
      disabled={!commandEnabled(command, surface.state)}
      onClick={() => void command.run(surface.ctx)}
    />
  );
}

/** Width of the "More" button, reserved when anything overflows (px). */
const MORE_BUTTON_WIDTH = 48;

/**
 * A one-row toolbar made from a layout of command ids. Entries that do not fit the row move,
 * from the end, into a "More" menu at its end (reachable by keyboard and screen readers like
 * any menu button), so a phone keeps a single row and the text keeps its space.
 */
export function CommandToolbar<Ctx, State>({
  label,
  layout,
  surface,
  slots = {},
  className = "",
  after,
}: {
  /** Accessible name of the toolbar. */
  label: string;
  layout: readonly LayoutEntry[];
  surface: CommandSurface<Ctx, State>;
  /** Content of the layout's slots, by name (hidden with their neighbours when they overflow). */
  slots?: Record<string, ReactNode>;
  className?: string;
  /** Content after the buttons that always stays visible (e.g. a link). */
  after?: ReactNode;
}) {
  const rowRef = useRef<HTMLDivElement>(null);
  const widths = useRef<number[]>([]);
  // Submenus ("Lines") always sit in the "More" menu; the rest fill the row while they fit.
  const [row, moreOnly] = useMemo(
    () => [layout.filter((entry) => !isSubmenuLayout(entry)), layout.filter(isSubmenuLayout)],
    [layout],
  );
  const [visibleCount, setVisibleCount] = useState(row.length);

  useLayoutEffect(() => {
    const rowElement = rowRef.current;
    if (!rowElement) return;
    const measure = () => {
      const items = Array.from(
        rowElement.querySelectorAll<HTMLElement>(":scope > [data-layout-index]"),
      );
      for (const item of items) {
        const style = getComputedStyle(item);
        widths.current[Number(item.dataset.layoutIndex)] =
          item.offsetWidth + parseFloat(style.marginLeft) + parseFloat(style.marginRight);
      }
      const gap = parseFloat(getComputedStyle(rowElement).columnGap) || 0;
      const afterWidth =
        (rowElement.querySelector<HTMLElement>(":scope > [data-toolbar-after]")?.offsetWidth ?? 0) +
        gap;
      const available = rowElement.clientWidth - afterWidth;
      const widthOf = (index: number) => (widths.current[index] ?? 36) + gap;
      let total = moreOnly.length ? MORE_BUTTON_WIDTH : 0;
      for (let i = 0; i < row.length; i++) total += widthOf(i);
      if (total <= available + 0.5) {
        setVisibleCount(row.length);
        return;
      }
      let used = MORE_BUTTON_WIDTH;
      let count = 0;
      while (count < row.length && used + widthOf(count) <= available) {
        used += widthOf(count);
        count += 1;
      }
      // A separator never ends the visible row.
      while (count > 0 && isSeparator(row[count - 1])) count -= 1;
      setVisibleCount(count);
    };
    measure();
    const observer = new ResizeObserver(() => measure());
    observer.observe(rowElement);
    return () => observer.disconnect();
  }, [row, moreOnly]);

  const hidden = [...row.slice(visibleCount), ...(moreOnly.length ? [SEPARATOR, ...moreOnly] : [])];
  const hiddenCommands = hidden.some(
    (entry) => typeof entry === "string" || isSubmenuLayout(entry),
  );

  return (
    <div
      ref={rowRef}
      role="toolbar"
      aria-label={label}
      className={`flex min-w-0 flex-nowrap items-center gap-0.5 ${className}`}
    >
      {row.slice(0, visibleCount).map((entry, index) => (
        <span key={index} data-layout-index={index} className="flex shrink-0">
          {renderEntry(entry, surface, slots)}
        </span>
      ))}
      {hiddenCommands && (
        <MenuButton
          label="More"
          icon={Ellipsis}
          entries={menuEntriesFor(hidden, surface, { idPrefix: "more-", labels: "button" })}
          className={ICON_BUTTON_CLASS}
        />
      )}
      {after && (
        <span data-toolbar-after="" className="ml-auto flex shrink-0">
          {after}
        </span>
      )}
    </div>
  );
}

function isSeparator(entry: LayoutEntry | undefined): boolean {
  return typeof entry === "object" && entry !== null && "separator" in entry;
}

function renderEntry<Ctx, State>(
  entry: LayoutEntry,
  surface: CommandSurface<Ctx, State>,
  slots: Record<string, ReactNode>,
): ReactNode {
  if (typeof entry === "string") {
    return <CommandButton command={commandById(surface.commands, entry)} surface={surface} />;
  }
  if ("separator" in entry) return <ToolbarDivider />;
  if ("slot" in entry) return slots[entry.slot] ?? null;
  return null;
}
