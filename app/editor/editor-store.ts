import { create } from "zustand";
import {
  clampEditorFontSize,
  DEFAULT_EDITOR_SETTINGS,
  EDITOR_FONT_SIZE,
  type EditorSettings,
  writeEditorSettings,
} from "~/storage/editor-settings";
import { type DocumentFileFormat, newFileFormat } from "~/storage/document-records";
import { DEFAULT_FILE_NAME } from "~/text/file-name";
import { type LanguageView, PLAIN_VIEW, sameLanguageView } from "~/text/languages";
import { type PreviewMode, writePreviewMode } from "~/storage/preview-mode";
import { type KeyMode, KEY_MODE_LABELS, writeKeyMode } from "~/storage/key-mode";
import { loadKeyMode } from "~/codemirror/key-modes";
import type { Extension } from "@codemirror/state";
import type { Platform } from "~/ui/platform";
import { shortcutMap } from "./shortcuts";

/** A short message shown in the editor's alert region. */
export interface EditorNotice {
  kind: "error" | "info";
  text: string;
  /** A button offered with the message (e.g. "Download the other version"). */
  action?: { label: string; run: () => void };
}

/**
 * The simple editor's state (spec section 3) except the text itself, which lives in the
 * CodeMirror view (copying it into React state per keystroke would not scale to 50 MB).
 */
export interface EditorStoreState {
  /**
   * The document's name: like the fields below, a copy of its meta (`documentMeta` in its
   * state, `editor-meta.ts`) for the components that show it, written only by
   * `projectMetaIntoStore` from the document's feed. Read the document's own from its set
   * (`EditorDocumentSet.shownMeta`); change it with `changeShownMeta`, `renameEditorDocument`
   * or `markEditorSaved`.
   */
  fileName: string;
  /** The document has unsaved changes (the meta's `isModified`, copied; see `fileName`). */
  isDirty: boolean;
  /** The Drive file the document is in (the meta's copy, see `fileName`). */
  fileId: string | null;
  /** Encoding, line ending and the file on this computer (the meta's copy, see `fileName`). */
  file: DocumentFileFormat;
  /** The opened file mixed line endings (the meta's copy, see `fileName`). */
  mixedLineEndings: boolean;
  settings: EditorSettings;
  /** Action label -> key combination, for the user's platform. */
  keyboardShortcuts: Record<string, string>;
  platform: Platform;
  /** True once the stored draft and settings were loaded (no draft write happens before). */
  loaded: boolean;
  /** Visible warning when the draft could not be stored in the browser. */
  storageWarning: string | null;
  /** A write to the browser's storage has been running for a while. */
  storing: boolean;
  notice: EditorNotice | null;
  searchOpen: boolean;
  settingsOpen: boolean;
  /** The Export dialog is open. */
  exportDialogOpen: boolean;
  /** The History panel (versions of the document) is open. */
  historyDialogOpen: boolean;
  /** The Share dialog is open. */
  shareDialogOpen: boolean;
  /** The history has a step to undo / redo (enables the Undo and Redo buttons). */
  canUndo: boolean;
  canRedo: boolean;
  /** How many cursors or selected ranges the text has (the status bar's "3 selections"). */
  selections: number;
  /**
   * Names the document shown, for its preview's remote-image permission (`remote-images.ts`):
   * a new one whenever the document is replaced (an opened file, New, a share link), so "Load
   * images" is for one document and the next one asks again.
   */
  documentKey: string;
  /** The language the document is shown in (status bar), set by useEditorLanguage. */
  language: LanguageView;
  /** How a Markdown document is shown (remembered in this browser; read on mount). */
  previewMode: PreviewMode;
  /** The text's key bindings (remembered in this browser; read on mount). */
  keyMode: KeyMode;
  /** The loaded Vim or Emacs bindings of keyMode (nothing for the standard keys). */
  keyBindings: Extension;
  /** The status bar's note of the keys ("Vim: INSERT", "Emacs keys"); empty for the standard keys. */
  keyModeStatus: string;

