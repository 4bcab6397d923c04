import { Check, ChevronDown, ChevronRight } from "lucide-react";
import { type KeyboardEvent, type Ref, useLayoutEffect, useRef, useState } from "react";

/** One entry of a menu. */
export type MenuEntry =
  | {
      kind: "item";
      id: string;
      label: string;
      shortcut?: string;
      disabled?: boolean;
      onSelect: () => void;
    }
  | {
      kind: "checkbox";
      id: string;
      label: string;
      shortcut?: string;
      checked: boolean;
      disabled?: boolean;
      onSelect: () => void;
    }
  | {
      kind: "radio";
      id: string;
      label: string;
      checked: boolean;
      disabled?: boolean;
      onSelect: () => void;
    }
  | { kind: "separator"; id: string }
  | { kind: "label"; id: string; label: string }
  /** A menu inside the menu ("Lines"): it opens in place, below its item, indented. */
  | { kind: "submenu"; id: string; label: string; entries: readonly MenuEntry[] };

/** An entry that does something when chosen. */
export type ActionableMenuEntry = Extract<MenuEntry, { onSelect: () => void }>;

/** True for items, checkboxes and radios. */
export function isActionable(entry: MenuEntry): entry is ActionableMenuEntry {
  return entry.kind === "item" || entry.kind === "checkbox" || entry.kind === "radio";
}

/** True for an entry that can be chosen (or, for a submenu, opened) now. */
export function isEnabledEntry(entry: MenuEntry): boolean {
  if (entry.kind === "submenu") return entry.entries.some(isEnabledEntry);
  return isActionable(entry) && !entry.disabled;
}

/** Index of the first (or last) enabled entry, -1 when none. */
export function edgeEnabledIndex(entries: readonly MenuEntry[], which: "first" | "last"): number {
  if (which === "first") return entries.findIndex(isEnabledEntry);
  for (let i = entries.length - 1; i >= 0; i--) if (isEnabledEntry(entries[i])) return i;
  return -1;
}

/**
 * The next enabled entry from `current` in `direction` (wrapping), or the first/last for
 * Home/End: the arrow-key movement inside every menu.
 */
export function moveInMenu(
  entries: readonly MenuEntry[],
  current: number,
  key: "ArrowDown" | "ArrowUp" | "Home" | "End",
): number {
  const enabled = entries.map((entry, i) => (isEnabledEntry(entry) ? i : -1)).filter((i) => i >= 0);
  if (enabled.length === 0) return -1;
  const position = enabled.indexOf(current);
  if (key === "Home") return enabled[0];
  if (key === "End") return enabled[enabled.length - 1];
  if (key === "ArrowDown") return enabled[(position + 1) % enabled.length];
  return enabled[(position - 1 + enabled.length) % enabled.length];
}

const ITEM_CLASS =
  "flex cursor-default items-center gap-2 px-3 py-1.5 text-sm whitespace-nowrap outline-none select-none max-sm:min-h-11";
const DISABLED_CLASS = "text-slate-500 dark:text-slate-400";
const ENABLED_CLASS = "text-slate-800 focus:bg-blue-600 focus:text-white dark:text-slate-100";

/**
 * The list of a menu (role=menu): items, checkboxes, radios, separators and group labels,
 * shared by the menu bar and menu buttons. The owner keeps which item is active and what
 * closing means; this component focuses the active item and runs the chosen one.
 */
