import { Download } from "lucide-react";
import { CHEAT_SHEET_SHORTCUTS } from "~/site/company/resources/shortcuts";

/**
 * "Download PDF Cheat Sheet": opens the browser's print dialog on a one-page cheat sheet. The
 * sheet is hidden on screen; while printing, the page shows only the sheet (see
 * `html.print-cheat-sheet` in app.css), so "Save as PDF" produces a clean PDF.
 */
export function CheatSheetButton() {
  function print() {
    const root = document.documentElement;
    root.classList.add("print-cheat-sheet");
    const done = () => {
      root.classList.remove("print-cheat-sheet");
      window.removeEventListener("afterprint", done);
    };
    window.addEventListener("afterprint", done);
    window.print();
  }
  return (
    <div className="mt-6 flex flex-wrap items-center gap-3">
      <button
        type="button"
        onClick={print}
        className="inline-flex items-center gap-2 rounded-lg bg-blue-700 px-4 py-2.5 font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
      >
        <Download aria-hidden="true" className="h-4 w-4" />
        Download PDF Cheat Sheet
      </button>
      <span className="text-sm text-slate-600 dark:text-slate-300">
        Opens your browser&apos;s print dialog: choose &quot;Save as PDF&quot;.
      </span>
    </div>
  );
}

/** The printable one-page sheet (hidden on screen). */
export function ShortcutCheatSheet() {
  return (
    <section id="cheat-sheet" className="cheat-sheet">
      <h2>Plainpad keyboard shortcuts</h2>
      <p>
        On macOS use Cmd where Windows and Linux use Ctrl. Chrome and Edge keep Ctrl/Cmd+N,
        Ctrl/Cmd+T and Ctrl/Cmd+W for themselves: use File › New tab there. Tabs close with File ›
        Close tab or the × on the tab. Vim or Emacs keys are chosen under Settings › Keys in the
        Text Editor and View › Keys in the notepad.
      </p>
      <table className="cheat-table">
        <caption>Text Editor (/editor/) and Advanced Notepad (/online-notepad/)</caption>
        <thead>
          <tr>
            <th scope="col">Action</th>
            <th scope="col">Windows / Linux</th>
            <th scope="col">macOS</th>
            <th scope="col">Works in</th>
          </tr>
        </thead>
        <tbody>
          {CHEAT_SHEET_SHORTCUTS.map((row) => (
            <tr key={`${row.where} ${row.action}`}>
              <td>{row.action}</td>
              <td>{row.windows}</td>
              <td>{row.mac}</td>
              <td>{row.where}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="cheat-footer">plainpad.app · Free online text editor and notepad</p>
    </section>
  );
}
