import type { DocumentHistory } from "./document-history";
import type { SnapshotMeta } from "./history-store";

/**
 * The kept versions of several History ids as one list, newest first (each version once).
 * A tab opened on a file of the workspace folder shows its own versions and those kept under
 * the file's workspace id (Replace in files, while the file was not open in a tab).
 */
export async function listVersionsOf(
  history: Pick<DocumentHistory, "list">,
  ids: readonly string[],
): Promise<SnapshotMeta[]> {
  const lists = await Promise.all([...new Set(ids)].map((id) => history.list(id)));
  const byId = new Map<string, SnapshotMeta>();
  for (const meta of lists.flat()) byId.set(meta.id, meta);
  return [...byId.values()].sort((a, b) => b.createdAt - a.createdAt);
}
