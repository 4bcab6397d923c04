import { type FormEvent, useId, useState } from "react";
import { create } from "zustand";
import { DialogMessage, Modal } from "~/ui/modal";
import { nameProblem } from "~/workspace/file-names";
import { splitPath } from "~/workspace/workspace-folder";
import type { WorkspaceFileOps } from "./workspace-file-ops";

/**
 * The small dialogs of the tree's file commands (issue 52): New file…, New folder…, Rename…
 * (a name, checked as it is typed, in words) and Move to… (a folder of those the tree listed).
 * A refusal of the folder (a name taken, the disk full) shows in the dialog, which stays open
 * with what was typed.
 */

/** Which dialog is open, and on what. */
export type FileOpRequest =
  { kind: "new-file" | "new-folder"; parent: string } | { kind: "rename" | "move"; path: string };

const useRequest = create<{ request: FileOpRequest | null }>(() => ({ request: null }));

/** Opens one of the dialogs (from a command, the context menu or a key). */
export function askFileOperation(request: FileOpRequest): void {
  useRequest.setState({ request });
}

const TITLES: Record<FileOpRequest["kind"], string> = {
  "new-file": "New file",
  "new-folder": "New folder",
  rename: "Rename",
  move: "Move to",
};

/** The open dialog, if any; `folders`: the folders the tree listed, for Move to…. */
export function FileOpDialogHost({
  ops,
  folders,
}: {
  ops: WorkspaceFileOps;
  folders: readonly string[];
}) {
  const request = useRequest((s) => s.request);
  if (!request) return null;
  const close = () => useRequest.setState({ request: null });
  return (
    <FileOpDialog
      key={JSON.stringify(request)}
      request={request}
      ops={ops}
      folders={folders}
      onClose={close}
    />
  );
}

function FileOpDialog({
  request,
  ops,
  folders,
  onClose,
}: {
  request: FileOpRequest;
  ops: WorkspaceFileOps;
  folders: readonly string[];
  onClose: () => void;
}) {
  const fieldId = useId();
  const moving = request.kind === "move";
  const current = "path" in request ? splitPath(request.path) : null;
  const [value, setValue] = useState(
    request.kind === "rename" ? current![1] : moving ? current![0] : "",
  );
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const problem = moving || value === "" ? null : nameProblem(value);
  const targets = moving
    ? folders.filter((folder) => folder !== request.path && !folder.startsWith(`${request.path}/`))
    : [];

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const check = moving ? null : nameProblem(value);
    if (check) return setFailure(check.message);
    setBusy(true);
    let done: string | null;
    if ("parent" in request)
      done =
        request.kind === "new-file"
          ? await ops.newFile(request.parent, value)
          : await ops.newFolder(request.parent, value);
    else
      done =
        request.kind === "rename"
          ? await ops.rename(request.path, value)
          : await ops.move(request.path, value);
    setBusy(false);
    if (done === null) setFailure(ops.lastFailure);
    else onClose();
  }

  const where =
    "parent" in request
      ? `In ${request.parent === "" ? "the opened folder" : `"${request.parent}"`}.`
      : `"${request.path}"`;
  return (
    <Modal title={TITLES[request.kind]} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3 text-sm">
        <p className="text-slate-700 dark:text-slate-200">{where}</p>
        <label htmlFor={fieldId} className="font-medium">
          {moving ? "Folder" : "Name"}
        </label>
        {moving ? (
          <select
            id={fieldId}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            className="rounded-md border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-600 dark:bg-slate-900"
          >
            {targets.map((folder) => (
              <option key={folder} value={folder}>
                {folder === "" ? "(the opened folder)" : folder}
              </option>
            ))}
          </select>
        ) : (
          <input
            id={fieldId}
            data-autofocus
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setFailure(null);
            }}
            aria-invalid={problem !== null}
            aria-describedby={problem || failure ? `${fieldId}-problem` : undefined}
            className="rounded-md border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-600 dark:bg-slate-900"
          />
        )}
        <div id={`${fieldId}-problem`}>
          <DialogMessage
            message={
              (failure ?? problem?.message)
                ? { kind: "error", text: (failure ?? problem?.message)! }
                : null
            }
          />
        </div>
        <div className="flex justify-end gap-2">
          <button
            type="button"
            onClick={onClose}
            className="rounded-lg border border-slate-300 px-3 py-2 font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-700"
          >
            Cancel
          </button>
          <button
            type="submit"
            disabled={busy || problem !== null || (!moving && value.trim() === "")}
            className="rounded-lg bg-blue-700 px-3 py-2 font-medium text-white hover:bg-blue-800 disabled:opacity-50 dark:bg-blue-500 dark:text-slate-950 dark:hover:bg-blue-400"
          >
            {request.kind === "rename" ? "Rename" : moving ? "Move" : "Create"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
