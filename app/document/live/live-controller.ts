import { type Compartment, EditorState, type TransactionSpec } from "@codemirror/state";
import type * as Y from "yjs";
import type { LiveEditorKind } from "~/collab/live-keys";
import {
  deltaToChanges,
  isLiveState,
  liveCompartment,
  type TextDeltaStep,
  unbindLiveEffects,
} from "~/codemirror/live-state";
import { applyToDocument, type DocumentTarget } from "~/document/apply-to-document";
import { forgetLiveLink, readLiveName, rememberLiveLink } from "~/storage/live-links";
import { LIVE_LOAD_FAILED, type LiveRuntime, loadLiveRuntime } from "./live-address";
import type { LiveHandle, LiveJoin } from "./live-control";

/** A document's live session, as the status bar and the dialog see it. */
export interface LiveEntry {
  live: LiveHandle;
  /** Joining: the text is read-only and the status says "Joining live session…". */
  joining: boolean;
  /** The session ended (by its starter, or the relay): the document is ordinary again. */
  ended: boolean;
}

/** Where an editor keeps its documents' sessions (its store, which its components follow). */
export interface LiveEntries {
  get(id: string): LiveEntry | null;
  set(id: string, entry: LiveEntry | null): void;
  all(): [string, LiveEntry][];
  /** Forgets every session at once (the editor is going away). */
  clear(): void;
}

/** What the controller needs of an editor's documents. */
export interface LiveDocuments {
  /**
   * Document `id` as the apply path sees it (its view when shown, its held state otherwise,
   * made if need be), or null when there is no such document (closed, or not ready yet).
   */
  target(id: string): DocumentTarget | null;
  /** True while the view shows document `id`: its binding then follows the session. */
  isShown(id: string): boolean;
  /** The document's text. */
  text(id: string): string;
  /** A live change reached document `id` outside its view (the notepad marks the tab modified). */
  noteEdit?(id: string): void;
}

/** The differences between the editors, as parameters of the one controller. */
export interface LiveControllerOptions {
  /** Which editor's links the sessions make ("editor" or "notepad"). */
  readonly editor: LiveEditorKind;
  /** Document `id`'s key in the remembered live links. */
  keyOf(id: string): string;
  readonly entries: LiveEntries;
  readonly documents: LiveDocuments;
  /** The history-depth compartment of the documents' states (null: no view yet). */
  historyDepth(): Compartment | null;
  /** The history depth an ordinary document has again after its session. */
  readonly defaultHistoryDepth: number;
  /** Shows words to the person (the notepad's notices, the simple editor's notice line). */
  report(message: string): void;
  /** Words when a session is started for a document that is not there. */
  readonly missingDocument: string;
  /** Loads the session code (the page loads it on demand; tests hand in their own). */
  loadRuntime?: () => Promise<LiveRuntime>;
}

/** How a join goes: a new link, or a session a reload left. */
export interface JoinRequest {
  /** Rejoining after a reload: what the page shows is merged in, not replaced. */
  readonly rejoin: boolean;
  /** This browser started the session (it may end it for everyone). */
  readonly startedHere?: boolean;
  /** The session the page's early join made for this link (already started). */
  readonly early?: Promise<LiveJoin | null> | LiveJoin | null;
  /**
   * Puts an empty document in place of the shown one for the link (the simple editor asks
   * first); false when the person said no. Without it the document is already the link's.
   */
  replace?(): boolean;
  /** The text arrived: the cursor goes to its start (else it is mapped through the change). */
  readonly cursorToStart?: boolean;
  /** The join failed (words shown; the document is ordinary again). */
  failed?(): void;
}

/**
 * The one live controller (issue 51): starting a session for a document, joining a link,
 * rejoining after a reload, leaving, ending for everyone and the remembered links, for any
 * document of either editor, shown or hidden. A document stays its editor's ordinary record:
 * while shown, the session's edits reach it through the view's binding; while hidden, through
 * the one apply path here (origin `live`), and either way they are stored like typing. The
 * session code (Yjs, crypto) loads only when it is needed (live-address.ts).
 */
export class LiveController {
  private readonly observers = new Map<string, () => void>();
  private readonly loadRuntime: () => Promise<LiveRuntime>;
  /**
   * Counts `dispose` calls: a start or join begun before the editor went away stops once its
   * code has loaded. (A count, not a flag: React's Strict Mode disposes and mounts again.)
   */
  private disposals = 0;

  constructor(private readonly options: LiveControllerOptions) {
    this.loadRuntime = options.loadRuntime ?? loadLiveRuntime;
  }

