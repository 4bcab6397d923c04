import type { ShortcutRow } from "./shortcuts";

/** A compact shortcut table with Windows/Linux and macOS columns. */
export function ShortcutTable({
  caption,
  rows,
}: {
  caption: string;
  rows: readonly ShortcutRow[];
}) {
  return (
    <div
      className="overflow-x-auto rounded-2xl border border-slate-200 dark:border-slate-800"
      role="region"
      aria-label={caption}
      tabIndex={0}
    >
      <table className="w-full border-collapse text-left text-sm">
        <caption className="bg-slate-100 px-4 py-3 text-left text-base font-semibold text-slate-900 dark:bg-slate-800 dark:text-white">
          {caption}
        </caption>
        <thead>
          <tr className="border-b border-slate-200 dark:border-slate-700">
            <th scope="col" className="px-4 py-2 font-semibold text-slate-900 dark:text-white">
              Action
            </th>
            <th scope="col" className="px-4 py-2 font-semibold text-slate-900 dark:text-white">
              Windows / Linux
            </th>
            <th scope="col" className="px-4 py-2 font-semibold text-slate-900 dark:text-white">
              macOS
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.action} className="border-t border-slate-200 dark:border-slate-800">
              <th scope="row" className="px-4 py-2 font-normal text-slate-800 dark:text-slate-200">
                {row.action}
              </th>
              <td className="px-4 py-2">
                <kbd className="font-mono text-slate-900 dark:text-slate-100">{row.windows}</kbd>
              </td>
              <td className="px-4 py-2">
                <kbd className="font-mono text-slate-900 dark:text-slate-100">{row.mac}</kbd>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
