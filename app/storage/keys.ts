/**
 * Every browser-storage key Plainpad uses, in one place. The spec fixes the notepad's and the
 * site theme's localStorage keys; the rest are ours.
 */
export const STORAGE_KEYS = {
  /** localStorage: "light" | "dark", the site theme (spec). */
  siteTheme: "siteTheme",
  /** localStorage: the notepad's tab list (spec; legacy shape, see notepad storage). */
  notepadFiles: "notepad-files",
  /** localStorage: id of the notepad's active tab (spec). */
  notepadActiveFileId: "notepad-activeFileId",
  /** localStorage: notepad font size, family, wrap and line numbers (spec). */
  notepadSettings: "notepad-settings",
  /** localStorage: the simple editor's display settings. */
  editorSettings: "plainpad-editor-settings",
  /** localStorage: editor-behaviour preferences set on the customizing tutorial page. */
  writingPreferences: "plainpad-writing-preferences",
  /** localStorage: how each editor shows a Markdown document (suffixed "-editor" / "-notepad"). */
  previewMode: "plainpad-preview-mode",
  /** localStorage: each editor's key bindings, standard, Vim or Emacs (suffixed like previewMode). */
  keyMode: "plainpad-key-mode",
  /**
   * localStorage: the live sessions documents are in (issue 44): document key → the link's
   * fragment, so a reload rejoins. Removed when the person leaves the session.
   */
  liveLinks: "plainpad-live-links",
  /** localStorage: the name last given for live sessions ("" for none). */
  liveName: "plainpad-live-name",
  /** localStorage: the notepad's folder panel width in CSS pixels (issue 52). */
  workspacePanelWidth: "plainpad-workspace-panel-width",
} as const;

/** IndexedDB database and store names. */
export const IDB = {
  name: "plainpad",
  /** Bump together with the upgrade code in storage/db.ts. */
  version: 1,
  stores: {
    /** A file handed from the landing page to the editor (key "pending"). */
    handoff: "handoff",
    /** The simple editor's draft (key "draft"). */
    editorDraft: "editor-draft",
    /** Notepad tabs, one record per tab id. */
    notepadTabs: "notepad-tabs",
  },
} as const;
