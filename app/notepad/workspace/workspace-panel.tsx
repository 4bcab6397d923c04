import { FolderTree, PanelLeftClose, PanelLeftOpen, X } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { clampPanelWidth, PANEL_WIDTH, readPanelWidth, writePanelWidth } from "./panel-width";
import { useWorkspace } from "./use-workspace";
import { WorkspaceFileDialogs } from "./workspace-file-dialogs";
import { fileOpsOf } from "./workspace-file-wiring";
import type { WorkspaceSession } from "./workspace-session";
import { WorkspaceFiles } from "./workspace-files";

/**
 * The folder panel left of the notepad's text (issue 52): the opened folder's name, its views
 * ("Files", the tree; more views such as "Search" are given by `views`), a button that hides
 * it and a separator that resizes it (drag, or the arrow keys; the width is remembered). Below
 * 640 px it lies over the text instead, closed by its hide button or by opening a file.
 */

/** A view of the panel beside "Files" (find in files mounts here as "Search"). */
export interface WorkspaceView {
  id: string;
  label: string;
  render: () => ReactNode;
}

const ICON_BUTTON =
  "inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-slate-300 dark:hover:bg-slate-700";

export function WorkspacePanel({
  session,
  views = [],
  showView,
}: {
  session: WorkspaceSession;
  /** Views beside "Files", each a tab of the panel. */
  views?: readonly WorkspaceView[];
  /** A view a command asks for (Find in files…): shown each time `count` changes. */
  showView?: { id: string; count: number };
}) {
  const folder = useWorkspace(session, (s) => s.folder);
  const shown = useWorkspace(session, (s) => s.panelShown);
  const [width, setWidth] = useState<number>(PANEL_WIDTH.default);
  const [viewId, setViewId] = useState("files");
  const panelId = useId();
  useEffect(() => setWidth(readPanelWidth()), []);
  useEffect(() => {
    if (showView && showView.count > 0) setViewId(showView.id);
  }, [showView?.id, showView?.count]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!folder) return null;
  // The tree's file commands (menu, keys, drops, Trash list), made with the notepad's session.
  const fileOps = fileOpsOf(session);
  // The file commands' dialogs (from the tree, a key or a menu), the panel shown or not.
  const dialogs = fileOps && <WorkspaceFileDialogs session={session} ops={fileOps} />;
  if (!shown) {
    return (
      <div className="flex shrink-0 flex-col border-r border-slate-200 p-1 dark:border-slate-700">
        {dialogs}
        <button
          type="button"
          className={ICON_BUTTON}
          aria-label="Show folder panel"
          title="Show folder panel"
          onClick={() => session.setPanelShown(true)}
        >
          <PanelLeftOpen className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
    );
  }
  const allViews: WorkspaceView[] = [
    {
      id: "files",
      label: "Files",
      render: () => <WorkspaceFiles session={session} fileOps={fileOps} />,
    },
    ...views,
  ];
  const current = allViews.find((view) => view.id === viewId) ?? allViews[0];
  /** Sets the width; `keep` remembers it (at the end of a drag, or at once by keyboard). */
  const resize = (next: number, keep = true) => {
    const clamped = clampPanelWidth(next);
    setWidth(clamped);
    if (keep) writePanelWidth(clamped);
  };

  return (
    <>
      <aside
        id={panelId}
        aria-label={`Folder ${folder.name}`}
        data-testid="workspace-panel"
        style={{ "--panel-width": `${width}px` } as React.CSSProperties}
        className="absolute inset-y-0 left-0 z-20 flex w-[85vw] max-w-sm flex-col border-r border-slate-200 bg-slate-50 shadow-xl sm:static sm:z-auto sm:w-[var(--panel-width)] sm:max-w-none sm:shrink-0 sm:shadow-none dark:border-slate-700 dark:bg-slate-900"
      >
        <div className="flex items-center gap-1 border-b border-slate-200 px-2 py-1 dark:border-slate-700">
          <FolderTree className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
          <h2 className="min-w-0 flex-1 truncate text-sm font-semibold" title={folder.name}>
            {folder.name}
          </h2>
          <button
            type="button"
            className={ICON_BUTTON}
            aria-label="Hide folder panel"
            title="Hide folder panel"
            onClick={() => session.setPanelShown(false)}
          >
            <PanelLeftClose className="h-4 w-4" aria-hidden="true" />
          </button>
          <button
            type="button"
            className={ICON_BUTTON}
            aria-label="Close folder"
            title="Close folder"
            onClick={() => session.closeFolder()}
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
        {allViews.length > 1 && (
          <ViewTabs views={allViews} current={current.id} onChoose={setViewId} />
        )}
        {/* The views of the panel: "Files" here; others (Search) come through `views`. */}
        <div
          className="flex min-h-0 flex-1 flex-col"
          role={allViews.length > 1 ? "tabpanel" : undefined}
          aria-label={current.label}
        >
          {current.render()}
        </div>
      </aside>
      <PanelSeparator panelId={panelId} width={width} onResize={resize} />
      {dialogs}
    </>
  );
}

/** The tabs choosing the panel's view ("Files", "Search"). */
function ViewTabs({
  views,
  current,
  onChoose,
}: {
  views: readonly WorkspaceView[];
  current: string;
  onChoose: (id: string) => void;
}) {
  return (
    <div role="tablist" aria-label="Folder views" className="flex gap-1 px-2 pt-1">
      {views.map((view) => (
        <button
          key={view.id}
          type="button"
          role="tab"
          aria-selected={view.id === current}
          className="rounded-t-md px-2 py-1 text-xs font-medium aria-selected:bg-white aria-selected:text-blue-700 dark:aria-selected:bg-slate-800 dark:aria-selected:text-blue-300"
          onClick={() => onChoose(view.id)}
        >
          {view.label}
        </button>
      ))}
    </div>
  );
}

/** The bar between the panel and the text: drag it, or focus it and use the arrow keys. */
function PanelSeparator({
  panelId,
  width,
  onResize,
}: {
  panelId: string;
  width: number;
  onResize: (width: number, keep?: boolean) => void;
}) {
  const drag = useRef<{ startX: number; startWidth: number } | null>(null);
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label="Resize folder panel"
      aria-controls={panelId}
      aria-valuenow={width}
      aria-valuemin={PANEL_WIDTH.min}
      aria-valuemax={PANEL_WIDTH.max}
      tabIndex={0}
      className="hidden w-1.5 shrink-0 cursor-col-resize bg-slate-200 hover:bg-blue-400 focus-visible:bg-blue-500 focus-visible:outline-none sm:block dark:bg-slate-700"
      onKeyDown={(event) => {
        const step = event.shiftKey ? PANEL_WIDTH.step * 4 : PANEL_WIDTH.step;
        const next =
          event.key === "ArrowLeft"
            ? width - step
            : event.key === "ArrowRight"
              ? width + step
              : event.key === "Home"
                ? PANEL_WIDTH.min
                : event.key === "End"
                  ? PANEL_WIDTH.max
                  : null;
        if (next === null) return;
        event.preventDefault();
        onResize(next);
      }}
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture(event.pointerId);
        drag.current = { startX: event.clientX, startWidth: width };
      }}
      onPointerMove={(event) => {
        if (!drag.current) return;
        onResize(drag.current.startWidth + event.clientX - drag.current.startX, false);
      }}
      onPointerUp={() => {
        if (drag.current) onResize(width);
        drag.current = null;
      }}
    />
  );
}
