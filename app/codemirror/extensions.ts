import { docChangeFeed } from "./doc-change-feed";
import { defaultKeymap } from "@codemirror/commands";
import { indentUnit } from "@codemirror/language";
import { Compartment, EditorState, type Extension, type StateEffect } from "@codemirror/state";
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  highlightWhitespace,
  keymap,
  lineNumbers,
  placeholder,
} from "@codemirror/view";
import { longLineTyping } from "./long-line-typing";
import { multipleSelections } from "./multiple-selections";
import { boundedHistory, redoAny, undoWithinLimit } from "./bounded-history";
import { liveCompartment } from "./live-state";
import { editorTheme, type EditorThemeName } from "./themes";

/** Horizontal alignment of the text lines (a view setting; the file is not changed). */
export type TextAlign = "left" | "center" | "right";

/** Every reconfigurable display option of an editor view. */
export interface EditorViewOptions {
  /** Colour theme. */
  theme: EditorThemeName;
  /** Line-number gutter. */
  lineNumbers: boolean;
  /** Soft-wrap long lines. */
  wordWrap: boolean;
  /** Show spaces and tabs as dots and arrows. */
  showWhitespace: boolean;
  /** Column of the vertical print-margin guide, or null for none. */
  printMarginColumn: number | null;
  /** Font size in CSS pixels. */
  fontSize: number;
  /** CSS font-family list. */
  fontFamily: string;
  /** Width of a tab character and the indent unit, in spaces. */
  tabSize: number;
  /** Alignment of the text lines. */
  textAlign: TextAlign;
  /** Text shown while the document is empty ("" for none). */
  placeholder: string;
  /** The browser's spell check on the content element. */
  spellCheck: boolean;
  /** Accessible name of the content element (role textbox). */
  ariaLabel: string;
  /** How many undo steps are kept (and can be undone) at most. */
  historyDepth: number;
  /** Vim or Emacs bindings once loaded (`loadKeyMode`); nothing for the standard keys. */
  keyBindings: Extension;
}

/** The defaults: the simple editor's spec defaults (light, 16 px, wrap, line numbers, indent 2). */
export const DEFAULT_EDITOR_VIEW_OPTIONS: EditorViewOptions = {
  theme: "light",
  lineNumbers: true,
  wordWrap: true,
  showWhitespace: false,
  printMarginColumn: null,
  fontSize: 16,
  fontFamily:
    'ui-monospace, SFMono-Regular, Menlo, Monaco, Consolas, "Liberation Mono", "Courier New", monospace',
  tabSize: 2,
  textAlign: "left",
  placeholder: "",
  spellCheck: true,
  ariaLabel: "Document text",
  historyDepth: 100,
  keyBindings: [],
};

/** One Compartment per option, so each can be reconfigured without recreating the view. */
export type EditorCompartments = { readonly [K in keyof EditorViewOptions]: Compartment };

/** Makes a fresh set of compartments; use one set per EditorView. */
export function createEditorCompartments(): EditorCompartments {
  return {
    theme: new Compartment(),
    lineNumbers: new Compartment(),
    wordWrap: new Compartment(),
    showWhitespace: new Compartment(),
    printMarginColumn: new Compartment(),
    fontSize: new Compartment(),
    fontFamily: new Compartment(),
    tabSize: new Compartment(),
    textAlign: new Compartment(),
    placeholder: new Compartment(),
    spellCheck: new Compartment(),
    ariaLabel: new Compartment(),
    historyDepth: new Compartment(),
    keyBindings: new Compartment(),
  };
}

// EditorView.theme() mints a CSS class per call: cache the variants so reconfiguring back and
// forth does not grow the stylesheet.
const themeCache = new Map<string, Extension>();
function cachedTheme(key: string, make: () => Extension): Extension {
  let ext = themeCache.get(key);
  if (!ext) {
    ext = make();
    themeCache.set(key, ext);
  }
  return ext;
}

/** Line-number gutter (with the active line's number highlighted), or nothing. */
export function lineNumbersExtension(on: boolean): Extension {
  return on ? [lineNumbers(), highlightActiveLineGutter()] : [];
}

/** Soft line wrapping, or nothing. */
export function wordWrapExtension(on: boolean): Extension {
  return on ? EditorView.lineWrapping : [];
}

/** Visible spaces and tabs, or nothing. */
export function whitespaceExtension(on: boolean): Extension {
  return on ? highlightWhitespace() : [];
}

/**
 * A 1 px vertical guide after `column` characters (measured in the content font's `ch`, exact
 * for monospace fonts), coloured by the theme's `--pp-print-margin`; null draws nothing.
 */
export function printMarginExtension(column: number | null): Extension {
  if (column === null || column <= 0) return [];
  return cachedTheme(`margin:${column}`, () => {
    // .cm-line has 6px of left padding; the guide sits at the end of column `column`.
    const at = `calc(6px + ${column}ch)`;
    const end = `calc(7px + ${column}ch)`;
    return EditorView.theme({
      ".cm-content": {
        backgroundImage: `linear-gradient(to right, transparent ${at}, var(--pp-print-margin) ${at}, var(--pp-print-margin) ${end}, transparent ${end})`,
      },
    });
  });
}

/** Font size in px on the editor root (gutter and text scale together). */
export function fontSizeExtension(px: number): Extension {
  return EditorView.editorAttributes.of({ style: `font-size: ${px}px` });
}

