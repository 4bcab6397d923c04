import { useStore } from "zustand";
import type { WorkspaceFileOps } from "./workspace-file-ops";

/**
 * The folder panel's "Trash" (issue 52): what was deleted in this session, the latest first,
 * each with Restore. Shown only while it holds something.
 */
export function TrashList({ ops }: { ops: WorkspaceFileOps }) {
  const items = useStore(ops.trashStore, (s) => s.items);
  if (items.length === 0) return null;
  return (
    <section
      aria-label="Trash"
      className="border-t border-slate-200 p-2 text-sm dark:border-slate-700"
    >
      <h3 className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300">
        Trash (this session)
      </h3>
      <ul className="flex flex-col gap-1">
        {items.map((item) => (
          <li key={item.id} className="flex items-center justify-between gap-2">
            <span className="min-w-0 truncate" title={item.path}>
              {item.path}
              {item.kind === "folder" ? ` (${item.fileCount} files)` : ""}
            </span>
            <button
              type="button"
              onClick={() => void ops.restore(item.id)}
              aria-label={`Restore ${item.path}`}
              className="shrink-0 rounded border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-700"
            >
              Restore
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
