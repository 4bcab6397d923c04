import { EditorState } from "@codemirror/state";
import { useCallback, useEffect, useMemo } from "react";
import {
  type CodeEditorHandle,
  DEFAULT_EDITOR_VIEW_OPTIONS,
  isLiveState,
  liveCompartment,
  unbindLiveEffects,
} from "~/codemirror";
import { applyToDocument } from "~/document/apply-to-document";
import { forgetLiveLink, readLiveLink, readLiveName, rememberLiveLink } from "~/storage/live-links";
import {
  LIVE_LOAD_FAILED,
  type LiveRuntime,
  loadLiveRuntime,
  takeLiveFragmentFromAddress,
} from "~/document/live/live-address";
import type { LiveHandle } from "~/document/live/live-control";
import { EDITOR_LIVE_KEY, startEditorEarlyJoin, takeEarlyJoin } from "~/document/live/live-early-join";
import { useEditorLiveStore } from "./editor-live-store";
import { useEditorStore } from "./editor-store";
import type { EditorDocument } from "./use-editor-document";

/** The simple editor's document key in the remembered live links. */
const LIVE_KEY = EDITOR_LIVE_KEY;
const LIVE_DOCUMENT_NAME = "Live document.txt";
const CONFIRM_JOIN =
  "Open the live document in place of this one? Changes you have not downloaded or saved will be lost.";

/** What the editor page does with live sessions. */
export interface EditorLive {
  /** Starts a session for the document (loading its code first); words when it cannot. */
  start(userName: string): Promise<string | null>;
  /** Leaves the session; the document stays as an ordinary one (`forget`: keeps nothing of it). */
  stop(options?: { forget?: boolean }): void;
  endForEveryone(): Promise<void>;
  /** After the stored document loaded: joins a link in the address bar, or rejoins after a reload. */
  openFromAddress(): void;
}

/**
 * Live collaboration in the simple editor (issue 44): starting a session for its document,
 * opening a link (`/editor/#live=…`, in place of the document after the usual unsaved-changes
 * question), rejoining after a reload, and leaving. The document stays the editor's one document
 * record: remote edits reach the view through the binding and are stored like typing. The
 * session code (Yjs, crypto) loads only when it is needed (~/document/live/live-address).
 */
