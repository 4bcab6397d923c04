import { useMemo, useState } from "react";
import type { WorkspaceView } from "./workspace-panel";
import { useStore } from "zustand";
import { FindInFilesView } from "./find-in-files-view";
import { useWorkspace } from "./use-workspace";
import { WorkspaceSearch, type WorkspaceSearchHost } from "./workspace-search";
import type { WorkspaceSession } from "./workspace-session";

/** The folder panel's "Search" view: find and replace in the opened folder's files (issue 52). */
export function WorkspaceSearchView({
  search,
  workspace,
}: {
  search: WorkspaceSearch;
  workspace: WorkspaceSession;
}) {
  const generation = useWorkspace(workspace, (state) => state.generation);
  const request = useStore(search.requests);
  // A new folder, a new search (the old one's results and undo went with its folder).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const session = useMemo(() => search.session(), [search, generation]);
  if (!session) return null;
  return (
    <FindInFilesView
      key={generation}
      session={session}
      onOpen={(path, place) => void workspace.openFile(path, place)}
      showReplace={request.replace}
      focusRequest={request.count}
    />
  );
}

/** The panel's Search view and the view a command last asked for, for `WorkspacePanel`. */
export function useSearchView(
  search: WorkspaceSearch,
  workspace: WorkspaceSession,
): { views: readonly WorkspaceView[]; showView: { id: string; count: number } } {
  const count = useStore(search.requests, (request) => request.count);
  const views = useMemo(
    () => [
      {
        id: "search",
        label: "Search",
        render: () => <WorkspaceSearchView search={search} workspace={workspace} />,
      },
    ],
    [search, workspace],
  );
  return { views, showView: { id: "search", count } };
}

/** The notepad's find in files (made once) and the panel's Search view of it. */
export function useWorkspaceSearch(host: WorkspaceSearchHost): {
  search: WorkspaceSearch;
} & ReturnType<typeof useSearchView> {
  const [search] = useState(() => new WorkspaceSearch(host));
  return { search, ...useSearchView(search, host.workspace) };
}
