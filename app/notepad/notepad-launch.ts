/**
 * How the installed app, and links into it, start the notepad with something to show:
 * - files opened with Plainpad from the operating system (`file_handlers`, read through
 *   `window.launchQueue` where the browser has it), each in a new tab with its file kept;
 * - text or files shared to Plainpad (`share_target`; see storage/share-target.ts), and a
 *   document opened from a share link's page ("Open in a new notepad tab"), the same way;
 * - the "New note" shortcut (`?action=new-tab`).
 * The query parameters are removed once handled, so a reload does not repeat them.
 */
import { launchedFiles, type PickedFile } from "~/storage/disk-files";
import { newFileFormat } from "~/storage/document-records";
import { SHARED_PARAM } from "~/storage/share-target";
import { takeSharedItems } from "~/storage/share-inbox";
import type { Notice } from "./notepad-store";
import type { TabOrigin } from "./tab-states";

/** What the launch handling asks of the notepad (ready: the stored tabs are shown). */
export interface LaunchTarget {
  openFiles(files: readonly PickedFile[]): Promise<void>;
  newTab(name?: string, content?: string, origin?: TabOrigin): string | null;
  addNotice(notice: Notice): void;
}

/** The parameter of the manifest's "New note" shortcut: `/online-notepad/?action=new-tab`. */
export const NEW_TAB_ACTION = "new-tab";

/** `window.launchQueue` (Chromium's File Handling API); absent elsewhere. */
interface LaunchQueue {
  setConsumer(consumer: (params: { files?: readonly FileSystemHandle[] }) => void): void;
}

const SHARE_FAILED =
  "Plainpad could not receive what was shared. Share it again, or copy and paste it into a tab.";
const SHARE_MISSING =
  "The shared text is no longer available (it may already be open in a tab). Share it again if it is missing.";

/** Handles this page's launch; call once the stored tabs are shown. */
export function handleLaunch(target: LaunchTarget): void {
  const queue = (window as Window & { launchQueue?: LaunchQueue }).launchQueue;
  queue?.setConsumer((params) => {
    if (!params.files?.length) return;
    void launchedFiles(params.files).then(({ picked, unreadable }) => {
      for (const name of unreadable) {
        target.addNotice({
          id: `launch-${name}`,
          kind: "error",
          message: `"${name}" could not be opened: it may have been moved, or Plainpad may no longer be allowed to read it.`,
        });
      }
      return target.openFiles(picked);
    });
  });

  const url = new URL(window.location.href);
  const shared = url.searchParams.get(SHARED_PARAM);
  const action = url.searchParams.get("action");
  if (shared === null && action === null) return;
  url.searchParams.delete(SHARED_PARAM);
  url.searchParams.delete("action");
  window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
  if (action === NEW_TAB_ACTION) target.newTab();
  if (shared !== null) void openShared(target, shared);
}

async function openShared(target: LaunchTarget, id: string): Promise<void> {
  const notice = (message: string) => target.addNotice({ id: "shared", kind: "error", message });
  if (id === "failed") return notice(SHARE_FAILED);
  let items;
  try {
    items = await takeSharedItems(id);
  } catch (error) {
    console.error(error);
    return notice(SHARE_FAILED);
  }
  if (!items) return notice(SHARE_MISSING);
  const note = items.note;
  if (note) {
    // A document from a share link keeps its line ending for Save.
    const origin = note.format && {
      file: newFileFormat(note.format.lineEnding),
      mixedLineEndings: note.format.mixedLineEndings,
    };
    target.newTab(note.name, note.text, origin);
  }
  if (items.files.length) {
    await target.openFiles(items.files.map((file) => ({ file, handle: null })));
  }
}
