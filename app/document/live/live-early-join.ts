/**
 * Opening a `#live=` link on a first visit (issue 49): the live code, the link's keys and the
 * relay's replay of the room are fetched while the editor itself starts up (its view, its stored
 * draft), not one after the other. Without this, a 1 MB late join waited for the whole start-up
 * before it even asked for the live code. The editor's join still decides (the simple editor's
 * question about unsaved changes, the notepad's tab already in that room): it takes the session
 * made here instead of making its own, and leaves it when it does not join.
 */
import { liveEditorAt, type LiveEditorKind } from "~/collab/live-pages";
import { readLiveLink, readLiveLinks, readLiveName } from "~/storage/live-links";
import { hasLiveParam, loadLiveRuntime } from "./live-address";
import type { LiveJoin } from "./live-control";

/** A join begun early: the fragment it is for and the session it made (already started). */
interface EarlyJoin {
  readonly fragment: string;
  readonly joined: Promise<LiveJoin | null>;
}

let early: EarlyJoin | null = null;

/**
 * When the address holds a `#live=` link, starts loading the live code at once, and, unless
 * `isRejoin(fragment)` (a session this page was already in: the editor rejoins it with what it
 * kept), makes that link's session and connects it. Call once the page has started, before the
 * editor is ready; the editor's join takes it with takeEarlyJoin.
 */
export function startEarlyJoin(
  editor: LiveEditorKind,
  isRejoin: (fragment: string) => boolean,
): void {
  const hash = window.location.hash;
  if (!hasLiveParam(hash)) return;
  const fragment = hash.slice(1);
  const runtime = loadLiveRuntime();
  // A failed load is the editor's to report, when it loads the code again itself.
  runtime.catch(() => undefined);
  if (early?.fragment === fragment || isRejoin(fragment)) return;
  early?.joined.then((left) => left?.kind === "ok" && left.handle.session.leave());
  const joined = runtime.then(
    (live) => {
      const join = live.joinLive(editor, fragment, readLiveName());
      if (join.kind === "ok") join.handle.session.start();
      return join;
    },
    () => null,
  );
  early = { fragment, joined };
}

/**
 * The early join of `fragment`, handed over once (its session already started), or null when
 * there is none for it (the editor then joins as before).
 */
export function takeEarlyJoin(fragment: string): Promise<LiveJoin | null> | null {
  if (early?.fragment !== fragment) return null;
  const { joined } = early;
  early = null;
  return joined;
}

/** The simple editor's key in the remembered live links (use-editor-live.ts keeps it there). */
export const EDITOR_LIVE_KEY = "editor";

/** The start of the notepad's keys there, one per tab: "notepad:<tab id>" (tab-live.ts). */
export const NOTEPAD_LIVE_PREFIX = "notepad:";

/** True when `fragment` is a session this page's editor was already in (it rejoins that). */
const IS_REJOIN: Record<LiveEditorKind, (fragment: string) => boolean> = {
  editor: (fragment) => readLiveLink(EDITOR_LIVE_KEY)?.fragment === fragment,
  notepad: (fragment) =>
    readLiveLinks(NOTEPAD_LIVE_PREFIX).some(([, remembered]) => remembered.fragment === fragment),
};

/**
 * The early join of `editor`'s page, from the page's first script (entry.client.tsx, before
 * hydration) and again from the editor (a no-op when already begun for the same link).
 */
export function startEditorEarlyJoin(editor: LiveEditorKind): void {
  startEarlyJoin(editor, IS_REJOIN[editor]);
}

/** The early join of the page at `pathname` when it is an editor's (entry.client.tsx). */
export function startPageEarlyJoin(pathname: string): void {
  const editor = liveEditorAt(pathname);
  if (editor) startEditorEarlyJoin(editor);
}
