import { Download } from "lucide-react";

interface ShortcutRow {
  action: string;
  windows: string;
  mac: string;
}

// From product-facts.md: the simple editor's and the notepad's real shortcuts.
const EDITOR_SHORTCUTS: ShortcutRow[] = [
  { action: "Bold (**text**)", windows: "Ctrl+B", mac: "Cmd+B" },
  { action: "Italic (_text_)", windows: "Ctrl+I", mac: "Cmd+I" },
  { action: "Underline", windows: "Ctrl+U", mac: "Cmd+U" },
  { action: "Align left / center / right", windows: "Ctrl+L / E / R", mac: "Cmd+L / E / R" },
  { action: "Undo", windows: "Ctrl+Z", mac: "Cmd+Z" },
  { action: "Redo", windows: "Ctrl+Y or Ctrl+Shift+Z", mac: "Cmd+Shift+Z or Cmd+Y" },
  { action: "Find", windows: "Ctrl+F", mac: "Cmd+F" },
  { action: "Print / Save as PDF", windows: "Ctrl+P", mac: "Cmd+P" },
  { action: "Indent / outdent lines", windows: "Tab / Shift+Tab", mac: "Tab / Shift+Tab" },
];

const NOTEPAD_SHORTCUTS: ShortcutRow[] = [
  { action: "New tab", windows: "Ctrl+N", mac: "Cmd+N" },
  { action: "Open files", windows: "Ctrl+O", mac: "Cmd+O" },
  { action: "Save (download .txt)", windows: "Ctrl+S", mac: "Cmd+S" },
  { action: "Print", windows: "Ctrl+P", mac: "Cmd+P" },
  {
    action: "Undo / Redo",
    windows: "Ctrl+Z / Ctrl+Y or Ctrl+Shift+Z",
    mac: "Cmd+Z / Cmd+Shift+Z or Cmd+Y",
  },
  { action: "Find / Find and replace", windows: "Ctrl+F / Ctrl+H", mac: "Cmd+F / Cmd+H" },
  { action: "Select all", windows: "Ctrl+A", mac: "Cmd+A" },
  { action: "Cut / Copy / Paste", windows: "Ctrl+X / C / V", mac: "Cmd+X / C / V" },
  { action: "Font size up / down", windows: "Ctrl++ / Ctrl+−", mac: "Cmd++ / Cmd+−" },
  { action: "Jump to tab 1–9", windows: "Ctrl+1…9", mac: "Cmd+1…9" },
  { action: "Insert date and time", windows: "F5", mac: "F5" },
  { action: "Close menus and dialogs", windows: "Escape", mac: "Escape" },
];

function ShortcutTable({ caption, rows }: { caption: string; rows: ShortcutRow[] }) {
  return (
    <table className="cheat-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Action</th>
          <th scope="col">Windows / Linux</th>
          <th scope="col">macOS</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.action}>
            <td>{row.action}</td>
            <td>{row.windows}</td>
            <td>{row.mac}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

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
        Close tab or the × on the tab.
      </p>
      <div className="cheat-columns">
        <ShortcutTable caption="Text Editor (/editor/)" rows={EDITOR_SHORTCUTS} />
        <ShortcutTable caption="Advanced Notepad (/online-notepad/)" rows={NOTEPAD_SHORTCUTS} />
      </div>
      <p className="cheat-footer">plainpad.app · Free online text editor and notepad</p>
    </section>
  );
}
