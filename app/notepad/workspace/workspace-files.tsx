import { useState } from "react";
import { ContextMenu } from "~/ui/context-menu";
import { FileTree } from "./file-tree";
import { treeMenuEntries } from "./tree-file-actions";
import { useWorkspace } from "./use-workspace";
import { TrashList } from "./trash-list";
import type { WorkspaceFileOps } from "./workspace-file-ops";
import type { WorkspaceSession } from "./workspace-session";

/** Below this width the panel lies over the text: opening a file closes it. */
const OVERLAY_QUERY = "(max-width: 639px)";

/**
 * The "Files" view of the folder panel: a filter box, the switch for ignored and hidden files,
 * and the tree (or the words saying why the folder could not be listed).
 */
export function WorkspaceFiles({
  session,
  fileOps,
}: {
  session: WorkspaceSession;
  fileOps?: WorkspaceFileOps;
}) {
  const [menu, setMenu] = useState<{ x: number; y: number } | null>(null);
  const listing = useWorkspace(session, (s) => s.listings[""]);
  const showIgnored = useWorkspace(session, (s) => s.showIgnored);
  const [filter, setFilter] = useState("");
  const openFile = (path: string) => {
    void session.openFile(path);
    if (window.matchMedia(OVERLAY_QUERY).matches) session.setPanelShown(false);
  };
  return (
    <>
      <div className="flex flex-col gap-1 border-b border-slate-200 p-2 dark:border-slate-700">
        <input
          type="search"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          aria-label="Filter files"
          placeholder="Filter files"
          className="w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-800"
        />
        <label className="flex items-center gap-2 text-xs text-slate-700 dark:text-slate-300">
          <input
            type="checkbox"
            role="switch"
            checked={showIgnored}
            onChange={(event) => session.setShowIgnored(event.target.checked)}
          />
          Show ignored and hidden files
        </label>
      </div>
      {!listing || listing.state === "loading" ? (
        <p className="p-2 text-sm text-slate-600 dark:text-slate-300">Listing the folder…</p>
      ) : listing.state === "failed" ? (
        <p role="alert" className="p-2 text-sm text-red-700 dark:text-red-300">
          {listing.message}
        </p>
      ) : (
        <FileTree
          session={session}
          filter={filter}
          onOpenFile={openFile}
          fileOps={fileOps}
          onMenu={(x, y) => setMenu({ x, y })}
        />
      )}
      {fileOps && <TrashList ops={fileOps} />}
      {menu && fileOps && (
        <ContextMenu
          x={menu.x}
          y={menu.y}
          label="File actions"
          entries={treeMenuEntries(session, fileOps)}
          onClose={() => setMenu(null)}
        />
      )}
    </>
  );
}