/** Font family of the text and gutter. */
export function fontFamilyExtension(family: string): Extension {
  return cachedTheme(`font:${family}`, () =>
    EditorView.theme({ ".cm-scroller": { fontFamily: family } }),
  );
}

/** Tab width and indent unit of `size` spaces. */
export function tabSizeExtension(size: number): Extension {
  return [EditorState.tabSize.of(size), indentUnit.of(" ".repeat(size))];
}

/** Line alignment. */
export function textAlignExtension(align: TextAlign): Extension {
  if (align === "left") return [];
  return cachedTheme(`align:${align}`, () =>
    EditorView.theme({ ".cm-line": { textAlign: align } }),
  );
}

/** Placeholder text for the empty document, or nothing for "". */
export function placeholderExtension(text: string): Extension {
  return text ? placeholder(text) : [];
}

/** The browser's spell check (and autocorrect/capitalisation, which go with it) on or off. */
export function spellCheckExtension(on: boolean): Extension {
  return EditorView.contentAttributes.of({
    spellcheck: on ? "true" : "false",
    autocorrect: on ? "on" : "off",
    autocapitalize: on ? "sentences" : "off",
  });
}

/** aria-label of the content element. */
export function ariaLabelExtension(label: string): Extension {
  return EditorView.contentAttributes.of({ "aria-label": label });
}

/** Undo history of at most `depth` steps. Reconfiguring keeps the existing history. */
export function historyExtension(depth: number): Extension {
  return boundedHistory(depth);
}

const FACTORIES: { [K in keyof EditorViewOptions]: (value: EditorViewOptions[K]) => Extension } = {
  theme: editorTheme,
  lineNumbers: lineNumbersExtension,
  wordWrap: wordWrapExtension,
  showWhitespace: whitespaceExtension,
  printMarginColumn: printMarginExtension,
  fontSize: fontSizeExtension,
  fontFamily: fontFamilyExtension,
  tabSize: tabSizeExtension,
  textAlign: textAlignExtension,
  placeholder: placeholderExtension,
  spellCheck: spellCheckExtension,
  ariaLabel: ariaLabelExtension,
  historyDepth: historyExtension,
  keyBindings: (bindings) => bindings,
};

const OPTION_KEYS = Object.keys(FACTORIES) as (keyof EditorViewOptions)[];

function optionExtension<K extends keyof EditorViewOptions>(
  key: K,
  value: EditorViewOptions[K],
): Extension {
  return FACTORIES[key](value);
}

/** Fills missing options with DEFAULT_EDITOR_VIEW_OPTIONS. */
export function resolveEditorOptions(options: Partial<EditorViewOptions>): EditorViewOptions {
  const resolved = { ...DEFAULT_EDITOR_VIEW_OPTIONS };
  for (const key of OPTION_KEYS) {
    if (options[key] !== undefined) (resolved as Record<string, unknown>)[key] = options[key];
  }
  return resolved;
}

/** Every option wrapped in its compartment: put this in the initial state's extensions. */
export function configurableExtensions(
  compartments: EditorCompartments,
  options: EditorViewOptions,
): Extension[] {
  return OPTION_KEYS.map((key) => compartments[key].of(optionExtension(key, options[key])));
}

/**
 * The effects that reconfigure only the options that differ between `previous` and `next`
 * (empty when nothing changed). For a state that is not in a view (a notepad tab not shown).
 */
export function reconfigureEffects(
  compartments: EditorCompartments,
  previous: EditorViewOptions,
  next: EditorViewOptions,
): StateEffect<unknown>[] {
  return OPTION_KEYS.filter((key) => previous[key] !== next[key]).map((key) =>
    compartments[key].reconfigure(optionExtension(key, next[key])),
  );
}

/**
 * Reconfigures only the options that differ between `previous` and `next` (one transaction;
 * nothing is dispatched when nothing changed). Returns true when something was reconfigured.
 */
export function reconfigureEditor(
  view: EditorView,
  compartments: EditorCompartments,
  previous: EditorViewOptions,
  next: EditorViewOptions,
): boolean {
  const effects = reconfigureEffects(compartments, previous, next);
  if (effects.length === 0) return false;
  view.dispatch({ effects });
  return true;
}

/**
 * The fixed part of both editors: special-character display, drawn selection, active-line
 * highlight, fast typing at the end of very long lines, multiple cursors and Alt+drag column
 * selections, and the default plus undo/redo key bindings (Mod-z, Mod-y, Mod-Shift-z). Editors put
 * their own keymaps at a higher precedence (`Prec.high(keymap.of(...))`) to override bindings.
 */
export function baseEditorExtensions(): Extension {
  return [
    highlightSpecialChars(),
    drawSelection(),
    highlightActiveLine(),
    longLineTyping,
    docChangeFeed,
    multipleSelections(),
    keymap.of([
      ...defaultKeymap,
      // CodeMirror's historyKeymap, with the undo that respects the history's ceiling.
      { key: "Mod-z", run: undoWithinLimit, preventDefault: true },
      { key: "Mod-y", mac: "Mod-Shift-z", run: redoAny, preventDefault: true },
      { linux: "Ctrl-Shift-z", run: redoAny, preventDefault: true },
    ]),
    // Empty until the document goes live (live-binding.ts, loaded with the session).
    liveCompartment.of([]),
  ];
}
