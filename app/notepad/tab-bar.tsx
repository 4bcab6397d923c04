import { Plus, X } from "lucide-react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { MAX_TAB_NAME_LENGTH, tabLabel, type TabsState } from "./tabs-model";
import type { NotepadController } from "./notepad-controller";
import type { NotepadStore } from "./notepad-store";
import { TabSyncMarkView } from "./drive-sync-view";

// Made once, so re-rendering the strip (a tab gains its "*") does not re-render every icon.
const CLOSE_ICON = <X size={14} aria-hidden="true" />;
const NEW_TAB_ICON = <Plus size={18} aria-hidden="true" />;

/** The tab strip, following the store's tab list and rename state. */
export function NotepadTabBar({
  store,
  controller,
  onTabMenu,
}: {
  store: NotepadStore;
  controller: NotepadController;
  /** Opens the tab's right-click menu at (x, y); the tab is shown first. */
  onTabMenu?: (x: number, y: number) => void;
}) {
  const tabs = store((s) => s.tabs);
  const renamingId = store((s) => s.renamingId);
  return (
    <TabBar tabs={tabs} renamingId={renamingId} controller={controller} onTabMenu={onTabMenu} />
  );
}

/**
 * The tab strip (a list of tab buttons; the shown one has aria-current): click to switch, double-click to rename, drag to reorder
 * (Ctrl+Shift+PageUp/PageDown or Alt+Shift+Left/Right move the focused tab), Delete closes,
 * right-click (or Shift+F10, the Menu key) opens the tab's menu.
 * It scrolls horizontally when there are many tabs.
 */
