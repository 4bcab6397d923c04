import { useEffect, useLayoutEffect, useRef, useState } from "react";

/** One context-menu entry. */
export interface ContextMenuItem {
  id: string;
  label: string;
  disabled?: boolean;
  onSelect: () => void;
  separatorBefore?: boolean;
}

/**
 * A right-click menu (role=menu): opens at the pointer, shifted to stay inside the
 * window, closes on any click, scroll, resize or Escape; Up/Down/Home/End/Enter work.
 */
export function ContextMenu({
  x,
  y,
  items,
  onClose,
}: {
  x: number;
  y: number;
  items: ContextMenuItem[];
  onClose: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState({ left: x, top: y });
  const [active, setActive] = useState(() => items.findIndex((item) => !item.disabled));

  useLayoutEffect(() => {
    const menu = ref.current;
    if (!menu) return;
    const rect = menu.getBoundingClientRect();
    const margin = 4;
    const left = Math.max(margin, Math.min(x, window.innerWidth - rect.width - margin));
    const top = Math.max(margin, Math.min(y, window.innerHeight - rect.height - margin));
    setPosition({ left, top });
  }, [x, y]);

  useEffect(() => {
    ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]')[active]?.focus();
  }, [active]);

  useEffect(() => {
    const close = () => onClose();
    function onPointerDown(event: PointerEvent) {
      if (ref.current && !ref.current.contains(event.target as Node)) onClose();
    }
    document.addEventListener("pointerdown", onPointerDown);
    // Capture: scrolling the text (not only the window) moves what the menu points at.
    document.addEventListener("scroll", close, true);
    window.addEventListener("resize", close);
    window.addEventListener("blur", close);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("scroll", close, true);
      window.removeEventListener("resize", close);
      window.removeEventListener("blur", close);
    };
  }, [onClose]);

  const enabled = items.map((item, i) => (item.disabled ? -1 : i)).filter((i) => i >= 0);

  return (
    <div
      ref={ref}
      role="menu"
      aria-label="Editor actions"
      style={{ left: position.left, top: position.top }}
      className="fixed z-50 min-w-52 rounded-lg border border-slate-200 bg-white py-1 shadow-xl dark:border-slate-600 dark:bg-slate-800"
      onContextMenu={(event) => event.preventDefault()}
      // Any click closes it, on a disabled item or a separator too (spec).
      onClick={onClose}
      onKeyDown={(event) => {
        const at = enabled.indexOf(active);
        if (event.key === "ArrowDown") {
          event.preventDefault();
          setActive(enabled[(at + 1) % enabled.length]);
        } else if (event.key === "ArrowUp") {
          event.preventDefault();
          setActive(enabled[(at - 1 + enabled.length) % enabled.length]);
        } else if (event.key === "Home") {
          event.preventDefault();
          setActive(enabled[0]);
        } else if (event.key === "End") {
          event.preventDefault();
          setActive(enabled[enabled.length - 1]);
        } else if (event.key === "Escape" || event.key === "Tab") {
          event.preventDefault();
          event.stopPropagation();
          onClose();
        }
      }}
    >
      {items.map((item, index) => (
        <div key={item.id}>
          {item.separatorBefore && (
            <div
              role="separator"
              className="my-1 border-t border-slate-200 dark:border-slate-600"
            />
          )}
          <div
            role="menuitem"
            tabIndex={-1}
            aria-disabled={item.disabled || undefined}
            data-menu-item={item.id}
            onPointerEnter={() => !item.disabled && setActive(index)}
            onClick={(event) => {
              event.stopPropagation();
              onClose();
              if (!item.disabled) item.onSelect();
            }}
            onKeyDown={(event) => {
              if ((event.key === "Enter" || event.key === " ") && !item.disabled) {
                event.preventDefault();
                onClose();
                item.onSelect();
              }
            }}
            className={`cursor-default px-4 py-1.5 text-sm outline-none select-none ${
              item.disabled
                ? "text-slate-500 dark:text-slate-400"
                : "text-slate-800 focus:bg-blue-600 focus:text-white dark:text-slate-100"
            }`}
          >
            {item.label}
          </div>
        </div>
      ))}
    </div>
  );
}
