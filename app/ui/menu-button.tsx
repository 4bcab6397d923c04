import type { LucideIcon } from "lucide-react";
import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import {
  type ActionableMenuEntry,
  edgeEnabledIndex,
  type MenuEntry,
  MenuPopup,
} from "./menu-popup";

/**
 * A button that opens a menu (WAI-ARIA menu button): Enter, Space or Down open it on the first
 * item, Up on the last; Escape closes it and puts focus back on the button; a click outside or
 * Tab closes it. Used for the toolbars' "More" menu.
 */
export function MenuButton({
  label,
  icon: Icon,
  text,
  entries,
  className,
  align = "end",
  placement = "below",
}: {
  /** Tooltip, and the accessible name of an icon button. */
  label: string;
  /** The button shows this icon... */
  icon?: LucideIcon;
  /** ...or this text, which is then its accessible name (the label stays its tooltip). */
  text?: string;
  entries: readonly MenuEntry[];
  className: string;
  /** Which edge of the button the menu lines up with. */
  align?: "start" | "end";
  /** Where the menu opens: below the button, or above it (in a status bar at the bottom). */
  placement?: "below" | "above";
}) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [shift, setShift] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);
  const buttonId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  useLayoutEffect(() => {
    if (!open || !popupRef.current) return;
    // Keep the menu inside the window on narrow screens.
    const rect = popupRef.current.getBoundingClientRect();
    const overLeft = 8 - (rect.left + shift);
    const overRight = rect.right - shift - (window.innerWidth - 8);
    setShift(overLeft > 0 ? -overLeft : overRight > 0 ? overRight : 0);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  function show(which: "first" | "last" | "none") {
    setShift(0);
    setOpen(true);
    setActive(which === "none" ? -1 : edgeEnabledIndex(entries, which));
  }

  function close(focusButton: boolean) {
    setOpen(false);
    setActive(-1);
    if (focusButton) buttonRef.current?.focus();
  }

  function choose(entry: ActionableMenuEntry) {
    // Focus returns to the button before the action runs, so a dialog it opens can return
    // focus there (actions on the text focus the editor themselves).
    close(true);
    entry.onSelect();
  }

  return (
    <div ref={rootRef} className="relative shrink-0">
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-label={text === undefined ? label : undefined}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => (open ? close(false) : show("first"))}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" || event.key === "Enter" || event.key === " ") {
            event.preventDefault();
            show("first");
          } else if (event.key === "ArrowUp") {
            event.preventDefault();
            show("last");
          } else if (event.key === "Escape" && open) {
            event.preventDefault();
            event.stopPropagation();
            close(true);
          }
        }}
        className={className}
      >
        {text ?? (Icon && <Icon aria-hidden="true" size={18} />)}
      </button>
      {open && (
        <MenuPopup
          popupRef={popupRef}
          entries={entries}
          active={active}
          onActiveChange={setActive}
          onChoose={choose}
          labelledBy={buttonId}
          onKeyDown={(event) => {
            if (event.key === "Escape") {
              event.preventDefault();
              event.stopPropagation();
              close(true);
            } else if (event.key === "Tab") {
              close(false);
            }
          }}
          style={{ transform: shift ? `translateX(${-shift}px)` : undefined }}
          className={`absolute z-40 max-h-[70vh] ${placement === "below" ? "top-full mt-1" : "bottom-full mb-1"} min-w-56 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-600 dark:bg-slate-800 ${align === "end" ? "right-0" : "left-0"}`}
        />
      )}
    </div>
  );
}
