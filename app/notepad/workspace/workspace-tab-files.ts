import { baseName } from "~/workspace/path-rules";
import type { FileStamp } from "~/workspace/workspace-folder";
import type { Notice, NotepadStore } from "../notepad-store";
import type { TabStates } from "../tab-states";
import { normaliseName } from "~/document/document-names";
import type { DocumentMeta } from "~/document/document-meta";

/**
 * What the tree's file commands and the disk watch do to the notepad's tabs (issue 52): a tab
 * whose file was renamed or moved follows it (its name, and the handle Save writes through); a
 * tab whose file went keeps its text and becomes unsaved, with words; a tab whose file another
 * program wrote is told so, and Save then asks as for any file changed on disk.
 */

/** What this needs of the notepad (its controller). */
export interface TabFilesHost {
  readonly store: NotepadStore;
  readonly states: TabStates;
  publishFileStatus(): void;
  addNotice(notice: Notice): void;
  /** Reads tab `id`'s file again (the text it replaces stays one undo away, and in History). */
  reload(id: string): Promise<void>;
  /** Save or Save As of tab `id`. */
  save(id: string, mode: "save" | "save-as"): Promise<boolean>;
}

/**
 * Tab `id`'s file is now at `path`; `handle` is the file's handle there (null in a folder
 * without handles). The tab takes the file's name; a tab that was saved stays saved. When the
 * move was a copy (`copied`: the original's stamp as copied, and the copy's), the tab's record
 * of its file takes the copy's size and time, as a Save does, so its next Save does not ask
 * about a change on disk that is only the copy's. A record that no longer matched the original
 * (another program wrote it before the move) is kept: that Save still asks.
 */
export function followFile(
  host: TabFilesHost,
  id: string,
  path: string,
  handle: FileSystemFileHandle | null,
  copied?: { source: FileStamp; copy: FileStamp },
): void {
  const meta = host.states.meta(id);
  if (!meta) return;
  // One meta change (storage stores it at once): the file's handle and the file's name, its
  // unsaved mark kept as it was. A rename done by copying gives the copy's size and time,
  // when the tab's record still matched the original (else the next Save asks, rightly).
  const { file } = meta;
  const current =
    copied !== undefined &&
    file.disk?.size === copied.source.size &&
    file.disk?.lastModified === copied.source.lastModified;
  const stamp = current ? { size: copied.copy.size, lastModified: copied.copy.lastModified } : {};
  const name = normaliseName(baseName(path));
  const patch: Partial<DocumentMeta> = {
    ...(file.disk && handle && { file: { ...file, disk: { ...file.disk, handle, ...stamp } } }),
    ...(name !== null && name !== meta.name && { name, lastModified: Date.now() }),
  };
  // Nothing to change (a folder without handles, the same name): no transaction at all.
  if (Object.keys(patch).length > 0) host.states.changeMeta(id, patch);
  host.publishFileStatus();
}

/** Tab `id`'s file went: its text stays, marked unsaved, and the page says how to keep it. */
export function orphanFile(
  host: TabFilesHost,
  id: string,
  path: string,
  how: "deleted" | "gone",
): void {
  host.states.markModified(id);
  const why =
    how === "deleted"
      ? `"${path}" was deleted (it is in the folder's trash).`
      : `"${path}" was moved or deleted by another program.`;
  host.addNotice({
    id: `workspace-gone-${id}`,
    kind: "warning",
    message: `${why} Its text is still in this tab, unsaved: Save as… keeps it in a file.`,
    action: { label: "Save as…", run: () => void host.save(id, "save-as") },
  });
}

/** Another program wrote tab `id`'s file: the page says so, and offers to reload it. */
export function fileChangedOnDisk(host: TabFilesHost, id: string, path: string): void {
  const modified = host.states.meta(id)?.isModified;
  const yours = modified
    ? " Your text here is not saved: Save asks before replacing the file's new text."
    : "";
  host.addNotice({
    id: `workspace-changed-${id}`,
    kind: "warning",
    message: `"${path}" was changed on disk by another program.${yours}`,
    action: { label: "Reload from disk", run: () => void host.reload(id) },
  });
}
