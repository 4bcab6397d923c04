import type { EditorState } from "@codemirror/state";
import type { EditorView } from "@codemirror/view";
import { create } from "zustand";
import type { EditorCompartments } from "~/codemirror";
import type { DocumentSyncClient } from "~/storage/document-sync";
import { forgetLiveLink, readLiveLinks } from "~/storage/live-links";
import { takeLiveFragmentFromAddress } from "~/document/live/live-address";
import { LiveController, type LiveEntry } from "~/document/live/live-controller";
import {
  NOTEPAD_LIVE_PREFIX,
  startEditorEarlyJoin,
  takeEarlyJoin,
} from "~/document/live/live-early-join";
import type { Notice, NotepadStore } from "./notepad-store";
import type { TabStates } from "./tab-states";
import { NOTEPAD_HISTORY_DEPTH } from "./notepad-options";

/** A tab's live session, as the status bar and the dialog see it. */
export type TabLive = LiveEntry;

/** The live sessions of the notepad's tabs, by tab id (the status bar follows the active one). */
export const useTabLiveStore = create<{ tabs: Record<string, TabLive> }>()(() => ({ tabs: {} }));

/** What the live sessions need of the notepad's engine. */
export interface TabLiveHost {
  readonly store: NotepadStore;
  readonly states: TabStates;
  readonly sync: DocumentSyncClient;
  readonly compartments: EditorCompartments;
  readonly tabs: {
    newTab(name?: string, content?: string): string | null;
    activate(id: string): void;
    closeTab(id: string): boolean;
  };
  getView(): EditorView | null;
  activeId(): string;
  stateFor(id: string): EditorState;
  addNotice(notice: Notice): void;
}

const docKey = (id: string) => `${NOTEPAD_LIVE_PREFIX}${id}`;
const LIVE_TAB_NAME = "Live document";

/**
 * Live collaboration in the notepad (issue 44): the one live controller (~/document/live) for
 * each tab, shown or hidden, plus what only the notepad does: a link opens as a tab (a new
 * one, or the tab already in that room), every tab in a session rejoins after a reload, and
 * closing a tab leaves its session.
 */
export class NotepadLive {
  private unsubscribeTabs: (() => void) | null = null;
  private readonly controller: LiveController;

  constructor(private readonly host: TabLiveHost) {
    this.controller = new LiveController({
      editor: "notepad",
      keyOf: docKey,
      entries: {
        get: (id) => useTabLiveStore.getState().tabs[id] ?? null,
        set: (id, value) =>
          useTabLiveStore.setState((s) => {
            const tabs = { ...s.tabs };
            if (value) tabs[id] = value;
            else delete tabs[id];
            return { tabs };
          }),
        all: () => Object.entries(useTabLiveStore.getState().tabs),
        clear: () => useTabLiveStore.setState({ tabs: {} }),
      },
      documents: {
        target: (id) => {
          const view = this.shownView(id);
          if (!view) {
            if (!host.states.get(id)) return null;
            host.stateFor(id);
          }
          return host.states.target(id, view) ?? { view, held: null };
        },
        isShown: (id) => this.shownView(id) !== null,
        text: (id) => host.states.content(id),
        noteEdit: (id) => this.noteEdit(id),
      },
      historyDepth: () => host.compartments.historyDepth,
      defaultHistoryDepth: NOTEPAD_HISTORY_DEPTH,
      report: (message) => this.report(message),
      missingDocument: "This tab was closed.",
    });
  }

  private report(message: string): void {
    this.host.addNotice({ id: "live", kind: "error", message });
  }

  private shownView(id: string): EditorView | null {
    return this.host.activeId() === id ? this.host.getView() : null;
  }

  private noteEdit(id: string): void {
    const doc = this.host.states.get(id);
    if (doc) doc.lastEditAt = Date.now();
    // Marked unsaved in the change's own transaction (`markModifiedOnEdit`), and stored by the
    // storage follower of the tabs' change feed, which heard the change.
  }

