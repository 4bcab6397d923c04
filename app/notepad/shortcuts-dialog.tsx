import { shortcutRows } from "~/ui/commands";
import { Modal } from "~/ui/modal";
import type { Platform } from "~/ui/platform";
import { NOTEPAD_COMMANDS, NOTEPAD_EXTRA_SHORTCUTS } from "./commands";

/** Help › Keyboard shortcuts: the notepad's keys, generated from its command registry. */
export function NotepadShortcutsDialog({
  platform,
  onClose,
}: {
  platform: Platform;
  onClose: () => void;
}) {
  return (
    <Modal title="Keyboard shortcuts" onClose={onClose}>
      <table className="w-full text-sm">
        <caption className="sr-only">Notepad keyboard shortcuts</caption>
        <thead>
          <tr className="text-left">
            <th scope="col" className="py-1 pr-4">
              Action
            </th>
            <th scope="col" className="py-1">
              Keys
            </th>
          </tr>
        </thead>
        <tbody>
          {shortcutRows(NOTEPAD_COMMANDS, NOTEPAD_EXTRA_SHORTCUTS).map((row) => (
            <tr key={row.action} className="border-t border-slate-200 dark:border-slate-700">
              <td className="py-1 pr-4">{row.action}</td>
              <td className="py-1 font-mono">{platform === "mac" ? row.mac : row.windows}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-3 text-xs text-slate-700 dark:text-slate-300">
        Chrome and Edge keep {platform === "mac" ? "Cmd" : "Ctrl"}+N, +T and +W for themselves: use
        File › New tab or the + button. Close a tab with File › Close tab, its ×, or Delete on a
        focused tab.
      </p>
      <p className="mt-2 text-xs text-slate-700 dark:text-slate-300">
        With Vim or Emacs keys (View › Keys), a key Vim or Emacs uses in the text does what it does
        there: in Vim, Ctrl+D scrolls down; in Emacs, Ctrl+A goes to the start of the line and
        Ctrl+S finds. Keys they leave alone, and every menu, still work as listed.
      </p>
    </Modal>
  );
}