export function MenuPopup({
  entries,
  active,
  onActiveChange,
  onChoose,
  onKeyDown,
  labelledBy,
  ariaLabel,
  className,
  style,
  popupRef,
}: {
  entries: readonly MenuEntry[];
  active: number;
  onActiveChange: (index: number) => void;
  onChoose: (entry: ActionableMenuEntry) => void;
  /** Keys the owner handles (Escape, Tab, Left/Right); Up/Down/Home/End are handled here. */
  onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void;
  /** The id of the button that names the menu, or an `ariaLabel`. */
  labelledBy?: string;
  ariaLabel?: string;
  className: string;
  style?: React.CSSProperties;
  popupRef?: Ref<HTMLDivElement>;
}) {
  const itemRefs = useRef<(HTMLElement | null)[]>([]);
  const firstItem = entries.findIndex(
    (entry) => entry.kind !== "separator" && entry.kind !== "label",
  );
  // The open submenu (its index here) and its active item.
  const [openSubmenu, setOpenSubmenu] = useState<number | null>(null);
  const [submenuActive, setSubmenuActive] = useState(-1);
  // In the commit itself, not after it: a passive effect of a hover (a continuous event, its
  // effects run later) could still wait when the click on that item comes, and would then take
  // the focus back from the text the item's command had just focused.
  useLayoutEffect(() => {
    if (active >= 0) itemRefs.current[active]?.focus();
  }, [active]);

  function expand(index: number, entry: Extract<MenuEntry, { kind: "submenu" }>) {
    setOpenSubmenu(index);
    setSubmenuActive(edgeEnabledIndex(entry.entries, "first"));
  }

  function collapse(index: number) {
    setOpenSubmenu(null);
    setSubmenuActive(-1);
    onActiveChange(index);
    itemRefs.current[index]?.focus();
  }

  return (
    <div
      ref={popupRef}
      role="menu"
      aria-labelledby={labelledBy}
      aria-label={ariaLabel}
      style={style}
      className={className}
      onKeyDown={(event) => {
        // Handled inside an open submenu, or by an item (Right on a submenu's item).
        if (event.defaultPrevented) return;
        if (
          event.key === "ArrowDown" ||
          event.key === "ArrowUp" ||
          event.key === "Home" ||
          event.key === "End"
        ) {
          event.preventDefault();
          onActiveChange(moveInMenu(entries, active, event.key));
          return;
        }
        onKeyDown?.(event);
      }}
    >
      {entries.map((entry, i) => {
        if (entry.kind === "separator") {
          return (
            <div
              key={entry.id}
              role="separator"
              className="my-1 border-t border-slate-200 dark:border-slate-600"
            />
          );
        }
        if (entry.kind === "label") {
          return (
            <div
              key={entry.id}
              role="presentation"
              className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300"
            >
              {entry.label}
            </div>
          );
        }
        const disabled = !isEnabledEntry(entry);
        if (entry.kind === "submenu") {
          const expanded = openSubmenu === i;
          return (
            <div key={entry.id} role="none">
              <div
                ref={(el) => {
                  itemRefs.current[i] = el;
                }}
                role="menuitem"
                aria-haspopup="menu"
                aria-expanded={expanded}
                tabIndex={i === (active >= 0 ? active : firstItem) ? 0 : -1}
                aria-disabled={disabled || undefined}
                data-menu-item={entry.id}
                id={`${entry.id}-submenu-item`}
                onClick={(event) => {
                  event.stopPropagation();
                  if (disabled) return;
                  if (expanded) collapse(i);
                  else expand(i, entry);
                }}
                onKeyDown={(event) => {
                  if (event.key === "Enter" || event.key === " " || event.key === "ArrowRight") {
                    event.preventDefault();
                    if (!disabled) expand(i, entry);
                  } else if (event.key === "ArrowLeft" && expanded) {
                    event.preventDefault();
                    collapse(i);
                  }
                }}
                onPointerEnter={() => !disabled && onActiveChange(i)}
                className={`${ITEM_CLASS} ${disabled ? DISABLED_CLASS : ENABLED_CLASS}`}
              >
                <span className="inline-flex w-4 justify-center" aria-hidden="true" />
                <span className="flex-1">{entry.label}</span>
                <span className="ml-6" aria-hidden="true">
                  {expanded ? <ChevronDown size={14} /> : <ChevronRight size={14} />}
                </span>
              </div>
              {expanded && (
                <MenuPopup
                  entries={entry.entries}
                  active={submenuActive}
                  onActiveChange={setSubmenuActive}
                  onChoose={onChoose}
                  labelledBy={`${entry.id}-submenu-item`}
                  onKeyDown={(event) => {
                    if (event.key === "ArrowLeft" || event.key === "Escape") {
                      event.preventDefault();
                      event.stopPropagation();
                      collapse(i);
                    }
                  }}
                  className="ml-4 border-l border-slate-200 dark:border-slate-600"
                />
              )}
            </div>
          );
        }
        const role =
          entry.kind === "item"
            ? "menuitem"
            : entry.kind === "checkbox"
              ? "menuitemcheckbox"
              : "menuitemradio";
        return (
          <div
            key={entry.id}
            ref={(el) => {
              itemRefs.current[i] = el;
            }}
            role={role}
            // Roving tab stop: one item is in the tab order (the active one, else the first),
            // so a menu long enough to scroll can be reached and scrolled by keyboard.
            tabIndex={i === (active >= 0 ? active : firstItem) ? 0 : -1}
            aria-disabled={disabled || undefined}
            aria-checked={entry.kind === "item" ? undefined : entry.checked}
            data-menu-item={entry.id}
            onClick={(event) => {
              if (disabled) return;
              // The click is the item's: the owner closes the menu in onChoose.
              event.stopPropagation();
              onChoose(entry);
            }}
            onKeyDown={(event) => {
              if (event.key === "Enter" || event.key === " ") {
                event.preventDefault();
                if (!disabled) onChoose(entry);
              }
            }}
            onPointerEnter={() => !disabled && onActiveChange(i)}
            className={`${ITEM_CLASS} ${disabled ? DISABLED_CLASS : ENABLED_CLASS}`}
          >
            <span className="inline-flex w-4 justify-center" aria-hidden="true">
              {entry.kind !== "item" && entry.checked ? <Check size={14} /> : null}
            </span>
            <span className="flex-1">{entry.label}</span>
            {"shortcut" in entry && entry.shortcut ? (
              <span className="ml-6 text-xs" aria-hidden="true">
                {entry.shortcut}
              </span>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
