import { toggleComment } from "@codemirror/commands";
import type { StateCommand } from "@codemirror/state";
import type { EditorView } from "@codemirror/view";
import { pasteSpec, redoAny, runTextTool, undoWithinLimit } from "~/codemirror";
import { EDITOR_FONT_SIZE } from "~/storage/editor-settings";
import { indentSelection, outdentSelection } from "~/text/indent";
import { toggleBold, toggleItalic, toggleUnderline } from "~/text/inline-markers";
import { toggleBulletList, toggleNumberedList } from "~/text/lists";
import {
  type ClipboardAction,
  clipboardRefusedMessage,
  readClipboardText,
  writeClipboardText,
} from "~/ui/clipboard";
import type { PickedFile } from "~/storage/disk-files";
import { downloadDocument } from "~/document/file-save";
import { saveOutcomeNotice } from "~/document/save-messages";
import { printAsShown } from "~/preview/print-as-shown";
import type { EditorCommandContext } from "./commands";
import type { EditorDocumentSet } from "./editor-document-set";
import { markEditorSaved, renameEditorDocument } from "./editor-meta";
import { useEditorStore } from "./editor-store";
import { useEditorLiveStore } from "./editor-live-store";

/**
 * Everything the toolbar, header, keys and menus can ask the editor to do: the command
 * registry's context (`commands.ts`) plus opening a file that was dropped or picked.
 */
export interface EditorActions extends EditorCommandContext {
  /** Opens the first of picked or dropped files (they may still be reading their handles). */
  openFiles(files: Promise<PickedFile[]>): void;
  /** Renames the document (the header's name field); marks it unsaved when the name changed. */
  renameDocument(name: string): void;
}

/** What the actions need from the page. */
export interface EditorActionDeps {
  getView(): EditorView | null;
  /** The document (its name and unsaved flag change through its set). */
  documents: EditorDocumentSet;
  newDocument(): void;
  openFilePicker(): void;
  openFiles(files: Promise<PickedFile[]>): void;
  saveFile(mode: "save" | "save-as"): void;
}

/**
 * The simple editor's actions: text commands run on the view (focus stays in the text), the
 * clipboard (a refused cut keeps the text), settings through the store, download and print.
 */
export function createEditorActions(deps: EditorActionDeps): EditorActions {
  const { getView, documents } = deps;
  /** Runs a text command and gives the focus back to the text. */
  const runCommand = (command: StateCommand) => {
    const view = getView();
    if (!view) return;
    command(view);
    view.focus();
  };
  /** Runs a text command from a key: false lets the key through (Tab moves focus). */
  const runTextCommand = (command: StateCommand): boolean => {
    const view = getView();
    return view ? command(view) : false;
  };
  const store = () => useEditorStore.getState();
  const clipboardDenied = (action: ClipboardAction) =>
    store().notify({ kind: "error", text: clipboardRefusedMessage(action, store().platform) });
  return {
    newDocument: deps.newDocument,
    openFilePicker: deps.openFilePicker,
    openFiles: deps.openFiles,
    renameDocument: (name) => void renameEditorDocument(documents, name),
    save: () => deps.saveFile("save"),
    saveAs: () => deps.saveFile("save-as"),
    openExportDialog: () => store().setExportDialogOpen(true),
    openHistory: () => store().setHistoryDialogOpen(true),
    openShareDialog: () => store().setShareDialogOpen(true),
    openLiveDialog: () => useEditorLiveStore.setState({ dialogOpen: true }),
    undo: () => runCommand(undoWithinLimit),
    redo: () => runCommand(redoAny),
    bold: () => runCommand(toggleBold),
    italic: () => runCommand(toggleItalic),
    underline: () => runCommand(toggleUnderline),
    setTextAlign: (textAlign) => store().setSettings({ textAlign }),
    changeFontSize: (direction) => store().changeFontSize(direction * EDITOR_FONT_SIZE.step),
    setTheme: (theme) => store().setSettings({ theme }),
    indent: () => runTextCommand(indentSelection),
    runTextTool: (id) =>
      runTextTool(getView(), id, (text) => store().notify({ kind: "info", text })),
    outdent: () => runTextCommand(outdentSelection),
    toggleComment: () => runTextCommand(toggleComment),
    bulletList: () => runCommand(toggleBulletList),
    numberedList: () => runCommand(toggleNumberedList),
    copy: () => {
      const view = getView();
      if (!view) return;
      const { from, to } = view.state.selection.main;
      if (from === to) {
        store().notify({ kind: "info", text: "Select some text to copy." });
        return;
      }
      void writeClipboardText(view.state.sliceDoc(from, to)).then((written) =>
        written
          ? store().notify({ kind: "info", text: "Copied to the clipboard." })
          : clipboardDenied("copy"),
      );
      view.focus();
    },
    cut: () => {
      const view = getView();
      if (!view) return;
      const { from, to } = view.state.selection.main;
      if (from === to) {
        store().notify({ kind: "info", text: "Select some text to cut." });
        return;
      }
      void writeClipboardText(view.state.sliceDoc(from, to)).then((written) => {
        // The text is deleted only once it is on the clipboard: a refused cut keeps it.
        if (!written) {
          clipboardDenied("cut");
          return;
        }
        view.dispatch({
          changes: { from, to },
          selection: { anchor: from },
          userEvent: "delete.cut",
        });
        view.focus();
      });
    },
    paste: () => {
      const view = getView();
      if (!view) return;
      void readClipboardText().then((text) => {
        if (text === null) {
          clipboardDenied("paste");
          return;
        }
        view.dispatch(pasteSpec(view.state, text), {
          scrollIntoView: true,
          userEvent: "input.paste",
        });
        view.focus();
      });
    },
    openSearch: () => {
      if (store().searchOpen) window.dispatchEvent(new Event("plainpad:focus-search"));
      else store().setSearchOpen(true);
    },
    toggleSettings: () => store().setSettingsOpen(!store().settingsOpen),
    download: () => {
      const doc = documents.state?.doc ?? null;
      const { name, file } = documents.shownMeta;
      // A legacy encoding's encoder may still be loading: the download waits for it.
      void downloadDocument({ name, text: doc?.toString() ?? "", file }).then((outcome) => {
        if (outcome.kind === "downloaded") {
          // Text typed (or another document opened) meanwhile is not in the download.
          if (documents.state?.doc === doc) markEditorSaved(documents, "saved");
          return;
        }
        const notice = saveOutcomeNotice(outcome);
        if (notice) store().notify({ kind: notice.kind, text: notice.text });
      });
    },
    print: () => {
      const { fileName, language, previewMode, documentKey } = store();
      const formatted = language.id === "markdown" && previewMode !== "editor";
      printAsShown(fileName, getView()?.state.doc.toString() ?? "", formatted, documentKey);
    },
    setPreviewMode: (mode) => store().setPreviewMode(mode),
  };
}