  /** The session of document `id`, if any. */
  get(id: string): LiveEntry | null {
    return this.options.entries.get(id);
  }

  /** Loads the session code; null (with words for the person) when it cannot be loaded. */
  async load(): Promise<LiveRuntime | null> {
    try {
      return await this.loadRuntime();
    } catch (error) {
      console.error(error);
      this.options.report(LIVE_LOAD_FAILED);
      return null;
    }
  }

  /** Applies a live change or effects to document `id`, shown or not. */
  private apply(id: string, spec: TransactionSpec): boolean {
    const target = this.options.documents.target(id);
    if (!target) return false;
    applyToDocument(target, spec, "live");
    return true;
  }

  /** Read-only while the text is on its way (nothing typed then could be merged), or not. */
  private lock(id: string, on: boolean): void {
    this.apply(id, {
      effects: liveCompartment.reconfigure(on ? EditorState.readOnly.of(true) : []),
    });
  }

  /** Binds document `id` (its text already the session's) and follows the text while hidden. */
  private bind(runtime: LiveRuntime, id: string, live: LiveHandle): void {
    const historyDepth = this.options.historyDepth();
    if (!historyDepth) return;
    this.apply(id, {
      effects: runtime.bindLiveEffects(historyDepth, runtime.bindingOf(live)),
    });
    const text: Y.Text = live.session.text;
    const { documents } = this.options;
    const follow = (event: Y.YTextEvent) => {
      // The shown document follows through its view's binding; a hidden one here.
      if (documents.isShown(id)) return;
      const changes = deltaToChanges(event.delta as TextDeltaStep[]);
      if (changes.length === 0) return;
      if (this.apply(id, { changes })) documents.noteEdit?.(id);
    };
    text.observe(follow);
    this.observers.get(id)?.();
    this.observers.set(id, () => text.unobserve(follow));
  }

  /** Makes document `id` ordinary again (its session is left or over) and forgets its link. */
  private unbind(id: string): void {
    this.observers.get(id)?.();
    this.observers.delete(id);
    const target = this.options.documents.target(id);
    const state = target?.view?.state ?? target?.held?.state;
    const historyDepth = this.options.historyDepth();
    if (state && historyDepth && isLiveState(state)) {
      this.apply(id, {
        effects: unbindLiveEffects(historyDepth, this.options.defaultHistoryDepth),
      });
    } else if (state) {
      // Still joining: the interim read-only lock goes.
      this.lock(id, false);
    }
    forgetLiveLink(this.options.keyOf(id));
  }

  /**
   * Starts a session for document `id` (loading the session code first); resolves to words
   * when it cannot (too large, the code could not load, the document is not there).
   */
  async start(id: string, userName: string): Promise<string | null> {
    const disposals = this.disposals;
    let runtime: LiveRuntime;
    try {
      runtime = await this.loadRuntime();
    } catch (error) {
      console.error(error);
      return LIVE_LOAD_FAILED;
    }
    const { documents, entries } = this.options;
    if (this.disposals !== disposals) return null;
    if (!documents.target(id)) return this.options.missingDocument;
    if (entries.get(id)) return null;
    let live: LiveHandle;
    try {
      live = runtime.startLive(this.options.editor, documents.text(id), userName);
    } catch (error) {
      if (error instanceof runtime.LiveRefusal) return error.message;
      throw error;
    }
    // Starting puts the document's text in the session; the binding then follows it.
    live.session.start();
    this.bind(runtime, id, live);
    rememberLiveLink(this.options.keyOf(id), live.remembered);
    entries.set(id, { live, joining: false, ended: false });
    this.watchEnd(id, live);
    return null;
  }

  /** Leaves document `id`'s session; it stays an ordinary one (`forget`: keeps nothing of it). */
  stop(id: string, options: { forget?: boolean } = {}): void {
    const entry = this.get(id);
    if (!entry) return;
    this.options.entries.set(id, null);
    entry.live.session.leave(options);
    this.unbind(id);
  }

  /** Ends document `id`'s session for everyone (the starter only). */
  async endForEveryone(id: string): Promise<void> {
    const entry = this.get(id);
    if (!entry) return;
    await entry.live.session.endForEveryone();
    this.options.entries.set(id, null);
    this.unbind(id);
  }

