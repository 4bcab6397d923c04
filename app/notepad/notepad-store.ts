import { create } from "zustand";
import { type DocumentFileFormat, newFileFormat } from "~/storage/document-records";
import { type LanguageView, PLAIN_VIEW } from "~/text/languages";
import type { PreviewMode } from "~/storage/preview-mode";
import type { KeyMode } from "~/storage/key-mode";
import { DEFAULT_NOTEPAD_SETTINGS, type NotepadSettings } from "~/storage/notepad-settings";
import type { NotepadSyncStatus } from "~/drive/sync/sync-types";
import { SYNC_OFF_STATUS } from "./drive-sync-status";
import { initialTabsState, type TabsState } from "./tabs-model";

/** A message in the notepad's notice area. */
export interface Notice {
  id: string;
  kind: "error" | "warning" | "info";
  message: string;
  /** Offer the "Download all tabs" button with the message. */
  offerDownloadAll?: boolean;
  /** A button offered with the message (e.g. "Save as…" after a failed save). */
  action?: { label: string; run: () => void };
  /** A second button beside it (e.g. "Not now" on an offer). */
  secondary?: { label: string; run: () => void };
}

/** Which modal dialog is open. */
export type NotepadModal =
  | "folder-copies"
  | "emoji"
  | "chars"
  | "shortcuts"
  | "about"
  | "download"
  | "history"
  | "compare"
  | "closed-tabs"
  | "backup"
  | "restore-backup"
  | "share"
  | "live"
  | "drive-sync"
  | "quick-open"
  | "recent-folders"
  | null;

/** Figures of the status bar and stats display. */
export interface NotepadStatus {
  line: number;
  column: number;
  lines: number;
  chars: number;
  /** null while a large document is being counted. */
  words: number | null;
  selectionEmpty: boolean;
  /** How many cursors or selected ranges there are (multiple cursors, column selections). */
  selections: number;
  canUndo: boolean;
  canRedo: boolean;
}

/** Everything the notepad's React UI renders. Text itself lives in CodeMirror states, not here. */
export interface NotepadUiState {
  /** False until the stored tabs have been read (nothing is written before). */
  loaded: boolean;
  tabs: TabsState;
  settings: NotepadSettings;
  status: NotepadStatus;
  notices: Notice[];
  /** Storage refused the last write; edits are kept in memory and retried. */
  storageFull: boolean;
  /** A write to the browser's storage has been running for a while. */
  storing: boolean;
  findOpen: boolean;
  replaceOpen: boolean;
  /** Bumped by Find / Replace (menu or shortcut) so an open find bar takes the focus again. */
  findFocusRequest: number;
  fullscreen: boolean;
  modal: NotepadModal;
  renamingId: string | null;
  /** The active tab's file figures for the status bar. */
  activeFile: { file: DocumentFileFormat; mixed: boolean; inDrive: boolean };
  /** The language the active tab is shown in (status bar). */
  language: LanguageView;
  /** How a Markdown tab is shown (remembered in this browser; read when the notepad starts). */
  previewMode: PreviewMode;
  /** The text's key bindings (remembered in this browser; read when the notepad starts). */
  keyMode: KeyMode;
  /** The status bar's note of the keys ("Vim: INSERT", "Emacs keys"); empty for the standard keys. */
  keyModeStatus: string;
  /** The background sync with Google Drive: on or off, interval, each synced tab's state. */
  driveSync: NotepadSyncStatus;
}

/** The initial UI state (also what the prerendered HTML shows). */
export function initialNotepadUiState(): NotepadUiState {
  return {
    loaded: false,
    tabs: initialTabsState(0),
    settings: { ...DEFAULT_NOTEPAD_SETTINGS },
    status: {
      line: 1,
      column: 1,
      lines: 1,
      chars: 0,
      words: 0,
      selectionEmpty: true,
      selections: 1,
      canUndo: false,
      canRedo: false,
    },
    notices: [],
    storageFull: false,
    storing: false,
    findOpen: false,
    replaceOpen: false,
    findFocusRequest: 0,
    fullscreen: false,
    modal: null,
    renamingId: null,
    activeFile: { file: newFileFormat(), mixed: false, inDrive: false },
    language: PLAIN_VIEW,
    previewMode: "editor",
    keyMode: "standard",
    keyModeStatus: "",
    driveSync: SYNC_OFF_STATUS,
  };
}

/** Makes a notepad UI store (one per mounted notepad). */
export function createNotepadStore() {
  return create<NotepadUiState>()(() => initialNotepadUiState());
}

/** The store type returned by createNotepadStore. */
export type NotepadStore = ReturnType<typeof createNotepadStore>;

/** Resolves once the stored tabs are shown (`loaded`). */
export function whenLoaded(store: NotepadStore): Promise<void> {
  if (store.getState().loaded) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = store.subscribe((state) => {
      if (!state.loaded) return;
      unsubscribe();
      resolve();
    });
  });
}
