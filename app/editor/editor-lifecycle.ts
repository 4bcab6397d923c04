import { type RefObject, useEffect } from "react";
import type { EditorView } from "@codemirror/view";
import { type EditorViewOptions, setSearchHighlight } from "~/codemirror";
import type { ChangeFeed } from "~/document/change-feed";
import { type EditorSettings, readEditorSettings } from "~/storage/editor-settings";
import { isStoredReload } from "~/storage/pending-work";
import { detectPlatform } from "~/ui/platform";
import type { EditorPersistence } from "./editor-persistence";
import { projectMetaIntoStore } from "./editor-meta";
import { useEditorStore } from "./editor-store";

// The simple editor's page-level effects and its view options, each a job of its own, kept
// out of simple-editor.tsx so that module stays about putting the editor together.

/** The editor view's options for the user's settings. */
export function editorViewOptions(settings: EditorSettings): Partial<EditorViewOptions> {
  return {
    theme: settings.theme,
    lineNumbers: settings.showLineNumbers,
    wordWrap: settings.wordWrap,
    showWhitespace: settings.showWhitespace,
    printMarginColumn: settings.showPrintMargin ? 80 : null,
    fontSize: settings.fontSize,
    tabSize: settings.indentSize,
    textAlign: settings.textAlign,
    spellCheck: settings.spellCheck,
    placeholder: "Start writing, or drop a text file here...",
    ariaLabel: "Document text",
  };
}

/**
 * The platform and the settings saved in this browser, read after hydration (the prerendered
 * page has the defaults) and before the view is made, so it starts with them.
 */
export function useSettingsFromThisBrowser(): void {
  useEffect(() => {
    const store = useEditorStore.getState();
    store.setPlatform(detectPlatform());
    store.hydrateSettings(readEditorSettings());
  }, []);
}

/**
 * The document engine exists from the start, but nothing is written before the stored
 * document loaded (an empty editor must never overwrite a stored draft). It follows the
 * document's change feed: the view's transactions (text and meta, name and unsaved flag
 * included, with their origins) and a replaced document's announcement. The store's copy of
 * the meta follows the same feed (`projectMetaIntoStore`); it is not state of the component,
 * so the first keystroke after a save re-renders only the unsaved badge.
 */
export function useDocumentTracking(
  getPersistence: () => EditorPersistence,
  persistenceRef: RefObject<EditorPersistence | null>,
  feed: ChangeFeed,
): void {
  useEffect(() => {
    const persistence = getPersistence();
    const stopFollowing = persistence.follow(feed);
    const stopProjecting = projectMetaIntoStore(feed);
    return () => {
      stopFollowing();
      stopProjecting();
      persistence.dispose();
      persistenceRef.current = null;
    };
  }, [getPersistence, persistenceRef, feed]);
}

/**
 * Leaving with unsaved changes asks first. The listener exists only while there are unsaved
 * changes (a beforeunload listener keeps some browsers from caching the page for Back).
 */
export function useUnsavedChangesWarning(): void {
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      // Plainpad reloading itself (a new version) has stored the text first: no question.
      if (isStoredReload()) return;
      event.preventDefault();
      event.returnValue = "";
    };
    const follow = (dirty: boolean) => {
      if (dirty) window.addEventListener("beforeunload", warn);
      else window.removeEventListener("beforeunload", warn);
    };
    follow(useEditorStore.getState().isDirty);
    const unsubscribe = useEditorStore.subscribe((state, previous) => {
      if (state.isDirty !== previous.isDirty) follow(state.isDirty);
    });
    return () => {
      unsubscribe();
      follow(false);
    };
  }, []);
}

/** Search highlights go away when the bar closes (also when closed from the store). */
export function useSearchHighlightsClearedOnClose(
  searchOpen: boolean,
  getView: () => EditorView | null,
): void {
  useEffect(() => {
    if (!searchOpen) {
      getView()?.dispatch({ effects: setSearchHighlight.of({ regexp: null, current: null }) });
    }
  }, [searchOpen, getView]);
}
