import { withDefaultExtension } from "~/text/file-name";
import { askChangedOnDisk } from "~/ui/choice-dialog";
import type { TextEncodingId } from "~/text/text-encoding";
import {
  reopenDocument,
  type SaveOutcome,
  saveDocument,
  saveDocumentAs,
  saveOutcomeNotice,
} from "~/ui/document-file-save";
import { printAsShown } from "~/preview/print-as-shown";
import type { TabTextHost } from "./notepad-part";
import { clearModified } from "./tabs-model";

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
  ) {}

  /**
   * Save (into the tab's file on this computer, else a download named as the spec says) or
   * Save As (the system's save dialog, a download where there is none). The modified marker
   * clears only when the write succeeded and the tab was not edited meanwhile. Resolves true
   * when the text was written or downloaded (false: failed, cancelled, or reloaded instead).
   */
  async save(mode: "save" | "save-as", id = this.notepad.activeId()): Promise<boolean> {
    const tab = this.notepad.store.getState().tabs.tabs.find((t) => t.id === id);
    const doc = this.notepad.states.get(id);
    if (!tab || !doc) return false;
    const savedText = this.notepad.states.text(id);
    const request = {
      // A name without an extension gets ".txt"; "notes.md" stays (decision 020).
      name: withDefaultExtension(tab.name),
      text: savedText.toString(),
      file: doc.file,
    };
    const outcome =
      mode === "save"
        ? await saveDocument(request, {
            askChangedOnDisk,
            keepOverwritten: (diskText) =>
              this.notepad.history.snapshotNow(
                id,
                { text: diskText, name: tab.name },
                "before-overwrite",
              ),
          })
        : await saveDocumentAs(request);
    const current = this.notepad.states.get(id);
    // The tab was closed while the dialog or the write ran.
    if (!current) return false;
    const unchanged = this.notepad.states.text(id) === savedText;
    if (outcome.kind === "written") {
      this.notepad.states.changeMeta(id, { file: outcome.file, mixedLineEndings: false });
      if (mode === "save-as") this.links.rename(id, outcome.name);
      if (unchanged) this.markSaved(id);
      this.notepad.publishFileStatus();
    } else if (outcome.kind === "downloaded") {
      if (unchanged) this.markSaved(id);
    } else if (outcome.kind === "reload") {
      this.applyReload(id, outcome);
    }
    this.noticeFor(id, outcome);
    return outcome.kind === "written" || outcome.kind === "downloaded";
  }

  /** Reads the tab's file again in `encoding` (the status bar's "Reopen with encoding"). */
  async reopen(encoding: TextEncodingId, id = this.notepad.activeId()): Promise<void> {
    const disk = this.notepad.states.get(id)?.file.disk;
    if (!disk) return;
    const outcome = await reopenDocument(disk, encoding);
    // The tab was closed while the file was read.
    if (!this.notepad.states.get(id)) return;
    if (outcome.kind === "reload") this.applyReload(id, outcome);
    this.noticeFor(id, outcome);
  }

  /** The file's text as read from disk goes into the tab, which is then as saved. */
  private applyReload(id: string, outcome: Extract<SaveOutcome, { kind: "reload" }>): void {
    const current = this.notepad.states.get(id);
    if (!current) return;
    this.reloadText(id, outcome.text);
    const { file, mixedLineEndings } = outcome;
    this.notepad.states.changeMeta(id, { file, mixedLineEndings });
    this.markSaved(id);
    this.notepad.publishFileStatus();
  }

  /** Puts the file's text from disk in the tab; in the shown tab an undoable edit. */
  private reloadText(id: string, text: string): void {
    const view = this.notepad.getView();
    if (view && id === this.notepad.activeId()) {
      view.dispatch({
        changes: { from: 0, to: view.state.doc.length, insert: text },
        userEvent: "input.reload",
      });
    } else {
      void this.notepad.history.snapshotNow(
        id,
        { text: this.notepad.states.text(id), name: this.notepad.tabName(id) },
        "reloaded-from-disk",
      );
      this.notepad.states.replaceContent(id, text, null, undefined, "open");
    }
  }

  /** Clears a tab's modified marker (it was downloaded or written) and stores that. */
  private markSaved(id: string): void {
    const before = this.notepad.store.getState().tabs;
    const after = clearModified(before, id);
    if (after !== before) {
      this.notepad.store.setState({ tabs: after });
      this.notepad.states.announce(id, { meta: true });
    }
  }

  private noticeFor(id: string, outcome: SaveOutcome): void {
    const notice = saveOutcomeNotice(outcome);
    if (!notice) return;
    const retry = notice.retry;
    this.notepad.addNotice({
      id: `save-${id}`,
      kind: notice.kind,
      message: notice.text,
      action: retry
        ? {
            label: retry === "save" ? "Save" : "Save as…",
            run: () => void this.save(retry, id),
          }
        : undefined,
    });
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
