/**
 * Plainpad's shared CodeMirror 6 setup, used by the simple editor (/editor/) and the notepad
 * (/online-notepad/). Import it only from editor route modules: it pulls in CodeMirror
 * (~95 KB gzipped), which the landing and content pages must not load.
 *
 * ## React wrapper
 * `<CodeEditor initialDoc options extensions onReady onUpdate className />`
 * - The EditorView is created once (in an effect) and owns the document. Read text from
 *   `handle.view.state.doc` when you need it (e.g. on save), never per keystroke.
 * - `onReady(handle | null)`: `handle.view` (the EditorView), `handle.compartments`,
 *   `handle.resetDocument(text)` (fresh document + history, same options; no update event).
 * - `onUpdate(update)`: every ViewUpdate (`update.docChanged`, `update.selectionSet`...).
 * - `options`: a partial `EditorViewOptions`; changed values are reconfigured through their
 *   Compartment on the next render, without recreating the view.
 * - `extensions`: your keymaps (use `Prec.high(keymap.of(...))` to override defaults),
 *   `markdownMarkers()`, `searchHighlighting()`... read once at creation.
 *
 * ## Options (`EditorViewOptions`, defaults `DEFAULT_EDITOR_VIEW_OPTIONS`)
 * theme ("light" | "dark" | "blue"), lineNumbers, wordWrap, showWhitespace,
 * printMarginColumn (number | null), fontSize (px), fontFamily (CSS list), tabSize (also the
 * indent unit), textAlign ("left" | "center" | "right"), placeholder, spellCheck, ariaLabel
 * (accessible name of the content element; default "Document text"), historyDepth (at most
 * this many undo steps).
 *
 * ## Building blocks (for use without the wrapper)
 * - `createEditorCompartments()`, `configurableExtensions(compartments, options)`,
 *   `reconfigureEditor(view, compartments, previous, next)`, `resolveEditorOptions(partial)`.
 * - One factory per option: `editorTheme(name)`, `lineNumbersExtension(on)`,
 *   `wordWrapExtension(on)`, `whitespaceExtension(on)`, `printMarginExtension(column)`,
 *   `fontSizeExtension(px)`, `fontFamilyExtension(family)`, `tabSizeExtension(n)`,
 *   `textAlignExtension(align)`, `placeholderExtension(text)`, `spellCheckExtension(on)`,
 *   `ariaLabelExtension(label)`, `historyExtension(depth)`.
 * - `baseEditorExtensions()`: special chars, drawn selection, active line, default + undo/redo
 *   keymaps (included by the wrapper).
 * - The history (`historyDepth` option) never lets the user undo more than `historyDepth` steps:
 *   run undo through `undoWithinLimit(view)`, ask `undoStepsLeft(state)` / `canRedo(state)` to
 *   enable Undo and Redo controls.
 * - Live documents (issue 44): `bindLiveEffects(compartments.historyDepth, binding)` (from
 *   `./live-binding`, loaded with a session only, never from this index) puts
 *   y-codemirror.next's `yCollab` in `liveCompartment` (in every state through
 *   `baseEditorExtensions()`) and takes CodeMirror's history out; `undoWithinLimit`, `redoAny`,
 *   `undoStepsLeft` and `canRedo` then use the session's Y.UndoManager (own edits only).
 *   `unbindLiveEffects` gives the document its own history back; `deltaToChanges` lets a state
 *   that is not in a view follow its Y.Text.
 * - `searchHighlighting()` + the `setSearchHighlight` effect (`{ regexp, current }`): marks
 *   matches in the visible ranges only (cost independent of document size).
 * - `wordCount()` + `textStatsField`: words and characters, updated per edit from the touched
 *   lines only; documents over 1 M characters are first counted in the background (words null).
 * - `wordCountPanel()`: `wordCount()` plus the "N words  N characters" line as a bottom panel,
 *   updated in the view's own update cycle (no React render per keystroke).
 * - `markdownMarkers()`: styling of `**bold**`, `_italic_` and `<u>underline</u>` markers,
 *   visible ranges only (no Markdown parser: it re-parses whole paragraphs per keystroke).
 *
 * Theme classes for your own styling: `.cm-pp-match`, `.cm-pp-match-current`,
 * `.cm-pp-bold`, `.cm-pp-italic`, `.cm-pp-underline`, `.cm-pp-tag`; CSS variable
 * `--pp-print-margin`.
 */
export { canRedo, undoStepsLeft, undoWithinLimit } from "./bounded-history";
export { runTextTool, TEXT_TOOL_COMMANDS } from "./text-tools";
export { pasteSpec } from "./multiple-selections";
export { keyModeActions, type KeyModeActions, loadKeyMode } from "./key-modes";
export { CodeEditor, type CodeEditorHandle, type CodeEditorProps } from "./code-editor";
export {
  ariaLabelExtension,
  baseEditorExtensions,
  configurableExtensions,
  createEditorCompartments,
  DEFAULT_EDITOR_VIEW_OPTIONS,
  type EditorCompartments,
  type EditorViewOptions,
  fontFamilyExtension,
  fontSizeExtension,
  historyExtension,
  lineNumbersExtension,
  placeholderExtension,
  printMarginExtension,
  reconfigureEditor,
  reconfigureEffects,
  resolveEditorOptions,
  spellCheckExtension,
  tabSizeExtension,
  type TextAlign,
  textAlignExtension,
  whitespaceExtension,
  wordWrapExtension,
} from "./extensions";
export { markdownMarkers } from "./markdown-markers";
export {
  type SearchHighlight,
  searchHighlighting,
  searchHighlightField,
  setSearchHighlight,
} from "./search-highlight";
export { EDITOR_THEMES, editorTheme, type EditorThemeName, isDarkEditorTheme } from "./themes";
export { SYNC_WORD_COUNT_LIMIT, type TextStats, textStatsField, wordCount } from "./word-count";
export { charactersLabel, wordCountPanel, wordsLabel } from "./word-count-panel";
// bindLiveEffects and liveBindingExtension (live-binding.ts, Yjs) are not re-exported here:
// they load with a live session only (~/document/live/live-runtime).
export {
  deltaToChanges,
  isLiveState,
  type LiveBinding,
  liveCompartment,
  type TextDeltaStep,
  unbindLiveEffects,
} from "./live-state";
export { redoAny } from "./bounded-history";
