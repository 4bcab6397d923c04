import { create } from "zustand";
import type { LiveHandle } from "~/document/live/live-control";

/** The simple editor's live session (issue 44): kept apart from the document's own store. */
export interface EditorLiveState {
  /** The session the document is in (also while joining, and after it ended, for its status). */
  live: LiveHandle | null;
  /** Joining: the text is read-only and the status says "Joining live session…". */
  joining: boolean;
  /** The session ended (by its starter, or the relay): the document is ordinary again. */
  ended: boolean;
  /** The Live collaboration dialog is open. */
  dialogOpen: boolean;
}

/** The editor's live-session store. One editor per page, so a module-level store is enough. */
export const useEditorLiveStore = create<EditorLiveState>()(() => ({
  live: null,
  joining: false,
  ended: false,
  dialogOpen: false,
}));
