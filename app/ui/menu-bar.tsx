import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import {
  type ActionableMenuEntry,
  edgeEnabledIndex,
  type MenuEntry,
  MenuPopup,
} from "./menu-popup";

export type { MenuEntry } from "./menu-popup";

/** A top-level menu. */
export interface MenuDefinition {
  id: string;
  label: string;
  entries: MenuEntry[];
}

/**
 * A menu bar (WAI-ARIA menubar pattern): Left/Right move between menus, Enter, Space
 * or Down open a menu, Up/Down/Home/End move inside it, Enter runs an item, Escape closes and
 * puts focus back on the menu's button; a click outside closes it.
 */
export function MenuBar({ menus, label }: { menus: MenuDefinition[]; label: string }) {
  const [open, setOpen] = useState<number | null>(null);
  const [focusIndex, setFocusIndex] = useState(0);
  const [activeItem, setActiveItem] = useState<number>(-1);
  const barRef = useRef<HTMLDivElement>(null);
  const buttonRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const menuRef = useRef<HTMLDivElement>(null);
  const [shift, setShift] = useState(0);

  useEffect(() => {
    if (open === null) return;
    function onPointerDown(event: PointerEvent) {
      if (barRef.current && !barRef.current.contains(event.target as Node)) setOpen(null);
    }
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  useLayoutEffect(() => {
    if (open === null || !menuRef.current) return;
    // Keep the menu inside the window on narrow screens.
    const rect = menuRef.current.getBoundingClientRect();
    const overflow = rect.right - shift - (window.innerWidth - 8);
    setShift(overflow > 0 ? overflow : 0);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  function openMenu(index: number, item: "first" | "last" | "none") {
    const entries = menus[index].entries;
    const target = item === "none" ? -1 : edgeEnabledIndex(entries, item);
    setShift(0);
    setOpen(index);
    setFocusIndex(index);
    setActiveItem(target);
    if (target < 0) buttonRefs.current[index]?.focus();
  }

  function close(focusButton: boolean) {
    const index = open;
    setOpen(null);
    setActiveItem(-1);
    if (focusButton && index !== null) buttonRefs.current[index]?.focus();
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const count = menus.length;
    switch (event.key) {
      case "ArrowRight":
      case "ArrowLeft": {
        event.preventDefault();
        const next = (index + (event.key === "ArrowRight" ? 1 : -1) + count) % count;
        if (open !== null) openMenu(next, "first");
        else {
          setFocusIndex(next);
          buttonRefs.current[next]?.focus();
        }
        break;
      }
      case "ArrowDown":
      case "Enter":
      case " ":
        event.preventDefault();
        openMenu(index, "first");
        break;
      case "ArrowUp":
        event.preventDefault();
        openMenu(index, "last");
        break;
      case "Home":
        event.preventDefault();
        setFocusIndex(0);
        buttonRefs.current[0]?.focus();
        break;
      case "End":
        event.preventDefault();
        setFocusIndex(count - 1);
        buttonRefs.current[count - 1]?.focus();
        break;
      case "Escape":
        if (open !== null) {
          event.preventDefault();
          event.stopPropagation();
          close(true);
        }
        break;
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (open === null) return;
    switch (event.key) {
      case "ArrowRight":
      case "ArrowLeft": {
        event.preventDefault();
        const count = menus.length;
        openMenu((open + (event.key === "ArrowRight" ? 1 : -1) + count) % count, "first");
        break;
      }
      case "Escape":
        event.preventDefault();
        event.stopPropagation();
        close(true);
        break;
      case "Tab":
        close(false);
        break;
    }
  }

  function run(entry: ActionableMenuEntry) {
    // Focus goes back to the menu's button before the item unmounts, so a dialog the action
    // opens has somewhere to return focus to (actions on the text focus the editor themselves).
    close(true);
    entry.onSelect();
  }

  return (
    <div
      ref={barRef}
      role="menubar"
      aria-label={label}
      className="relative flex items-center gap-0.5"
    >
      {menus.map((menu, index) => {
        const expanded = open === index;
        return (
          <div key={menu.id} className="relative">
            <button
              ref={(el) => {
                buttonRefs.current[index] = el;
              }}
              type="button"
              role="menuitem"
              id={`menubar-${menu.id}`}
              aria-haspopup="menu"
              aria-expanded={expanded}
              tabIndex={focusIndex === index ? 0 : -1}
              onClick={() => (expanded ? close(false) : openMenu(index, "none"))}
              onPointerEnter={(event) => {
                if (event.pointerType === "mouse" && open !== null && open !== index)
                  openMenu(index, "none");
              }}
              onKeyDown={(event) => onButtonKeyDown(event, index)}
              className={`rounded px-2.5 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-slate-100 dark:hover:bg-slate-700 ${expanded ? "bg-slate-200 dark:bg-slate-700" : ""}`}
            >
              {menu.label}
            </button>
            {expanded && (
              <MenuPopup
                popupRef={menuRef}
                labelledBy={`menubar-${menu.id}`}
                entries={menu.entries}
                active={activeItem}
                onActiveChange={setActiveItem}
                onChoose={run}
                onKeyDown={onMenuKeyDown}
                style={{ transform: shift ? `translateX(-${shift}px)` : undefined }}
                className="absolute top-full left-0 z-40 mt-1 max-h-[70vh] min-w-56 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-600 dark:bg-slate-800"
              />
            )}
          </div>
        );
      })}
    </div>
  );
}
