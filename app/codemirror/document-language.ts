import { Compartment, type EditorState, type Extension, Prec } from "@codemirror/state";
import { EditorView, type ViewUpdate } from "@codemirror/view";
import {
  HIGHLIGHT_LIMIT_CHARS,
  isProseLanguage,
  languageInfo,
  MARKDOWN_TREE_LIMIT_CHARS,
  PLAIN_TEXT,
} from "~/text/languages";

/**
 * The language a document is shown in, as one compartment of its editor state: empty for plain
 * text (no language code is loaded at all), else the language's highlighting and code tools,
 * loaded on first use (code-support.ts, a chunk of its own). Both editors use it; the notepad
 * keeps one state per tab, each with its own language.
 */
const languageCompartment = new Compartment();

const loaded = new Map<string, Extension>();
const loading = new Map<string, Promise<Extension>>();

/**
 * The support a document of `length` characters in language `id` gets: Markdown over
 * MARKDOWN_TREE_LIMIT_CHARS is highlighted line by line (its full parse costs every keystroke
 * tens of milliseconds there), everything else by its language's parser.
 */
function supportKey(id: string, length: number): string {
  return id === "markdown" && length > MARKDOWN_TREE_LIMIT_CHARS ? LINE_BY_LINE_MARKDOWN : id;
}

const LINE_BY_LINE_MARKDOWN = "markdown (line by line)";

/** Loads language `id`'s support (once; a failed load is tried again next time). */
export function loadLanguage(id: string, length = 0): Promise<Extension> {
  const key = supportKey(id, length);
  const done = loaded.get(key);
  if (done) return Promise.resolve(done);
  let pending = loading.get(key);
  if (!pending) {
    pending = import("./code-support")
      .then(({ codeSupport }) => codeSupport(id, key === LINE_BY_LINE_MARKDOWN))
      .then((support) => {
        // Code is not prose (plain text and Markdown are): the browser's spell check would
        // underline every identifier.
        const extension = isProseLanguage(id)
          ? support
          : [support, Prec.highest(EditorView.contentAttributes.of({ spellcheck: "false" }))];
        loaded.set(key, extension);
        return extension;
      })
      .finally(() => loading.delete(key));
    loading.set(key, pending);
  }
  return pending;
}

/** True when a document of `length` characters in language `id` is highlighted. */
export function shouldHighlight(id: string, length: number, forced: boolean): boolean {
  return id !== PLAIN_TEXT && (forced || length <= HIGHLIGHT_LIMIT_CHARS);
}

/**
 * The compartment for a new editor state in language `id`: its support when it is loaded
 * already (a notepad tab switched to), else nothing until `showLanguage` has loaded it.
 * `onPasteIntoEmpty` hears of text pasted or dropped into an empty document (a pasted JSON in an
 * untitled document is shown as JSON).
 */
export function documentLanguage(
  id: string,
  highlight: boolean,
  onPasteIntoEmpty?: (state: EditorState) => void,
): Extension {
  const support = highlight && id !== PLAIN_TEXT ? (loaded.get(supportKey(id, 0)) ?? []) : [];
  return [
    languageCompartment.of(support),
    onPasteIntoEmpty
      ? EditorView.updateListener.of((update: ViewUpdate) => {
          if (
            update.docChanged &&
            update.startState.doc.length === 0 &&
            update.transactions.some(
              (tr) => tr.isUserEvent("input.paste") || tr.isUserEvent("input.drop"),
            )
          )
            onPasteIntoEmpty(update.state);
        })
      : [],
  ];
}

/** True when `state` already shows language `id` (or plain text, for `highlight` false). */
function shows(state: EditorState, id: string, highlight: boolean): boolean {
  const current = languageCompartment.get(state);
  if (!highlight || id === PLAIN_TEXT) return Array.isArray(current) && current.length === 0;
  return current === loaded.get(supportKey(id, state.doc.length));
}

/**
 * Shows `view`'s document in language `id` (plain text when `highlight` is false), loading the
 * language first when needed. `stillWanted` is asked after the load: a document replaced or
 * switched meanwhile is left alone. Resolves false when the load failed.
 */
export async function showLanguage(
  view: EditorView,
  id: string,
  highlight: boolean,
  stillWanted: () => boolean = () => true,
): Promise<boolean> {
  if (shows(view.state, id, highlight)) return true;
  let support: Extension = [];
  if (highlight && id !== PLAIN_TEXT) {
    try {
      support = await loadLanguage(id, view.state.doc.length);
    } catch (error) {
      console.error(`Highlighting for ${languageInfo(id).label} could not be loaded`, error);
      return false;
    }
  }
  if (!stillWanted() || shows(view.state, id, highlight)) return true;
  view.dispatch({ effects: languageCompartment.reconfigure(support) });
  return true;
}
