import { useEffect, useMemo } from "react";
import { type CodeEditorHandle, DEFAULT_EDITOR_VIEW_OPTIONS } from "~/codemirror";
import { EDITOR_DOCUMENT_ID } from "~/storage/editor-document";
import { readLiveLink } from "~/storage/live-links";
import { takeLiveFragmentFromAddress } from "~/document/live/live-address";
import { LiveController } from "~/document/live/live-controller";
import {
  EDITOR_LIVE_KEY,
  startEditorEarlyJoin,
  takeEarlyJoin,
} from "~/document/live/live-early-join";
import type { EditorDocumentSet } from "./editor-document-set";
import { useEditorLiveStore } from "./editor-live-store";
import { useEditorStore } from "./editor-store";
import type { EditorDocument } from "./use-editor-document";

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

/** The live controller of the simple editor's one document (always the shown one). */
function editorLiveController(
  documents: EditorDocumentSet,
  getHandle: () => CodeEditorHandle | null,
): LiveController {
  return new LiveController({
    editor: "editor",
    keyOf: () => EDITOR_LIVE_KEY,
    entries: {
      get: () => {
        const { live, joining, ended } = useEditorLiveStore.getState();
        return live ? { live, joining, ended } : null;
      },
      set: (_id, entry) =>
        useEditorLiveStore.setState(entry ?? { live: null, joining: false, ended: false }),
      all: () => {
        const { live, joining, ended } = useEditorLiveStore.getState();
        return live ? [[EDITOR_DOCUMENT_ID, { live, joining, ended }]] : [];
      },
      clear: () =>
        useEditorLiveStore.setState({
          live: null,
          joining: false,
          ended: false,
          dialogOpen: false,
        }),
    },
    documents: {
      target: () => documents.shownTarget(),
      isShown: () => documents.shownTarget() !== null,
      text: () => documents.state?.doc.toString() ?? "",
    },
    historyDepth: () => getHandle()?.compartments.historyDepth ?? null,
    defaultHistoryDepth: DEFAULT_EDITOR_VIEW_OPTIONS.historyDepth,
    report: (text) => useEditorStore.getState().notify({ kind: "error", text }),
    missingDocument: "The editor is still loading. Try again in a moment.",
  });
}

/**
 * Live collaboration in the simple editor (issue 44): the one live controller
 * (~/document/live) for its one document, plus what only this page does: a link opens in place
 * of the document after the usual unsaved-changes question, and another document taking its
 * place (a file, New, Drive) leaves the session.
 */
export function useEditorLive(
  getHandle: () => CodeEditorHandle | null,
  editorDocument: Pick<EditorDocument, "documents" | "replaceDocument">,
): EditorLive {
  const { documents, replaceDocument } = editorDocument;
  const controller = useMemo(
    () => editorLiveController(documents, getHandle),
    [documents, getHandle],
  );

  const live = useMemo((): EditorLive => {
    /** Joins `fragment`'s session: a new link replaces the document (asked first). */
    const join = (fragment: string, rejoin: boolean) => {
      const remembered = readLiveLink(EDITOR_LIVE_KEY);
      void controller.join(EDITOR_DOCUMENT_ID, fragment, {
        rejoin,
        startedHere: rejoin && remembered?.fragment === fragment && remembered.startedHere,
        // A link opened on this visit may have been joined already while the editor started.
        early: rejoin ? null : takeEarlyJoin(fragment),
        cursorToStart: true,
        replace: rejoin
          ? undefined
          : () => {
              const replaced = replaceDocument(
                { name: LIVE_DOCUMENT_NAME, content: "", fileId: null, reason: "replaced" },
                CONFIRM_JOIN,
              );
              if (!replaced) {
                useEditorStore.getState().notify({
                  kind: "info",
                  text: "The live session was not opened; your document is unchanged.",
                });
              }
              return replaced;
            },
      });
    };
    return {
      start: (userName) => controller.start(EDITOR_DOCUMENT_ID, userName),
      stop: (options) => controller.stop(EDITOR_DOCUMENT_ID, options),
      endForEveryone: () => controller.endForEveryone(EDITOR_DOCUMENT_ID),
      openFromAddress: () => {
        const fragment = takeLiveFragmentFromAddress();
        const remembered = readLiveLink(EDITOR_LIVE_KEY);
        // The link of the session this document is already in: nothing to replace.
        if (fragment) join(fragment, remembered?.fragment === fragment);
        else if (remembered) join(remembered.fragment, true);
      },
    };
  }, [controller, replaceDocument]);

  // A live link opened on this visit: its code and text load while the editor starts up (a
  // session this page was already in is rejoined by openFromAddress with what it kept).
  useEffect(() => startEditorEarlyJoin("editor"), []);

  // Leaving the page (to another page of the site): the session is left, its link kept, so
  // coming back rejoins.
  useEffect(() => () => controller.dispose(), [controller]);

  // Another document replaced this one (a file, New, Drive): the session is left.
  const documentKey = useEditorStore((s) => s.documentKey);
  useEffect(() => controller.replaced(EDITOR_DOCUMENT_ID), [documentKey, controller]);

  return live;
}
