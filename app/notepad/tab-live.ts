import { EditorState, type TransactionSpec } from "@codemirror/state";
import type { EditorView } from "@codemirror/view";
import type * as Y from "yjs";
import { create } from "zustand";
import {
  deltaToChanges,
  type EditorCompartments,
  isLiveState,
  liveCompartment,
  type TextDeltaStep,
  unbindLiveEffects,
} from "~/codemirror";
import { applyToDocument } from "~/document/apply-to-document";
import type { DocumentSyncClient } from "~/storage/document-sync";
import {
  forgetLiveLink,
  readLiveLinks,
  readLiveName,
  rememberLiveLink,
} from "~/storage/live-links";
import {
  LIVE_LOAD_FAILED,
  type LiveRuntime,
  loadLiveRuntime,
  takeLiveFragmentFromAddress,
} from "~/document/live/live-address";
import type { LiveHandle, LiveJoin } from "~/document/live/live-control";
import { NOTEPAD_LIVE_PREFIX, startEditorEarlyJoin, takeEarlyJoin } from "~/document/live/live-early-join";
import type { Notice, NotepadStore } from "./notepad-store";
import type { TabStates } from "./tab-states";
import { markModified } from "./tabs-model";
import { NOTEPAD_HISTORY_DEPTH } from "./notepad-options";

/** A tab's live session, as the status bar and the dialog see it. */
export interface TabLive {
  live: LiveHandle;
  joining: boolean;
  ended: boolean;
}

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
 * Live collaboration in the notepad (issue 44): a tab goes live, a link opens as a tab (a new
 * one, or the tab already in that room), tabs in a session rejoin after a reload, and leaving
 * makes the tab ordinary again. A live tab stays an ordinary tab record: the shown tab's remote
 * edits arrive through the view's binding and are stored like typing; a tab not shown follows
 * its Y.Text here and is stored the same way. The session code (Yjs, crypto) loads only when a
 * tab goes live, a link is opened or a session rejoins (~/document/live/live-address).
 */
export class NotepadLive {
  private readonly observers = new Map<string, () => void>();
  private unsubscribeTabs: (() => void) | null = null;

  constructor(private readonly host: TabLiveHost) {}

  private set(id: string, value: TabLive | null): void {
    useTabLiveStore.setState((s) => {
      const tabs = { ...s.tabs };
      if (value) tabs[id] = value;
      else delete tabs[id];
      return { tabs };
    });
  }

  /** The session of tab `id`, if any. */
  get(id: string): TabLive | null {
    return useTabLiveStore.getState().tabs[id] ?? null;
  }

  private error(message: string): void {
    this.host.addNotice({ id: "live", kind: "error", message });
  }

  /** Loads the session code; null (with words for the person) when it cannot be loaded. */
  private async load(): Promise<LiveRuntime | null> {
    try {
      return await loadLiveRuntime();
    } catch (error) {
      console.error(error);
      this.error(LIVE_LOAD_FAILED);
      return null;
    }
  }

  /** Applies a live change or effects to tab `id`, in the view when it is the one shown. */
  private dispatchTo(id: string, spec: TransactionSpec): void {
    const view = this.host.activeId() === id ? this.host.getView() : null;
    if (!view) {
      if (!this.host.states.get(id)) return;
      this.host.stateFor(id);
    }
    applyToDocument(this.host.states.target(id, view) ?? { view, held: null }, spec, "live");
  }

  private noteEdit(id: string): void {
    const now = Date.now();
    const { tabs } = this.host.store.getState();
    const marked = markModified(tabs, id, now);
    if (marked !== tabs) this.host.store.setState({ tabs: marked });
    const doc = this.host.states.get(id);
    if (doc) doc.lastEditAt = now;
    // Stored by the storage follower of the tabs' change feed, which heard the change.
  }

  /** Binds tab `id` (its text already the session's) and follows the text while it is hidden. */
  private bind(runtime: LiveRuntime, id: string, live: LiveHandle): void {
    this.dispatchTo(id, {
      effects: runtime.bindLiveEffects(
        this.host.compartments.historyDepth,
        runtime.bindingOf(live),
      ),
    });
    const text: Y.Text = live.session.text;
    const follow = (event: Y.YTextEvent) => {
      // The shown tab follows through its view's binding; a hidden one here.
      if (this.host.activeId() === id && this.host.getView()) return;
      const doc = this.host.states.get(id);
      if (!doc?.state) return;
      const changes = deltaToChanges(event.delta as TextDeltaStep[]);
      if (changes.length === 0) return;
      applyToDocument(this.host.states.target(id, null)!, { changes }, "live");
      this.noteEdit(id);
    };
    text.observe(follow);
    this.observers.set(id, () => text.unobserve(follow));
  }

  private unbind(id: string): void {
    this.observers.get(id)?.();
    this.observers.delete(id);
    const doc = this.host.states.get(id);
    const view = this.host.getView();
    const state = view && this.host.activeId() === id ? view.state : doc?.state;
    if (state && isLiveState(state)) {
      this.dispatchTo(id, {
        effects: unbindLiveEffects(this.host.compartments.historyDepth, NOTEPAD_HISTORY_DEPTH),
      });
    } else if (state) {
      this.dispatchTo(id, { effects: liveCompartment.reconfigure([]) });
    }
    forgetLiveLink(docKey(id));
  }