  /**
   * Another document took document `id`'s place (a file, New, Drive: its state has no
   * binding): the session is left and its link forgotten.
   */
  replaced(id: string): void {
    const entry = this.get(id);
    if (!entry || entry.joining || entry.ended) return;
    const target = this.options.documents.target(id);
    const state = target?.view?.state ?? target?.held?.state;
    if (!state || isLiveState(state)) return;
    this.observers.get(id)?.();
    this.observers.delete(id);
    entry.live.session.leave();
    forgetLiveLink(this.options.keyOf(id));
    this.options.entries.set(id, null);
  }

  /** The session ended for everyone, or the relay refused it for good: the document stays. */
  private watchEnd(id: string, live: LiveHandle): void {
    const unsubscribe = live.session.subscribe((status) => {
      const entry = this.get(id);
      if (entry?.live !== live) {
        unsubscribe();
        return;
      }
      if (status.state !== "ended" || entry.joining) return;
      unsubscribe();
      this.options.entries.set(id, { ...entry, ended: true });
      this.unbind(id);
    });
  }

  /**
   * Joins `fragment`'s session in document `id`: the text shows (read-only until then) once it
   * has arrived; a rejoin merges in what the document shows.
   */
  async join(id: string, fragment: string, request: JoinRequest): Promise<void> {
    const { documents, entries, keyOf } = this.options;
    const { rejoin, early = null } = request;
    const disposals = this.disposals;
    if (!documents.target(id)) return;
    // Replacing asks first: the shown document stays editable until the person says yes.
    const lockedEarly = !request.replace;
    if (lockedEarly) this.lock(id, true);
    const runtime = await this.load();
    const joinedEarly = early ? await early : null;
    const leaveEarly = () => joinedEarly?.kind === "ok" && joinedEarly.handle.session.leave();
    // The editor went away while the code loaded: a session joined now would stay connected
    // (and in the room) with nothing to leave it. The link stays remembered for next time.
    if (this.disposals !== disposals) {
      if (lockedEarly) this.lock(id, false);
      leaveEarly();
      return;
    }
    if (!runtime) {
      // The link stays remembered for the next reload.
      if (lockedEarly) this.lock(id, false);
      leaveEarly();
      return;
    }
    // The document went while the code loaded: nothing to join.
    if (!documents.target(id)) {
      leaveEarly();
      return;
    }
    const joined =
      joinedEarly ??
      runtime.joinLive(this.options.editor, fragment, readLiveName(), request.startedHere ?? false);
    if (joined.kind === "damaged") {
      if (lockedEarly) this.lock(id, false);
      this.options.report(joined.message);
      if (rejoin) forgetLiveLink(keyOf(id));
      return;
    }
    const live = joined.handle;
    entries.set(id, { live, joining: true, ended: false });
    if (request.replace && !request.replace()) {
      live.session.leave();
      entries.set(id, null);
      return;
    }
    rememberLiveLink(keyOf(id), live.remembered);
    if (!lockedEarly) this.lock(id, true);
    live.session.start();
    let outcome = await runtime.whenJoined(live.session, rejoin);
    // Offline after a reload, with nothing kept of the room: wait for the relay's text.
    if (outcome.ok && !live.session.getStatus().synced) {
      if (live.session.text.toString() !== documents.text(id)) {
        outcome = await runtime.whenJoined(live.session);
      }
    }
    if (this.get(id)?.live !== live) return;
    if (!outcome.ok) {
      entries.set(id, { live, joining: false, ended: true });
      this.unbind(id);
      this.options.report(outcome.message);
      request.failed?.();
      return;
    }
    if (!documents.target(id)) return;
    // A rejoin merges in what the document shows (edits the relay may never have got).
    const shown = documents.text(id);
    const text = rejoin
      ? runtime.mergeLocalText(live.session, shown)
      : live.session.text.toString();
    if (shown !== text) {
      this.apply(id, {
        changes: { from: 0, to: shown.length, insert: text },
        ...(request.cursorToStart ? { selection: { anchor: 0 } } : {}),
      });
      documents.noteEdit?.(id);
    }
    this.lock(id, false);
    this.bind(runtime, id, live);
    entries.set(id, { live, joining: false, ended: false });
    this.watchEnd(id, live);
  }

  /**
   * Leaves every session (the editor is going away: the relay hears it at once). The links
   * stay remembered, so coming back rejoins.
   */
  dispose(): void {
    this.disposals += 1;
    const { entries } = this.options;
    const all = entries.all();
    // Cleared first: the sessions' "ended" must not read as the session being over.
    entries.clear();
    for (const [, entry] of all) entry.live.session.leave();
    for (const stop of this.observers.values()) stop();
    this.observers.clear();
  }
}
