import {
  Columns2,
  Eye,
  FileDown,
  FilePen,
  FileOutput,
  FolderOpen,
  History,
  Printer,
  Redo2,
  Save,
  Share2,
  Users,
  Undo2,
} from "lucide-react";
import type { PreviewMode } from "~/storage/preview-mode";
import { KEY_MODE_LABELS, KEY_MODES, type KeyMode } from "~/storage/key-mode";
import type { Command } from "./commands";

/**
 * Commands both editors have, defined once: the same label, icon, keys and enable rule, run
 * through the same context method. An editor adds what differs (`{ ...undoCommand(), … }`).
 */

/** Undo (Mod-z in the text), enabled while the history has a step to undo. */
export function undoCommand<C extends { undo(): void }, S extends { canUndo: boolean }>(): Command<
  C,
  S
> {
  return {
    id: "undo",
    label: "Undo",
    icon: Undo2,
    keys: { all: ["Mod-z"] },
    scope: "text",
    run: (ctx) => ctx.undo(),
    isEnabled: (state) => state.canUndo,
  };
}

/** Redo: both keys on every platform, the first the one each platform's users expect. */
export function redoCommand<C extends { redo(): void }, S extends { canRedo: boolean }>(): Command<
  C,
  S
> {
  return {
    id: "redo",
    label: "Redo",
    icon: Redo2,
    keys: { all: ["Mod-y", "Mod-Shift-z"], mac: ["Mod-Shift-z", "Mod-y"] },
    scope: "text",
    run: (ctx) => ctx.redo(),
    isEnabled: (state) => state.canRedo,
  };
}

/** Open a file from the computer (Mod-o anywhere on the page). */
export function openCommand<C extends { openFilePicker(): void }, S>(): Command<C, S> {
  return {
    id: "open",
    label: "Open",
    icon: FolderOpen,
    keys: { all: ["Mod-o"] },
    run: (ctx) => ctx.openFilePicker(),
  };
}

/** Print the document (Mod-p anywhere on the page, instead of printing the page). */
export function printCommand<C extends { print(): void }, S>(): Command<C, S> {
  return {
    id: "print",
    label: "Print",
    icon: Printer,
    keys: { all: ["Mod-p"] },
    run: (ctx) => ctx.print(),
  };
}

/**
 * Save (Mod-s anywhere on the page): into the document's file on this computer where the
 * browser can write files and the document has one; otherwise a download under its name.
 */
export function saveCommand<C extends { save(): void }, S>(): Command<C, S> {
  return {
    id: "save",
    label: "Save",
    helpLabel: "Save (to its file, or download)",
    icon: Save,
    keys: { all: ["Mod-s"] },
    run: (ctx) => ctx.save(),
  };
}

/** Save As (Mod-Shift-s): choose a file on this computer to save to (a download elsewhere). */
export function saveAsCommand<C extends { saveAs(): void }, S>(): Command<C, S> {
  return {
    id: "save-as",
    label: "Save as…",
    helpLabel: "Save as a new file",
    icon: FileOutput,
    keys: { all: ["Mod-Shift-s"] },
    run: (ctx) => ctx.saveAs(),
  };
}

/**
 * Export…: the dialog that downloads the document as .txt, .md, .html, .rtf or .pdf. Not
 * named "Download as…": the editor's header keeps one button called "Download".
 */
export function exportCommand<C extends { openExportDialog(): void }, S>(): Command<C, S> {
  return {
    id: "export",
    label: "Export…",
    helpLabel: "Export as TXT, MD, HTML, RTF or PDF",
    icon: FileDown,
    run: (ctx) => ctx.openExportDialog(),
  };
}

/**
 * Version history…: the panel listing the document's kept versions, to preview and restore
 * (Mod-Shift-h anywhere on the page).
 */
export function historyCommand<C extends { openHistory(): void }, S>(): Command<C, S> {
  return {
    id: "history",
    label: "Version history…",
    helpLabel: "Version history (preview and restore)",
    icon: History,
    keys: { all: ["Mod-Shift-h"] },
    run: (ctx) => ctx.openHistory(),
  };
}

/**
 * Share: the dialog that makes a link carrying the document itself (`/s/#…`), optionally
 * locked with a password (docs/decisions/009-share-links.md).
 */
export function shareCommand<C extends { openShareDialog(): void }, S>(): Command<C, S> {
  return {
    id: "share",
    label: "Share",
    menuLabel: "Share as link…",
    helpLabel: "Share as a link",
    icon: Share2,
    run: (ctx) => ctx.openShareDialog(),
  };
}

/**
 * Live collaboration (issue 44): the dialog that starts an end-to-end encrypted live session
 * for the document and shows its Edit and View-only links, or stops it.
 */
