import { useWorkspace } from "./use-workspace";
import type { WorkspaceSession } from "./workspace-session";

/** The "Files" view of the folder panel: the folder's first level (the tree comes next). */
export function WorkspaceFiles({ session }: { session: WorkspaceSession }) {
  const listing = useWorkspace(session, (s) => s.listings[""]);
  if (!listing || listing.state === "loading") {
    return <p className="p-2 text-sm text-slate-600 dark:text-slate-300">Listing the folder…</p>;
  }
  if (listing.state === "failed") {
    return (
      <p role="alert" className="p-2 text-sm text-red-700 dark:text-red-300">
        {listing.message}
      </p>
    );
  }
  const entries = [...listing.entries].sort((a, b) =>
    a.kind !== b.kind
      ? a.kind === "folder"
        ? -1
        : 1
      : a.name.localeCompare(b.name, undefined, { numeric: true }),
  );
  return (
    <ul className="min-h-0 flex-1 overflow-auto p-1 text-sm">
      {entries.map((entry) => (
        <li key={entry.path}>
          <button
            type="button"
            className="w-full truncate rounded px-2 py-0.5 text-left hover:bg-slate-200 dark:hover:bg-slate-800"
            disabled={entry.kind === "folder"}
            onClick={() => void session.openFile(entry.path)}
          >
            {entry.name}
          </button>
        </li>
      ))}
    </ul>
  );
}
