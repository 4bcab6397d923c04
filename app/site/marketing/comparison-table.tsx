import { Check, Minus, X } from "lucide-react";

/** A cell value: yes, no, partly, or a short phrase shown as is. */
export type ComparisonValue = "yes" | "no" | "partly" | string;

/** One row of a {@link ComparisonTable}. */
export interface ComparisonRow {
  feature: string;
  values: readonly ComparisonValue[];
}

function Cell({ value }: { value: ComparisonValue }) {
  if (value === "yes" || value === "no" || value === "partly") {
    const Icon = value === "yes" ? Check : value === "no" ? X : Minus;
    const tone =
      value === "yes"
        ? "text-green-800 dark:text-green-300"
        : value === "no"
          ? "text-rose-800 dark:text-rose-300"
          : "text-amber-800 dark:text-amber-300";
    const text = value === "yes" ? "Yes" : value === "no" ? "No" : "Partly";
    return (
      <span className={`inline-flex items-center gap-1.5 font-medium ${tone}`}>
        <Icon aria-hidden="true" size={18} />
        {text}
      </span>
    );
  }
  return <span className="text-slate-800 dark:text-slate-200">{value}</span>;
}

/** A real table comparing options feature by feature; scrolls sideways on narrow screens. */
export function ComparisonTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: readonly string[];
  rows: readonly ComparisonRow[];
}) {
  return (
    <div
      className="overflow-x-auto rounded-2xl border border-slate-200 dark:border-slate-800"
      tabIndex={0}
      role="region"
      aria-label={caption}
    >
      <table className="w-full min-w-[36rem] border-collapse text-left text-sm sm:text-base">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-100 dark:bg-slate-800">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold text-slate-900 dark:text-white">
              Feature
            </th>
            {columns.map((column) => (
              <th
                key={column}
                scope="col"
                className="px-4 py-3 font-semibold text-slate-900 dark:text-white"
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.feature} className="border-t border-slate-200 dark:border-slate-800">
              <th scope="row" className="px-4 py-3 font-medium text-slate-900 dark:text-white">
                {row.feature}
              </th>
              {row.values.map((value, index) => (
                <td key={columns[index]} className="px-4 py-3">
                  <Cell value={value} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
