import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { edgeEnabledIndex, type MenuEntry, MenuPopup } from "./menu-popup";

/**
 * A right-click menu (role=menu): opens at the pointer, shifted to stay inside the window,
 * closes on any click, scroll, resize or Escape; Up/Down/Home/End/Enter work (the shared
 * `MenuPopup` list of the menu bar and menu buttons).
 */
export function ContextMenu({
  x,
  y,
  entries,
  onClose,
  label = "Editor actions",
}: {
  x: number;
  y: number;
  entries: readonly MenuEntry[];
  onClose: () => void;
  label?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState({ left: x, top: y });
  const [active, setActive] = useState(() => edgeEnabledIndex(entries, "first"));

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

  return (
    <div
      // Any click closes it, on a disabled item or a separator too (spec).
      onClick={onClose}
      onContextMenu={(event) => event.preventDefault()}
    >
      <MenuPopup
        popupRef={ref}
        ariaLabel={label}
        entries={entries}
        active={active}
        onActiveChange={setActive}
        onChoose={(entry) => {
          onClose();
          entry.onSelect();
        }}
        onKeyDown={(event) => {
          if (event.key === "Escape" || event.key === "Tab") {
            event.preventDefault();
            event.stopPropagation();
            onClose();
          }
        }}
        style={{ left: position.left, top: position.top }}
        className="fixed z-50 min-w-52 rounded-lg border border-slate-200 bg-white py-1 shadow-xl dark:border-slate-600 dark:bg-slate-800"
      />
    </div>
  );
}
