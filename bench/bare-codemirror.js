// The bare engine the editor is measured against: CodeMirror 6 with only history, the default
// keymap and line numbers, none of Plainpad's features (themes, markers, search highlighting,
// word count, draft saving). bench/editor.bench.mjs bundles this file with Vite and serves
// it at /__bench/bare-codemirror.html, exposing the same window.__plainpadBench hook as /editor/.
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { javascript } from "@codemirror/lang-javascript";
import { json } from "@codemirror/lang-json";
import { defaultHighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { Compartment } from "@codemirror/state";
import { EditorView, keymap, lineNumbers } from "@codemirror/view";
import {
  createBaselineView,
  focusMiddle,
  fullWindowTheme,
  nextPaint,
  openInView,
} from "./baseline-page.js";

const wrap = new Compartment();
let wrapping = false;
// `?lang=json` or `?lang=javascript`: the same engine with that language and its highlighting
// (bench/code.bench.mjs), the level highlighted typing is measured against.
const LANGUAGES = { json, javascript };
const language = LANGUAGES[new URLSearchParams(location.search).get("lang")];
const extensions = () => [
  language ? [language(), syntaxHighlighting(defaultHighlightStyle)] : [],
  wrap.of(wrapping ? EditorView.lineWrapping : []),
  lineNumbers(),
  history(),
  keymap.of([...defaultKeymap, ...historyKeymap]),
  fullWindowTheme,
];
const view = createBaselineView(extensions());

window.__plainpadBench = {
  open: (text) => openInView(view, text, extensions()),
  // One regular expression over the whole text: the fast way the issue names for counting.
  search(query) {
    const start = performance.now();
    const re = new RegExp(query, "gi");
    const text = view.state.doc.toString();
    let count = 0;
    while (re.exec(text)) count++;
    return { ms: performance.now() - start, count };
  },
  async setWrap(on) {
    wrapping = on;
    view.dispatch({ effects: wrap.reconfigure(on ? EditorView.lineWrapping : []) });
    await nextPaint();
  },
  async scrollToEnd() {
    const start = performance.now();
    view.dispatch({ selection: { anchor: view.state.doc.length }, scrollIntoView: true });
    view.focus();
    await nextPaint();
    return performance.now() - start;
  },
  length: () => view.state.doc.length,
  focusMiddle: () => focusMiddle(view),
};
