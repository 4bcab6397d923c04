/**
 * The pages a live link opens in, one per editor. Light on purpose (no crypto, no Yjs): the
 * page's first script (entry.client.tsx) reads it to know whether a `#live=` link is for the
 * page being opened, before anything else has loaded.
 */

/** Which editor a link opens in. */
export type LiveEditorKind = "notepad" | "editor";

/** The page of each editor, as a link names it. */
export const LIVE_EDITOR_PAGES: Readonly<Record<LiveEditorKind, string>> = {
  editor: "/editor/",
  notepad: "/online-notepad/",
};

/** The editor whose page `pathname` is (with or without its closing slash), or null. */
export function liveEditorAt(pathname: string): LiveEditorKind | null {
  const page = pathname.endsWith("/") ? pathname : `${pathname}/`;
  for (const [editor, path] of Object.entries(LIVE_EDITOR_PAGES)) {
    if (page === path) return editor as LiveEditorKind;
  }
  return null;
}
