import { NOTEPAD_PLACEHOLDER } from "./notepad-options";

/**
 * What the text area shows until the stored tabs are read and the editor exists: the empty
 * tab's placeholder where CodeMirror draws it, in the text's font, so the page's main content
 * paints with the prerendered page instead of after every script, the tab store and the editor
 * (issue 51: on a slow phone that was 3-4 s), and a stored text replaces it in the same place.
 * "Loading your tabs…" stays for screen readers, and beside the line for everyone.
 */
export function TabsLoading({ font }: { font: { fontFamily: string; fontSize: number } }) {
  return (
    <div className="flex items-baseline justify-between gap-4 pt-1 pr-3 pl-1.5">
      <span
        aria-hidden="true"
        className="leading-[1.4] text-[#475569] dark:text-[#9ca3af]"
        style={{ fontFamily: font.fontFamily, fontSize: `${font.fontSize}px` }}
      >
        {NOTEPAD_PLACEHOLDER}
      </span>
      <p className="text-xs text-slate-600 dark:text-slate-300" role="status">
        Loading your tabs…
      </p>
    </div>
  );
}
