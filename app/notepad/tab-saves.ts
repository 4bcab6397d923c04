import { withDefaultExtension } from "~/text/file-name";
import { askChangedOnDisk } from "~/ui/choice-dialog";
import type { TextEncodingId } from "~/text/text-encoding";
import { reopenWithFlow, type SaveFlowHost, saveWithFlow } from "~/document/save-flow";
import { retryLabel } from "~/document/save-messages";
import { printAsShown } from "~/preview/print-as-shown";
import type { TabTextHost } from "./notepad-part";
import { TabFileQueue } from "./tab-file-queue";

/** What saving, reloading and printing a tab need of the notepad. */
export interface TabSavesHost extends TabTextHost<never> {
  getContent(id: string): string;
}

/** What saving calls in the rest of the notepad (given by the controller). */
export interface TabSavesLinks {
  /** Renames a tab (after Save As, to the file's name). */
  rename(id: string, name: string): void;
}

/**
 * A notepad tab leaving the browser: Save into its file (or a download), Save As, the reload
 * when the file changed on disk, and Print.
 */
export class NotepadSaves {
  constructor(
    private readonly notepad: TabSavesHost,
    private readonly links: TabSavesLinks,
    /** Saves take turns with the folder tree's rename, move and delete of the tab's file. */
    readonly fileQueue = new TabFileQueue(),
  ) {}

  /**
   * Save (into the tab's file on this computer, else a download named as the spec says) or
   * Save As (the system's save dialog, a download where there is none), through the save flow
   * both editors share (app/document/save-flow.ts). Resolves true when the text was written
   * or downloaded (false: failed, cancelled, or reloaded instead).
   */
  async save(mode: "save" | "save-as", id = this.notepad.activeId()): Promise<boolean> {
    const outcome = await this.fileQueue.run([id], () => saveWithFlow(this.flowHost(id), mode));
    return outcome.kind === "written" || outcome.kind === "downloaded";
  }

  /** Reads the tab's file again in `encoding` (the status bar's "Reopen with encoding"). */
  async reopen(encoding: TextEncodingId, id = this.notepad.activeId()): Promise<void> {
    await reopenWithFlow(this.flowHost(id), encoding);
  }

  /** Tab `id` as the save flow sees it, and what the flow's outcomes do to it. */
  private flowHost(id: string): SaveFlowHost {
    const notepad = this.notepad;
    const tabName = () => notepad.states.meta(id)?.name;
    return {
      key: id,
      current: () => {
        const doc = notepad.states.get(id);
        const name = tabName();
        if (!doc || name === undefined) return null;
        // A name without an extension gets ".txt"; "notes.md" stays (decision 020).
        return { name: withDefaultExtension(name), text: notepad.states.text(id), file: doc.file };
      },
      target: () => notepad.states.target(id, id === notepad.activeId() ? notepad.getView() : null),
      askChangedOnDisk,
      recordSnapshot: (text, reason) =>
        notepad.history.snapshotNow(id, { text, name: notepad.tabName(id) }, reason),
      holdText: (text) => notepad.states.replaceContent(id, text, null, undefined, "open"),
      setFile: (file, mixedLineEndings) => {
        if (!notepad.states.get(id)) return;
        notepad.states.changeMeta(id, { file, mixedLineEndings });
        notepad.publishFileStatus();
      },
      rename: (fileName) => this.links.rename(id, fileName),
      markSaved: () => this.markSaved(id),
      notify: (notice) => {
        const retry = notice.retry;
        notepad.addNotice({
          id: `save-${id}`,
          kind: notice.kind,
          message: notice.text,
          action: retry
            ? { label: retryLabel(retry), run: () => void this.save(retry, id) }
            : undefined,
        });
      },
    };
  }

  /** Clears a tab's modified marker (it was downloaded or written): storage follows the set. */
  private markSaved(id: string): void {
    this.notepad.states.markSaved(id);
  }

  /** Prints the active tab. */
  print(): void {
    const { tabs, language, previewMode } = this.notepad.store.getState();
    const tab = tabs.tabs.find((t) => t.id === tabs.activeId);
    // While a Markdown tab's preview is shown, the formatted document is printed.
    const formatted = language.id === "markdown" && previewMode !== "editor";
    const text = this.notepad.getContent(tabs.activeId);
    printAsShown(tab?.name ?? "Untitled", text, formatted, tabs.activeId);
  }
}
