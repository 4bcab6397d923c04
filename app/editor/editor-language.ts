import type { Extension } from "@codemirror/state";
import type { EditorView } from "@codemirror/view";
import { useEffect, useState } from "react";
import { documentLanguage, shouldHighlight, showLanguage } from "~/codemirror/document-language";
import { detectLanguage, PLAIN_TEXT } from "~/text/languages";
import { useEditorStore } from "./editor-store";

/** Characters of the text a language is told from (a shebang or a JSON opening). */
const HEAD_CHARS = 4096;

/**
 * Shows the simple editor's document in its language: the one picked for it, else its name's,
 * else (an untitled document) its text's. Follows a rename, an opened file, a pick in the status
 * bar, a paste into an empty document and "Highlight anyway". Returns the view's extension (made
 * once).
 */
export function useEditorLanguage(getView: () => EditorView | null): Extension {
  const [extension] = useState(() =>
    documentLanguage(PLAIN_TEXT, false, () => applyLanguage(getView)),
  );
  useEffect(() => {
    applyLanguage(getView);
    return useEditorStore.subscribe((state, previous) => {
      if (
        state.loaded !== previous.loaded ||
        state.fileName !== previous.fileName ||
        state.file !== previous.file ||
        state.language.forced !== previous.language.forced
      )
        applyLanguage(getView);
    });
  }, [getView]);
  return extension;
}

/**
 * The name the language is told from: the file on disk (when the browser gave one), else the
 * document's name. Names kept from before decision 020 end in a ".txt" the editor added to the
 * file's own ("data.json.txt"): the name without it tells ("notes.md.txt" is Markdown, and
 * "notes.txt" stays plain text).
 */
export function languageName(fileName: string, diskName: string | null): string {
  if (diskName) return diskName;
  const inner = fileName.replace(/\.txt$/i, "");
  return inner.includes(".") && !inner.startsWith(".") ? inner : fileName;
}

function applyLanguage(getView: () => EditorView | null): void {
  const view = getView();
  if (!view) return;
  const store = useEditorStore.getState();
  const id = detectLanguage(
    languageName(store.fileName, store.file.disk?.handle.name ?? null),
    view.state.doc.sliceString(0, HEAD_CHARS),
    store.file.language ?? null,
  );
  const forced = store.language.forced && store.language.id === id;
  const highlighted = shouldHighlight(id, view.state.doc.length, forced);
  store.setLanguageView({ id, highlighted, tooLarge: id !== PLAIN_TEXT && !highlighted, forced });
  void showLanguage(view, id, highlighted, () => {
    const now = useEditorStore.getState().language;
    return now.id === id && now.highlighted === highlighted;
  });
}
