import { HighlightStyle, syntaxHighlighting, type TagStyle } from "@codemirror/language";
import type { Extension } from "@codemirror/state";
import { EditorView } from "@codemirror/view";
import { tags } from "@lezer/highlight";
import { CSV_COLUMN_TAGS } from "./token-tags";

/** The editor colour themes both editors offer. */
export type EditorThemeName = "light" | "dark" | "blue";

/** Every theme name, in the order the UI lists them. */
export const EDITOR_THEMES: readonly EditorThemeName[] = ["light", "dark", "blue"];

interface Palette {
  dark: boolean;
  background: string;
  foreground: string;
  gutterBackground: string;
  gutterForeground: string;
  gutterBorder: string;
  /** Placeholder text: AA contrast on the active-line background it usually sits on. */
  placeholder: string;
  /** Translucent, so the selection layer drawn beneath the lines shows through it. */
  activeLine: string;
  selection: string;
  cursor: string;
  match: string;
  currentMatch: string;
  whitespace: string;
  margin: string;
  heading: string;
  marker: string;
  link: string;
  /** Code tokens (AA contrast on the background): keywords, strings, numbers and so on. */
  code: {
    keyword: string;
    string: string;
    number: string;
    comment: string;
    type: string;
    function: string;
    property: string;
    tag: string;
    attribute: string;
  };
  /** CSV columns, six tints in turn. */
  columns: readonly string[];
}

// Colours are chosen for AA contrast of text and gutter numbers on their background.
const PALETTES: Record<EditorThemeName, Palette> = {
  light: {
    dark: false,
    background: "#ffffff",
    foreground: "#1f2937",
    gutterBackground: "#f8fafc",
    gutterForeground: "#64748b",
    gutterBorder: "#e2e8f0",
    placeholder: "#475569",
    activeLine: "rgba(100, 116, 139, 0.09)",
    selection: "#bfdbfe",
    cursor: "#111827",
    match: "#fde68a",
    currentMatch: "#f59e0b",
    whitespace: "#94a3b8",
    margin: "#cbd5e1",
    heading: "#1d4ed8",
    marker: "#6b7280",
    link: "#1d4ed8",
    code: {
      keyword: "#7c3aed",
      string: "#047857",
      number: "#b45309",
      comment: "#6b7280",
      type: "#0e7490",
      function: "#1d4ed8",
      property: "#9d174d",
      tag: "#b91c1c",
      attribute: "#92400e",
    },
    columns: ["#1d4ed8", "#047857", "#b45309", "#7c3aed", "#be123c", "#0e7490"],
  },
  dark: {
    dark: true,
    background: "#111827",
    foreground: "#e5e7eb",
    gutterBackground: "#0f172a",
    gutterForeground: "#94a3b8",
    gutterBorder: "#1f2937",
    placeholder: "#9ca3af",
    activeLine: "rgba(148, 163, 184, 0.1)",
    selection: "#1e40af",
    cursor: "#f9fafb",
    match: "#854d0e",
    currentMatch: "#b45309",
    whitespace: "#64748b",
    margin: "#374151",
    heading: "#93c5fd",
    marker: "#9ca3af",
    link: "#93c5fd",
    code: {
      keyword: "#c4b5fd",
      string: "#6ee7b7",
      number: "#fcd34d",
      comment: "#9ca3af",
      type: "#67e8f9",
      function: "#93c5fd",
      property: "#f9a8d4",
      tag: "#fca5a5",
      attribute: "#fdba74",
    },
    columns: ["#93c5fd", "#6ee7b7", "#fcd34d", "#c4b5fd", "#fda4af", "#67e8f9"],
  },
  blue: {
    dark: true,
    background: "#0b2545",
    foreground: "#e0ecff",
    gutterBackground: "#08203d",
    gutterForeground: "#9fb8dc",
    gutterBorder: "#13345f",
    placeholder: "#a9c1e3",
    activeLine: "rgba(96, 165, 250, 0.12)",
    selection: "#1d4f91",
    cursor: "#ffffff",
    match: "#7a5b00",
    currentMatch: "#b7791f",
    whitespace: "#6f8fbd",
    margin: "#2a4d7e",
    heading: "#ffd166",
    marker: "#9fb8dc",
    link: "#8ecbff",
    code: {
      keyword: "#d8b4fe",
      string: "#86efac",
      number: "#fde68a",
      comment: "#a9c1e3",
      type: "#a5f3fc",
      function: "#bfdbfe",
      property: "#fbcfe8",
      tag: "#fecaca",
      attribute: "#fed7aa",
    },
    columns: ["#bfdbfe", "#86efac", "#fde68a", "#d8b4fe", "#fecdd3", "#a5f3fc"],
  },
};