  /**
   * Starts a session for tab `id` (loading the session code first); resolves to words when it
   * cannot (too large, the code could not load, the tab is gone).
   */
  async start(id: string, userName: string): Promise<string | null> {
    let runtime: LiveRuntime;
    try {
      runtime = await loadLiveRuntime();
    } catch (error) {
      console.error(error);
      return LIVE_LOAD_FAILED;
    }
    if (!this.host.states.get(id)) return "This tab was closed.";
    if (this.get(id)) return null;
    let live: LiveHandle;
    try {
      live = runtime.startLive("notepad", this.host.states.content(id), userName);
    } catch (error) {
      if (error instanceof runtime.LiveRefusal) return error.message;
      throw error;
    }
    this.host.stateFor(id);
    // Starting puts the tab's text in the session; the binding then follows it.
    live.session.start();
    this.bind(runtime, id, live);
    rememberLiveLink(docKey(id), live.remembered);
    this.set(id, { live, joining: false, ended: false });
    this.watchEnd(id, live);
    return null;
  }

  /** Leaves tab `id`'s session; the tab stays as an ordinary one (`forget`: keeps nothing of it). */
  stop(id: string, options: { forget?: boolean } = {}): void {
    const entry = this.get(id);
    if (!entry) return;
    this.set(id, null);
    entry.live.session.leave(options);
    this.unbind(id);
  }

  /** Ends tab `id`'s session for everyone (the starter only). */
  async endForEveryone(id: string): Promise<void> {
    const entry = this.get(id);
    if (!entry) return;
    await entry.live.session.endForEveryone();
    this.set(id, null);
    this.unbind(id);
  }

  private watchEnd(id: string, live: LiveHandle): void {
    const unsubscribe = live.session.subscribe((status) => {
      const entry = this.get(id);
      if (entry?.live !== live) {
        unsubscribe();
        return;
      }
      if (status.state !== "ended" || entry.joining) return;
      unsubscribe();
      this.set(id, { ...entry, ended: true });
      this.unbind(id);
    });
  }

  /**
   * Joins `fragment`'s session in tab `id` (a new tab, or one rejoining after a reload), or
   * takes the session the page's early join made for it (`early`, already started).
   */
  private async join(
    id: string,
    fragment: string,
    startedHere: boolean,
    rejoin: boolean,
    early: LiveJoin | null = null,
  ): Promise<void> {
    // Nothing typed while the code and the text are on their way could be merged: read-only
    // until the text is here.
    this.host.stateFor(id);
    this.dispatchTo(id, { effects: liveCompartment.reconfigure(EditorState.readOnly.of(true)) });
    const runtime = await this.load();
    if (!runtime) {
      // The code did not load (words shown): the link stays remembered for the next reload.
      this.dispatchTo(id, { effects: liveCompartment.reconfigure([]) });
      return;
    }
    // The tab was closed while the code loaded: nothing to join.
    if (!this.host.states.get(id)) {
      if (early?.kind === "ok") early.handle.session.leave();
      return;
    }
    const joined = early ?? runtime.joinLive("notepad", fragment, readLiveName(), startedHere);
    if (joined.kind === "damaged") {
      this.dispatchTo(id, { effects: liveCompartment.reconfigure([]) });
      this.error(joined.message);
      forgetLiveLink(docKey(id));
      return;
    }
    const live = joined.handle;
    this.set(id, { live, joining: true, ended: false });
    rememberLiveLink(docKey(id), live.remembered);
    live.session.start();
    let outcome = await runtime.whenJoined(live.session, rejoin);
    // Offline after a reload, with nothing kept of the room: wait for the relay's text.
    if (outcome.ok && !live.session.getStatus().synced) {
      if (live.session.text.toString() !== this.host.states.content(id)) {
        outcome = await runtime.whenJoined(live.session);
      }
    }
    if (this.get(id)?.live !== live) return;
    if (!outcome.ok) {
      this.set(id, { live, joining: false, ended: true });
      this.unbind(id);
      this.error(outcome.message);
      // The empty tab made for a link that opened nothing goes again.
      if (!rejoin && this.host.states.content(id) === "") this.host.tabs.closeTab(id);
      return;
    }
    // A rejoin merges in what the tab shows (edits the relay may never have got).
    const shown = this.host.states.content(id);
    const text = rejoin
      ? runtime.mergeLocalText(live.session, shown)
      : live.session.text.toString();
    if (shown !== text) {
      const length = this.host.states.text(id).length;
      this.dispatchTo(id, { changes: { from: 0, to: length, insert: text } });
      this.noteEdit(id);
    }
    this.dispatchTo(id, { effects: liveCompartment.reconfigure([]) });
    this.bind(runtime, id, live);
    this.set(id, { live, joining: false, ended: false });
    this.watchEnd(id, live);
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
        if (open.has(id)) void this.join(id, remembered.fragment, remembered.startedHere, true);
        else forgetLiveLink(key);
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
    const runtime = await this.load();
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
      if (reading.kind === "damaged") this.error(reading.message);
      return;
    }
    const id = this.host.tabs.newTab(LIVE_TAB_NAME, "");
    if (id) void this.join(id, fragment, false, false, joined);
    else leaveEarly();
  }

  /**
   * Leaves every session (the notepad is going away: the relay hears it at once). The links
   * stay remembered, so coming back rejoins.
   */
  dispose(): void {
    this.unsubscribeTabs?.();
    const entries = Object.values(useTabLiveStore.getState().tabs);
    // Cleared first: the sessions' "ended" must not read as the session being over.
    useTabLiveStore.setState({ tabs: {} });
    for (const entry of entries) entry.live.session.leave();
    for (const stop of this.observers.values()) stop();
    this.observers.clear();
  }
}
