import { selectAll, toggleComment } from "@codemirror/commands";
import type { EditorView } from "@codemirror/view";
import { pasteSpec, redoAny, undoWithinLimit } from "~/codemirror";
import { SLICE_MS, yieldToPage } from "~/storage/work-slices";
import { findNextInSlices, type ReplaceAllResult, replaceAll } from "~/text/find-replace";
import { indentSelection, outdentSelection } from "~/text/indent";
import { isProseLanguage } from "~/text/languages";
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
    /** The shown tab's language id. */
    private readonly languageId: () => string = () => "plain",
  ) {}

  /**
   * Tab in a code tab: indents the selected lines (or inserts two spaces at the cursor), like
   * the simple editor. False in prose (plain text, Markdown), where Tab keeps moving the focus
   * as it always has. Escape then Tab leaves a code tab (CodeMirror's tab-focus mode).
   */
  indent(): boolean {
    const view = this.getView();
    return view && !isProseLanguage(this.languageId()) ? indentSelection(view) : false;
  }

  /** Shift+Tab in a code tab: removes up to two leading spaces per line; false in prose. */
  outdent(): boolean {
    const view = this.getView();
    return view && !isProseLanguage(this.languageId()) ? outdentSelection(view) : false;
  }

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
    if (view) redoAny(view);
    this.focus();
  }

  /** Comments or uncomments the selected lines; false in plain text (the key goes through). */
  toggleComment(): boolean {
    const view = this.getView();
    return view ? toggleComment(view) : false;
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
      const view = this.getView();
      if (!view) return;
      view.dispatch(pasteSpec(view.state, text), {
        scrollIntoView: true,
        userEvent: "input.paste",
      });
      view.focus();
    }
  }

  /**
   * Selects the next case-insensitive match after the selection. Resolves false when there is
   * none, null when `isCurrent()` turned false or the text changed meanwhile (the answer is
   * then stale). The document is searched in slices, yielding to the page between them, so a
   * search through hundreds of megabytes never freezes it.
   */
  async findNext(query: string, isCurrent: () => boolean): Promise<boolean | null> {
    const view = this.getView();
    if (!view) return false;
    const state = view.state;
    let sliceStart = performance.now();
    const result = await findNextInSlices(state, query, async () => {
      if (performance.now() - sliceStart > SLICE_MS) {
        await yieldToPage();
        sliceStart = performance.now();
      }
      return isCurrent() && this.getView()?.state.doc === state.doc;
    });
    const current = this.getView();
    if (!result || !current || current.state.doc !== state.doc || !isCurrent()) return null;
    if (!result.found) return false;
    current.dispatch(result.found);
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
