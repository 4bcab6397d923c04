import { useMemo } from "react";
import { FileOpDialogHost } from "./file-op-dialog";
import { useWorkspace } from "./use-workspace";
import type { WorkspaceFileOps } from "./workspace-file-ops";
import type { WorkspaceSession } from "./workspace-session";

/** The dialogs of the tree's file commands; Move to… offers the folders the tree listed. */
export function WorkspaceFileDialogs({
  session,
  ops,
}: {
  session: WorkspaceSession;
  ops: WorkspaceFileOps;
}) {
  const listings = useWorkspace(session, (s) => s.listings);
  const folders = useMemo(() => {
    const found = new Set([""]);
    for (const listing of Object.values(listings)) {
      if (listing.state !== "listed") continue;
      for (const entry of listing.entries) if (entry.kind === "folder") found.add(entry.path);
    }
    return [...found].sort();
  }, [listings]);
  return <FileOpDialogHost ops={ops} folders={folders} />;
}