  /** The session of tab `id`, if any. */
  get(id: string): TabLive | null {
    return this.controller.get(id);
  }

  /** Starts a session for tab `id`; resolves to words when it cannot. */
  start(id: string, userName: string): Promise<string | null> {
    return this.controller.start(id, userName);
  }

  /** Leaves tab `id`'s session; the tab stays as an ordinary one (`forget`: keeps nothing of it). */
  stop(id: string, options: { forget?: boolean } = {}): void {
    this.controller.stop(id, options);
  }

  /** Ends tab `id`'s session for everyone (the starter only). */
  endForEveryone(id: string): Promise<void> {
    return this.controller.endForEveryone(id);
  }

  /**
   * Once the tabs are shown: rejoins the sessions a reload left, opens a link in the address
   * bar (`/online-notepad/#live=…`) as a new tab or the tab already in that room, and leaves a
   * tab's session when the tab is closed.
   */
  openFromAddress(): void {
    const open = new Set(this.host.store.getState().tabs.tabs.map((tab) => tab.id));
    if (!this.unsubscribeTabs) {
      for (const [key, remembered] of readLiveLinks(NOTEPAD_LIVE_PREFIX)) {
        const id = key.slice(NOTEPAD_LIVE_PREFIX.length);
        if (open.has(id)) {
          void this.controller.join(id, remembered.fragment, {
            rejoin: true,
            startedHere: remembered.startedHere,
          });
        } else forgetLiveLink(key);
      }
      const unsubscribe = this.host.store.subscribe((state) => {
        const ids = new Set(state.tabs.tabs.map((tab) => tab.id));
        for (const id of Object.keys(useTabLiveStore.getState().tabs)) {
          if (!ids.has(id)) this.stop(id);
        }
      });
      // A live link pasted into the address bar of this page opens too.
      const onHashChange = () => this.openFromAddress();
      window.addEventListener("hashchange", onHashChange);
      this.unsubscribeTabs = () => {
        unsubscribe();
        window.removeEventListener("hashchange", onHashChange);
      };
    }
    const fragment = takeLiveFragmentFromAddress();
    if (fragment) void this.openFragment(fragment);
  }

  /**
   * Starts the early join of a `#live=` link in the address (entry.client.tsx begins it before
   * the notepad has mounted; this covers arriving without that script, and is a no-op after it).
   * Call before the tabs load: openFromAddress takes the session it made.
   */
  startEarly(): void {
    startEditorEarlyJoin("notepad");
  }

  /** Opens a link's session: the tab already in that room, or a new tab joining it. */
  private async openFragment(fragment: string): Promise<void> {
    // The session the early join began for this link, if any (connected while the tabs loaded).
    const early = takeEarlyJoin(fragment);
    const runtime = await this.controller.load();
    const joined = early ? await early : null;
    const leaveEarly = () => joined?.kind === "ok" && joined.handle.session.leave();
    if (!runtime) {
      leaveEarly();
      return;
    }
    const room = runtime.roomOfFragment(fragment);
    const existing = Object.entries(useTabLiveStore.getState().tabs).find(
      ([, entry]) => entry.live.roomId === room && !entry.ended,
    );
    if (existing) {
      leaveEarly();
      this.host.tabs.activate(existing[0]);
      return;
    }
    if (room === null) {
      const reading = runtime.joinLive("notepad", fragment, "");
      if (reading.kind === "damaged") this.report(reading.message);
      return;
    }
    const id = this.host.tabs.newTab(LIVE_TAB_NAME, "");
    if (!id) {
      leaveEarly();
      return;
    }
    void this.controller.join(id, fragment, {
      rejoin: false,
      early: joined,
      // The empty tab made for a link that opened nothing goes again.
      failed: () => {
        if (this.host.states.content(id) === "") this.host.tabs.closeTab(id);
      },
    });
  }

  /**
   * Leaves every session (the notepad is going away: the relay hears it at once). The links
   * stay remembered, so coming back rejoins.
   */
  dispose(): void {
    this.unsubscribeTabs?.();
    this.controller.dispose();
  }
}