function buildTheme(name: EditorThemeName): Extension {
  const p = PALETTES[name];
  const view = EditorView.theme(
    {
      "&": {
        backgroundColor: p.background,
        color: p.foreground,
        height: "100%",
        "--pp-print-margin": p.margin,
      },
      // The browser's own caret, not CodeMirror's drawn one: redrawing the drawn cursor's
      // blinking layer on every keystroke cost about 8 ms of rendering per key in the
      // benchmark, which put typing a frame behind the bare engine. drawSelection() still
      // draws the selection (visible while the find bar has the focus). The selectors are
      // more specific than the !important rule with which drawSelection hides the caret.
      "&.cm-editor .cm-scroller .cm-content, &.cm-editor .cm-scroller .cm-line": {
        caretColor: `${p.cursor} !important`,
      },
      "&.cm-editor .cm-cursorLayer": { display: "none" },
      ".cm-dropCursor": { borderLeftColor: p.cursor },
      "&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection":
        { backgroundColor: p.selection },
      ".cm-gutters": {
        backgroundColor: p.gutterBackground,
        color: p.gutterForeground,
        borderRight: `1px solid ${p.gutterBorder}`,
      },
      ".cm-activeLine": { backgroundColor: p.activeLine },
      ".cm-activeLineGutter": { backgroundColor: p.activeLine, color: p.foreground },
      ".cm-placeholder": { color: p.placeholder },
      ".cm-highlightSpace": {
        backgroundImage: `radial-gradient(circle at 50% 55%, ${p.whitespace} 15%, transparent 5%)`,
      },
      ".cm-highlightTab": { color: p.whitespace },
      ".cm-pp-match": { backgroundColor: p.match, borderRadius: "2px" },
      ".cm-pp-match-current": {
        backgroundColor: p.currentMatch,
        color: p.dark ? "#ffffff" : "#111827",
        borderRadius: "2px",
      },
      ".cm-pp-underline": { textDecoration: "underline" },
      ".cm-pp-bold": { fontWeight: "700" },
      ".cm-pp-italic": { fontStyle: "italic" },
      ".cm-pp-tag": { color: p.marker },
    },
    { dark: p.dark },
  );
  const highlight = HighlightStyle.define([
    { tag: tags.strong, fontWeight: "700" },
    { tag: tags.emphasis, fontStyle: "italic" },
    { tag: tags.strikethrough, textDecoration: "line-through" },
    { tag: tags.heading, fontWeight: "700", color: p.heading },
    { tag: tags.link, color: p.link, textDecoration: "underline" },
    { tag: tags.url, color: p.link },
    { tag: tags.processingInstruction, color: p.marker },
    { tag: tags.monospace, fontFamily: "inherit", color: p.heading },
    { tag: tags.quote, fontStyle: "italic" },
    ...codeHighlights(p),
  ]);
  return [view, syntaxHighlighting(highlight)];
}

/** Colours of code tokens; plain text has no syntax tree, so none of these ever applies to it. */
function codeHighlights(p: Palette): TagStyle[] {
  const c = p.code;
  return [
    {
      tag: [tags.keyword, tags.operatorKeyword, tags.controlKeyword, tags.moduleKeyword],
      color: c.keyword,
    },
    { tag: [tags.string, tags.special(tags.string), tags.regexp, tags.character], color: c.string },
    { tag: [tags.number, tags.bool, tags.null, tags.atom, tags.unit], color: c.number },
    { tag: tags.comment, color: c.comment, fontStyle: "italic" },
    { tag: [tags.typeName, tags.className, tags.namespace], color: c.type },
    {
      tag: [tags.function(tags.variableName), tags.function(tags.propertyName), tags.macroName],
      color: c.function,
    },
    { tag: [tags.propertyName, tags.labelName], color: c.property },
    { tag: [tags.tagName, tags.deleted], color: c.tag },
    { tag: [tags.attributeName, tags.meta], color: c.attribute },
    { tag: tags.inserted, color: c.string },
    ...CSV_COLUMN_TAGS.map((tag, i) => ({ tag, color: p.columns[i] })),
  ];
}

const cache = new Map<EditorThemeName, Extension>();

/**
 * The colour theme extension for `name` (editor surface, gutter, selection, search matches and
 * Markdown marker styling). Cached, so reconfiguring to the same theme is cheap.
 */
export function editorTheme(name: EditorThemeName): Extension {
  let theme = cache.get(name);
  if (!theme) {
    theme = buildTheme(name);
    cache.set(name, theme);
  }
  return theme;
}

/** True for the themes with light text on a dark background. */
export function isDarkEditorTheme(name: EditorThemeName): boolean {
  return PALETTES[name].dark;
}
