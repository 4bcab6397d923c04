import { redo, selectAll } from "@codemirror/commands";
import type { EditorView } from "@codemirror/view";
import { undoWithinLimit } from "~/codemirror";
import { findNext, type ReplaceAllResult, replaceAll } from "~/text/find-replace";
import {
  type ClipboardAction,
  clipboardRefusedMessage,
  readClipboardText,
  writeClipboardText,
} from "~/ui/clipboard";
import { detectPlatform } from "~/ui/platform";

/**
 * What the notepad's commands do to the text of the shown tab: undo and redo within the
 * history's ceiling, the clipboard, inserting, find and Replace All (pure state functions from
 * app/text/find-replace.ts). Every action leaves the focus in the text.
 */
export class NotepadTextActions {
  constructor(
    private readonly getView: () => EditorView | null,
    /** Shows the notice when the browser refused the clipboard. */
    private readonly clipboardRefused: (message: string) => void,
  ) {}

  /** Focuses the text. */
  focus(): void {
    this.getView()?.focus();
  }

  /** Inserts text at the cursor (replacing the selection) and focuses the editor. */
  insertText(text: string): void {
    const view = this.getView();
    if (!view) return;
    view.dispatch(view.state.replaceSelection(text), { scrollIntoView: true, userEvent: "input" });
    view.focus();
  }

  /** Inserts the current local date and time (F5). */
  insertDateTime(): void {
    this.insertText(new Date().toLocaleString());
  }

  /** Undo, stopping at the history's ceiling (50 steps). */
  undo(): void {
    const view = this.getView();
    if (view) undoWithinLimit(view);
    this.focus();
  }

  redo(): void {
    const view = this.getView();
    if (view) redo(view);
    this.focus();
  }

  selectAll(): void {
    const view = this.getView();
    if (view) selectAll(view);
    this.focus();
  }

  private selectedText(): string {
    const state = this.getView()?.state;
    if (!state) return "";
    return state.selection.ranges
      .filter((range) => !range.empty)
      .map((range) => state.sliceDoc(range.from, range.to))
      .join(state.lineBreak);
  }

  private refused(action: ClipboardAction): void {
    this.clipboardRefused(clipboardRefusedMessage(action, detectPlatform()));
  }

  /** Copies the selection to the clipboard. */
  async copy(): Promise<void> {
    const text = this.selectedText();
    if (!text) return;
    if (!(await writeClipboardText(text))) this.refused("copy");
    this.focus();
  }

  /** Cuts the selection; when the clipboard refused it the text stays (cutting would lose it). */
  async cut(): Promise<void> {
    const view = this.getView();
    const text = this.selectedText();
    if (!view || !text) return;
    if (!(await writeClipboardText(text))) {
      this.refused("cut");
      return;
    }
    view.dispatch(view.state.replaceSelection(""), { userEvent: "delete.cut" });
    this.focus();
  }

  /** Pastes the clipboard text at the cursor; a refused clipboard gets a notice. */
  async paste(): Promise<void> {
    const text = await readClipboardText();
    if (text === null) {
      this.refused("paste");
      this.focus();
    } else if (text) {
      this.insertText(text);
    }
  }

  /** Selects the next case-insensitive match after the selection. False when there is none. */
  findNext(query: string): boolean {
    const view = this.getView();
    const spec = view ? findNext(view.state, query) : null;
    if (!view || !spec) return false;
    view.dispatch(spec);
    return true;
  }

  /** Replaces every exact occurrence (one undo step) and says how many. */
  replaceAll(find: string, replace: string): Omit<ReplaceAllResult, "transaction"> {
    const view = this.getView();
    if (!view) return { count: 0, message: "" };
    const { transaction, count, message } = replaceAll(view.state, find, replace);
    if (transaction) view.dispatch(transaction);
    return { count, message };
  }
}