export function TabBar({
  tabs,
  renamingId,
  controller,
  onTabMenu,
}: {
  tabs: TabsState;
  renamingId: string | null;
  controller: NotepadController;
  onTabMenu?: (x: number, y: number) => void;
}) {
  const [dragIndex, setDragIndex] = useState<number | null>(null);
  const [dropIndex, setDropIndex] = useState<number | null>(null);
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // Keep the active tab in view.
    const active = listRef.current?.querySelector<HTMLElement>('[aria-current="true"]');
    active?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
  }, [tabs.activeId]);

  function onTabKeyDown(event: KeyboardEvent<HTMLButtonElement>, id: string, index: number) {
    const move =
      (event.ctrlKey && event.shiftKey && (event.key === "PageUp" || event.key === "PageDown")) ||
      (event.altKey && event.shiftKey && (event.key === "ArrowLeft" || event.key === "ArrowRight"));
    if (move) {
      event.preventDefault();
      controller.tabs.moveBy(id, event.key === "PageUp" || event.key === "ArrowLeft" ? -1 : 1);
      requestAnimationFrame(() =>
        listRef.current?.querySelector<HTMLElement>(`[data-tab-id="${id}"]`)?.focus(),
      );
      return;
    }
    if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
      event.preventDefault();
      const next =
        (index + (event.key === "ArrowRight" ? 1 : -1) + tabs.tabs.length) % tabs.tabs.length;
      const nextId = tabs.tabs[next].id;
      controller.tabs.activate(nextId);
      requestAnimationFrame(() =>
        listRef.current?.querySelector<HTMLElement>(`[data-tab-id="${nextId}"]`)?.focus(),
      );
    } else if (
      onTabMenu &&
      (event.key === "ContextMenu" || (event.shiftKey && event.key === "F10"))
    ) {
      event.preventDefault();
      const rect = event.currentTarget.getBoundingClientRect();
      controller.tabs.activate(id);
      onTabMenu(rect.left, rect.bottom);
    } else if (event.key === "F2" || (event.key === "Enter" && event.shiftKey)) {
      event.preventDefault();
      controller.tabs.setRenaming(id);
    } else if (event.key === "Delete") {
      event.preventDefault();
      controller.tabs.closeTab(id);
    }
  }

  return (
    <div className="isolate flex min-w-0 items-stretch border-b border-slate-200 bg-slate-100 dark:border-slate-700 dark:bg-slate-900">
      <div
        ref={listRef}
        role="list"
        aria-label="Open tabs"
        className="flex min-w-0 flex-1 overflow-x-auto"
        onDragOver={(event) => event.preventDefault()}
      >
        {tabs.tabs.map((tab, index) => {
          const active = tab.id === tabs.activeId;
          const label = tabLabel(tab);
          return (
            <div
              key={tab.id}
              role="listitem"
              className={`group relative flex shrink-0 items-center border-r border-slate-200 dark:border-slate-700 ${
                active
                  ? "bg-white dark:bg-slate-800"
                  : "bg-slate-100 hover:bg-slate-200 dark:bg-slate-900 dark:hover:bg-slate-800"
              } ${dropIndex === index && dragIndex !== null && dragIndex !== index ? "shadow-[inset_3px_0_0_#2563eb]" : ""}`}
              draggable={renamingId !== tab.id}
              onDragStart={(event) => {
                setDragIndex(index);
                event.dataTransfer.effectAllowed = "move";
                event.dataTransfer.setData("application/x-plainpad-tab", tab.id);
              }}
              onDragOver={(event) => {
                if (dragIndex === null) return;
                event.preventDefault();
                setDropIndex(index);
              }}
              onDrop={(event) => {
                if (dragIndex === null) return;
                event.preventDefault();
                controller.tabs.moveTo(dragIndex, index);
                setDragIndex(null);
                setDropIndex(null);
              }}
              onDragEnd={() => {
                setDragIndex(null);
                setDropIndex(null);
              }}
            >
              {renamingId === tab.id ? (
                <RenameInput
                  initial={tab.name}
                  onCommit={(name) => controller.tabs.rename(tab.id, name)}
                  onCancel={() => controller.tabs.setRenaming(null)}
                />
              ) : (
                <button
                  type="button"
                  data-tab-id={tab.id}
                  aria-current={active ? "true" : undefined}
                  tabIndex={active ? 0 : -1}
                  title={`${tab.name}: double-click or F2 to rename`}
                  onClick={() => {
                    controller.tabs.activate(tab.id);
                    controller.text.focus();
                  }}
                  onDoubleClick={() => controller.tabs.setRenaming(tab.id)}
                  onContextMenu={(event) => {
                    if (!onTabMenu) return;
                    event.preventDefault();
                    // Not the text's menu (the editor host below has its own handler).
                    event.stopPropagation();
                    controller.tabs.activate(tab.id);
                    // From the keyboard (Shift+F10, the Menu key) there is no pointer: below the tab.
                    const rect = event.currentTarget.getBoundingClientRect();
                    const fromKeyboard = event.clientX === 0 && event.clientY === 0;
                    onTabMenu(
                      fromKeyboard ? rect.left : event.clientX,
                      fromKeyboard ? rect.bottom : event.clientY,
                    );
                  }}
                  onKeyDown={(event) => onTabKeyDown(event, tab.id, index)}
                  aria-describedby={undefined}
                  className={`max-w-48 cursor-pointer truncate py-2 pr-1 pl-3 text-sm select-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600 ${
                    active
                      ? "font-semibold text-slate-900 dark:text-white"
                      : "text-slate-700 dark:text-slate-300"
                  } ${active ? "border-t-2 border-blue-600" : "border-t-2 border-transparent"}`}
                >
                  {label}
                </button>
              )}
              <TabSyncMarkView store={controller.store} tabId={tab.id} />
              <button
                type="button"
                aria-label={`Close ${tab.name}`}
                title={`Close ${tab.name}`}
                disabled={tabs.tabs.length <= 1}
                onClick={() => controller.tabs.closeTab(tab.id)}
                className="mr-1 rounded p-1 text-slate-600 hover:bg-slate-300 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-40 dark:text-slate-300 dark:hover:bg-slate-600"
              >
                {CLOSE_ICON}
              </button>
            </div>
          );
        })}
      </div>
      <button
        type="button"
        aria-label="New tab"
        title="New tab"
        onClick={() => controller.tabs.newTab()}
        className="shrink-0 px-3 text-slate-700 hover:bg-slate-200 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        {NEW_TAB_ICON}
      </button>
    </div>
  );
}

function RenameInput({
  initial,
  onCommit,
  onCancel,
}: {
  initial: string;
  onCommit: (name: string) => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState(initial);
  const done = useRef(false);
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, []);
  return (
    <input
      ref={ref}
      aria-label="Tab name"
      value={value}
      maxLength={MAX_TAB_NAME_LENGTH}
      onChange={(event) => setValue(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          done.current = true;
          onCommit(value);
        } else if (event.key === "Escape") {
          event.preventDefault();
          event.stopPropagation();
          done.current = true;
          onCancel();
        }
      }}
      onBlur={() => {
        if (!done.current) onCommit(value);
      }}
      className="my-1 ml-2 w-40 rounded border border-blue-600 bg-white px-2 py-0.5 text-sm text-slate-900 dark:bg-slate-900 dark:text-white"
    />
  );
}