export function useEditorLive(
  getHandle: () => CodeEditorHandle | null,
  editorDocument: Pick<EditorDocument, "replaceDocument">,
): EditorLive {
  const { replaceDocument } = editorDocument;
  const notify = (text: string) => useEditorStore.getState().notify({ kind: "error", text });

  /** Binds the view to the session (its text must already be the session's). */
  const bind = useCallback(
    (runtime: LiveRuntime, live: LiveHandle) => {
      const view = getHandle()?.view;
      if (!view) return;
      const { compartments } = getHandle()!;
      view.dispatch({
        effects: runtime.bindLiveEffects(compartments.historyDepth, runtime.bindingOf(live)),
      });
    },
    [getHandle],
  );

  /** Makes the document ordinary again (the session is left or over). */
  const unbind = useCallback(() => {
    const handle = getHandle();
    if (handle && isLiveState(handle.view.state)) {
      handle.view.dispatch({
        effects: unbindLiveEffects(
          handle.compartments.historyDepth,
          DEFAULT_EDITOR_VIEW_OPTIONS.historyDepth,
        ),
      });
    } else if (handle) {
      // Still joining: the interim read-only lock goes.
      handle.view.dispatch({ effects: liveCompartment.reconfigure([]) });
    }
    forgetLiveLink(LIVE_KEY);
  }, [getHandle]);

  const start = useCallback(
    async (userName: string): Promise<string | null> => {
      let runtime: LiveRuntime;
      try {
        runtime = await loadLiveRuntime();
      } catch (error) {
        console.error(error);
        return LIVE_LOAD_FAILED;
      }
      const view = getHandle()?.view;
      if (!view) return "The editor is still loading. Try again in a moment.";
      if (useEditorLiveStore.getState().live) return null;
      let live: LiveHandle;
      try {
        live = runtime.startLive("editor", view.state.doc.toString(), userName);
      } catch (error) {
        if (error instanceof runtime.LiveRefusal) return error.message;
        throw error;
      }
      // Starting puts the document's text in the session; the binding then follows it.
      live.session.start();
      bind(runtime, live);
      rememberLiveLink(LIVE_KEY, live.remembered);
      useEditorLiveStore.setState({ live, joining: false, ended: false });
      return null;
    },
    [getHandle, bind],
  );

  const stop = useCallback(
    (options: { forget?: boolean } = {}) => {
      const { live } = useEditorLiveStore.getState();
      if (!live) return;
      useEditorLiveStore.setState({ live: null, joining: false, ended: false });
      live.session.leave(options);
      unbind();
    },
    [unbind],
  );

  const endForEveryone = useCallback(async () => {
    const { live } = useEditorLiveStore.getState();
    if (!live) return;
    await live.session.endForEveryone();
    useEditorLiveStore.setState({ live: null, joining: false, ended: false });
    unbind();
  }, [unbind]);

  /** Joins `fragment`'s session: the text shows (read-only until then) once it has arrived. */
  const join = useCallback(
    async (fragment: string, rejoin: boolean) => {
      if (!getHandle()) return;
      // Rejoining: nothing typed while the code and the text are on their way could be merged.
      const lock = (on: boolean) =>
        getHandle()?.view.dispatch({
          effects: liveCompartment.reconfigure(on ? EditorState.readOnly.of(true) : []),
        });
      if (rejoin) lock(true);
      let runtime: LiveRuntime;
      try {
        runtime = await loadLiveRuntime();
      } catch (error) {
        console.error(error);
        if (rejoin) lock(false);
        notify(LIVE_LOAD_FAILED);
        return;
      }
      const remembered = readLiveLink(LIVE_KEY);
      // A link opened on this visit may have been joined already while the editor started.
      const early = rejoin ? null : await takeEarlyJoin(fragment);
      const joined =
        early ??
        runtime.joinLive(
          "editor",
          fragment,
          readLiveName(),
          rejoin && remembered?.fragment === fragment && remembered.startedHere,
        );
      if (joined.kind === "damaged") {
        if (rejoin) lock(false);
        notify(joined.message);
        if (rejoin) forgetLiveLink(LIVE_KEY);
        return;
      }
      const live = joined.handle;
      useEditorLiveStore.setState({ live, joining: true, ended: false });
      if (!rejoin) {
        const replaced = replaceDocument(
          { name: LIVE_DOCUMENT_NAME, content: "", fileId: null, reason: "replaced" },
          CONFIRM_JOIN,
        );
        if (!replaced) {
          live.session.leave();
          useEditorLiveStore.setState({ live: null, joining: false });
          useEditorStore.getState().notify({
            kind: "info",
            text: "The live session was not opened; your document is unchanged.",
          });
          return;
        }
      }
      rememberLiveLink(LIVE_KEY, live.remembered);
      const view = getHandle()?.view;
      // Nothing typed while the text is on its way could be merged: read-only until it is here.
      view?.dispatch({ effects: liveCompartment.reconfigure(EditorState.readOnly.of(true)) });
      live.session.start();
      let outcome = await runtime.whenJoined(live.session, rejoin);
      // Offline after a reload, with nothing kept of the room: wait for the relay's text.
      if (outcome.ok && !live.session.getStatus().synced) {
        const shown = getHandle()?.view.state.doc.toString();
        if (live.session.text.toString() !== shown)
          outcome = await runtime.whenJoined(live.session);
      }
      if (useEditorLiveStore.getState().live !== live) return;
      if (!outcome.ok) {
        useEditorLiveStore.setState({ joining: false, ended: true });
        unbind();
        notify(outcome.message);
        return;
      }
      const current = getHandle()?.view;
      if (!current) return;
      // A rejoin merges in what the page shows (edits the relay may never have got).
      const shown = current.state.doc.toString();
      const text = rejoin
        ? runtime.mergeLocalText(live.session, shown)
        : live.session.text.toString();
      if (shown !== text) {
        applyToDocument(
          { view: current, held: null },
          {
            changes: { from: 0, to: current.state.doc.length, insert: text },
            selection: { anchor: 0 },
          },
          "live",
        );
      }
      current.dispatch({ effects: liveCompartment.reconfigure([]) });
      bind(runtime, live);
      useEditorLiveStore.setState({ joining: false });
    },
    [getHandle, replaceDocument, unbind, bind],
  );

  const openFromAddress = useCallback(() => {
    const fragment = takeLiveFragmentFromAddress();
    if (fragment) {
      const remembered = readLiveLink(LIVE_KEY);
      // The link of the session this document is already in: nothing to replace.
      void join(fragment, remembered?.fragment === fragment);
      return;
    }
    const remembered = readLiveLink(LIVE_KEY);
    if (remembered) void join(remembered.fragment, true);
  }, [join]);

  // A live link opened on this visit: its code and text load while the editor starts up (a
  // session this page was already in is rejoined by openFromAddress with what it kept).
  useEffect(() => startEditorEarlyJoin("editor"), []);

  // The session ended for everyone, or the relay refused it for good: the document stays.
  const live = useEditorLiveStore((s) => s.live);
  useEffect(() => {
    if (!live) return;
    return live.session.subscribe((status) => {
      if (useEditorLiveStore.getState().live !== live) return;
      if (status.state !== "ended" || useEditorLiveStore.getState().joining) return;
      if (useEditorLiveStore.getState().ended) return;
      useEditorLiveStore.setState({ ended: true });
      unbind();
    });
  }, [live, unbind]);

  // Leaving the page (to another page of the site): the session is left, its link kept, so
  // coming back rejoins. Cleared first, so its "ended" does not read as the session being over.
  useEffect(
    () => () => {
      const { live: current } = useEditorLiveStore.getState();
      useEditorLiveStore.setState({ live: null, joining: false, ended: false, dialogOpen: false });
      current?.session.leave();
    },
    [],
  );

  // Another document replaced this one (a file, New, Drive): the session is left.
  const documentKey = useEditorStore((s) => s.documentKey);
  useEffect(() => {
    const { live: current, joining, ended } = useEditorLiveStore.getState();
    const view = getHandle()?.view;
    if (!current || joining || ended || !view || isLiveState(view.state)) return;
    current.session.leave();
    forgetLiveLink(LIVE_KEY);
    useEditorLiveStore.setState({ live: null });
  }, [documentKey, getHandle]);

  return useMemo(
    () => ({ start, stop, endForEveryone, openFromAddress }),
    [start, stop, endForEveryone, openFromAddress],
  );
}
