import { documentLanguage } from "~/codemirror/document-language";
import { PLAIN_TEXT } from "~/text/languages";
import type { EditorState, Extension } from "@codemirror/state";
import { EditorView, type ViewUpdate } from "@codemirror/view";
import {
  baseEditorExtensions,
  canRedo,
  type EditorViewOptions,
  keyModeActions,
  type KeyModeActions,
  resolveEditorOptions,
  textStatsField,
  undoStepsLeft,
  wordCount,
} from "~/codemirror";
import { commandKeyHandler, type CommandKeyTarget } from "~/ui/command-keys";
import { droppedFiles, type PickedFile } from "~/storage/disk-files";
import type { NotepadSettings } from "~/storage/notepad-settings";
import type { NotepadStatus } from "./notepad-store";

/** Undo steps kept per tab (spec: 50). */
export const NOTEPAD_HISTORY_DEPTH = 50;
/** The textarea placeholder (spec). */
export const NOTEPAD_PLACEHOLDER = "Start typing your text here...";

/** CSS font stacks behind the seven family names. */
const FONT_STACKS: Record<NotepadSettings["fontFamily"], string> = {
  Consolas: 'Consolas, "Liberation Mono", Menlo, monospace',
  Monaco: 'Monaco, Menlo, "DejaVu Sans Mono", monospace',
  Arial: 'Arial, "Liberation Sans", Helvetica, sans-serif',
  "Times New Roman": '"Times New Roman", "Liberation Serif", Times, serif',
  "Courier New": '"Courier New", "Liberation Mono", Courier, monospace',
  Georgia: 'Georgia, "DejaVu Serif", serif',
  Verdana: 'Verdana, "DejaVu Sans", sans-serif',
};

/**
 * The font of a tab's text for the settings, for what stands in for the text before the editor
 * exists (the prerendered empty tab, notepad-app.tsx).
 */
export function notepadTextFont(settings: Pick<NotepadSettings, "fontFamily" | "fontSize">): {
  fontFamily: string;
  fontSize: number;
} {
  return { fontFamily: FONT_STACKS[settings.fontFamily], fontSize: settings.fontSize };
}

/** The editor options of every notepad tab for the settings and the site theme. */
export function notepadEditorOptions(settings: NotepadSettings, dark: boolean): EditorViewOptions {
  return resolveEditorOptions({
    theme: dark ? "dark" : "light",
    lineNumbers: settings.showLineNumbers,
    wordWrap: settings.wordWrap,
    ...notepadTextFont(settings),
    tabSize: 4,
    placeholder: NOTEPAD_PLACEHOLDER,
    spellCheck: settings.spellCheck,
    ariaLabel: "Document text",
    historyDepth: NOTEPAD_HISTORY_DEPTH,
  });
}

/** The status bar's figures and the commands' enable flags of a tab's state. */
export function notepadStatusOf(state: EditorState): NotepadStatus {
  const head = state.selection.main.head;
  const line = state.doc.lineAt(head);
  return {
    line: line.number,
    column: head - line.from + 1,
    lines: state.doc.lines,
    chars: state.doc.length,
    selectionEmpty: state.selection.ranges.every((range) => range.empty),
    selections: state.selection.ranges.length,
    canUndo: undoStepsLeft(state) > 0,
    canRedo: canRedo(state),
    // Kept up to date per edit from the touched lines (null while a big tab is first counted).
    words: state.field(textStatsField, false)?.words ?? null,
  };
}

/** The status of `state` when any figure differs from `previous`; null when none does. */
export function changedStatus(previous: NotepadStatus, state: EditorState): NotepadStatus | null {
  const next = notepadStatusOf(state);
  const keys = Object.keys(next) as (keyof NotepadStatus)[];
  return keys.some((key) => next[key] !== previous[key]) ? next : null;
}

/** What every notepad tab's editor state shares, given the controller's handlers. */
export function notepadExtensions(handlers: {
  commandKeys: () => CommandKeyTarget<unknown> | null;
  onUpdate: (update: ViewUpdate) => void;
  /** Files dropped on the text: each opens in a tab. */
  openFiles: (picked: Promise<PickedFile[]>) => void;
  /** Text pasted or dropped into an empty tab (a pasted JSON is shown as JSON). */
  pastedIntoEmpty: () => void;
  /** What Vim's :w and :q and Emacs's Ctrl+X Ctrl+S do. */
  keyActions: KeyModeActions;
}): Extension[] {
  return [
    baseEditorExtensions(),
    keyModeActions.of(handlers.keyActions),
    // Each tab's language (plain text until one is shown: tab-language.ts).
    documentLanguage(PLAIN_TEXT, false, handlers.pastedIntoEmpty),
    // Words and characters of each tab, kept per edit (the status bar and stats read them).
    wordCount(),
    commandKeyHandler(handlers.commandKeys),
    EditorView.updateListener.of(handlers.onUpdate),
    EditorView.domEventHandlers({
      drop: (event) => {
        if (!event.dataTransfer?.files.length) return false;
        event.preventDefault();
        handlers.openFiles(droppedFiles(event.dataTransfer));
        return true;
      },
    }),
    EditorView.theme({
      "&": { height: "100%" },
      ".cm-scroller": { overflow: "auto" },
      ".cm-content": { paddingBottom: "2rem" },
    }),
  ];
}