  setSettings(partial: Partial<EditorSettings>): void;
  /** Applies stored settings without writing them back. */
  hydrateSettings(settings: EditorSettings): void;
  resetSettings(): void;
  changeFontSize(delta: number): void;
  setPlatform(platform: Platform): void;
  setLoaded(loaded: boolean): void;
  setStorageWarning(text: string | null): void;
  notify(notice: EditorNotice | null): void;
  setSearchOpen(open: boolean): void;
  setSettingsOpen(open: boolean): void;
  setExportDialogOpen(open: boolean): void;
  setHistoryDialogOpen(open: boolean): void;
  setShareDialogOpen(open: boolean): void;
  setHistoryFlags(canUndo: boolean, canRedo: boolean): void;
  setSelections(count: number): void;
  setLanguageView(view: LanguageView): void;
  /** Shows a Markdown document as text, text and preview, or preview; remembers the choice. */
  setPreviewMode(mode: PreviewMode): void;
  /** Switches the text's keys (loading Vim or Emacs the first time); remembered unless told. */
  setKeyMode(mode: KeyMode, options?: { remember?: boolean }): void;
}

/** The editor store. One editor per page, so a module-level store is enough. */
export const useEditorStore = create<EditorStoreState>()((set, get) => ({
  fileName: DEFAULT_FILE_NAME,
  fileId: null,
  isDirty: false,
  file: newFileFormat(),
  mixedLineEndings: false,
  settings: { ...DEFAULT_EDITOR_SETTINGS },
  keyboardShortcuts: shortcutMap("windows"),
  platform: "windows",
  loaded: false,
  storageWarning: null,
  storing: false,
  notice: null,
  searchOpen: false,
  settingsOpen: false,
  exportDialogOpen: false,
  historyDialogOpen: false,
  shareDialogOpen: false,
  canUndo: false,
  selections: 1,
  canRedo: false,
  documentKey: "editor:0",
  language: PLAIN_VIEW,
  previewMode: "editor",
  keyMode: "standard",
  keyBindings: [],
  keyModeStatus: "",

  setSettings: (partial) => {
    const settings = { ...get().settings, ...partial };
    settings.fontSize = clampEditorFontSize(settings.fontSize);
    set({ settings });
    writeEditorSettings(settings);
  },
  hydrateSettings: (settings) => set({ settings }),
  resetSettings: () => {
    const settings = { ...DEFAULT_EDITOR_SETTINGS };
    set({ settings });
    writeEditorSettings(settings);
  },
  changeFontSize: (delta) => {
    const size = get().settings.fontSize + delta;
    get().setSettings({
      fontSize: Math.min(EDITOR_FONT_SIZE.max, Math.max(EDITOR_FONT_SIZE.min, size)),
    });
  },
  setPlatform: (platform) => set({ platform, keyboardShortcuts: shortcutMap(platform) }),
  setLoaded: (loaded) => set({ loaded }),
  setStorageWarning: (storageWarning) => set({ storageWarning }),
  notify: (notice) => set({ notice }),
  setSearchOpen: (searchOpen) => set({ searchOpen }),
  setSettingsOpen: (settingsOpen) => set({ settingsOpen }),
  setExportDialogOpen: (exportDialogOpen) => set({ exportDialogOpen }),
  setHistoryDialogOpen: (historyDialogOpen) => set({ historyDialogOpen }),
  setShareDialogOpen: (shareDialogOpen) => set({ shareDialogOpen }),
  setSelections: (selections) => {
    if (get().selections !== selections) set({ selections });
  },
  setHistoryFlags: (canUndo, canRedo) => {
    if (get().canUndo !== canUndo || get().canRedo !== canRedo) set({ canUndo, canRedo });
  },
  setLanguageView: (view) => {
    if (!sameLanguageView(view, get().language)) set({ language: view });
  },
  setPreviewMode: (previewMode) => {
    writePreviewMode("editor", previewMode);
    set({ previewMode });
  },
  setKeyMode: (keyMode, { remember = true } = {}) => {
    if (remember) writeKeyMode("editor", keyMode);
    set({ keyMode });
    loadKeyMode(keyMode).then(
      (keyBindings) => {
        // A later choice made while this one loaded wins.
        if (get().keyMode === keyMode) set({ keyBindings });
      },
      (error: unknown) => {
        console.error("Loading key bindings failed", error);
        if (get().keyMode !== keyMode) return;
        set({
          keyMode: "standard",
          keyBindings: [],
          notice: {
            kind: "error",
            text: `${KEY_MODE_LABELS[keyMode]} keys could not be loaded (is this browser offline?). The standard keys are in use; try again when connected.`,
          },
        });
      },
    );
  },
}));