export function liveCommand<C extends { openLiveDialog(): void }, S>(): Command<C, S> {
  return {
    id: "live",
    label: "Live",
    menuLabel: "Live collaboration…",
    helpLabel: "Live collaboration (edit together)",
    icon: Users,
    run: (ctx) => ctx.openLiveDialog(),
  };
}

/**
 * Comment or uncomment the selected lines in the language's comment syntax (Mod-/ in the text).
 * In plain text there is none: false lets the key through.
 */
export function toggleCommentCommand<C extends { toggleComment(): boolean }, S>(): Command<C, S> {
  return {
    id: "toggle-comment",
    label: "Toggle comment",
    helpLabel: "Comment / uncomment lines (code)",
    keys: { all: ["Mod-/"] },
    scope: "text",
    run: (ctx) => ctx.toggleComment(),
  };
}

/**
 * Tab / Shift+Tab indent and outdent the selected lines; false (nothing to indent: plain text
 * in the notepad) lets the key move the focus on. `helpLabel` says where each editor does it.
 */
export function indentCommands<C extends { indent(): boolean; outdent(): boolean }, S>(
  helpLabel: string,
): Command<C, S>[] {
  return [
    {
      id: "indent",
      label: "Indent lines",
      helpLabel,
      keys: { all: ["Tab"] },
      keysHelp: "Tab / Shift-Tab",
      scope: "text",
      run: (ctx) => ctx.indent(),
    },
    {
      id: "outdent",
      label: "Outdent lines",
      keys: { all: ["Shift-Tab"] },
      helpWith: "indent",
      scope: "text",
      run: (ctx) => ctx.outdent(),
    },
  ];
}

/** What the preview commands read: the chosen mode, and whether the document is Markdown. */
export interface PreviewCommandState {
  previewMode: PreviewMode;
  markdown: boolean;
}

const PREVIEW_MODE_COMMANDS = [
  { mode: "editor", id: "preview-editor", label: "Editor only", icon: FilePen },
  { mode: "split", id: "preview-split", label: "Side by side", icon: Columns2 },
  { mode: "preview", id: "preview-only", label: "Preview only", icon: Eye },
] as const;

/**
 * The Markdown preview's three modes (issue 30), a radio group: the text only, the text and
 * its preview side by side (on a phone: a Text / Preview switch), or the preview only. Enabled
 * for Markdown documents; the chosen mode is remembered by each editor.
 */
export function previewModeCommands<
  C extends { setPreviewMode(mode: PreviewMode): void },
  S extends PreviewCommandState,
>(): Command<C, S>[] {
  return PREVIEW_MODE_COMMANDS.map(({ mode, id, label, icon }) => ({
    id,
    label,
    helpLabel: `Markdown preview: ${label.toLowerCase()}`,
    icon,
    checkKind: "radio" as const,
    run: (ctx: C) => ctx.setPreviewMode(mode),
    isEnabled: (state: S) => state.markdown,
    isChecked: (state: S) => state.markdown && state.previewMode === mode,
  }));
}

/**
 * The text's key bindings (issue 31 item 5), a radio group: the standard keys, Vim's or
 * Emacs's. Each editor remembers its own; Vim and Emacs load only when chosen.
 */
export function keyModeCommands<
  C extends { setKeyMode(mode: KeyMode): void },
  S extends { keyMode: KeyMode },
>(): Command<C, S>[] {
  return KEY_MODES.map((mode) => ({
    id: `keys-${mode}`,
    label: `${KEY_MODE_LABELS[mode]} keys`,
    checkKind: "radio" as const,
    run: (ctx: C) => ctx.setKeyMode(mode),
    isChecked: (state: S) => state.keyMode === mode,
  }));
}

/** The ids of the compare view's next / previous change commands (their keys work there). */
export const COMPARE_NEXT_CHANGE = "compare-next-change";
export const COMPARE_PREVIOUS_CHANGE = "compare-previous-change";

/**
 * Next / previous change in a comparison (F7 / Shift+F7, as in Notepad++'s Compare). Listed
 * in the registries so the help tables show them and the compare view reads its keys from
 * here; in the text itself they do nothing, so the keys stay the browser's.
 */
export function compareStepCommands<C, S>(): Command<C, S>[] {
  return [
    {
      id: COMPARE_NEXT_CHANGE,
      label: "Next change",
      helpLabel: "Next / previous change (when comparing)",
      keys: { all: ["F7"] },
      keysHelp: "F7 / Shift-F7",
      scope: "text",
      run: () => false,
    },
    {
      id: COMPARE_PREVIOUS_CHANGE,
      label: "Previous change",
      keys: { all: ["Shift-F7"] },
      helpWith: COMPARE_NEXT_CHANGE,
      scope: "text",
      run: () => false,
    },
  ];
}
