import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { BODY_TEXT, CARD } from "./styles";

/** A card of a {@link FeatureGrid}. */
export interface FeatureItem {
  icon?: LucideIcon;
  title: string;
  text: ReactNode;
  /** Small pill next to the title (e.g. a difficulty level). */
  badge?: string;
  /** Extra content under the text (e.g. a list). */
  extra?: ReactNode;
}

const BADGE_TONES: Record<string, string> = {
  Beginner: "bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100",
  Intermediate: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  Advanced: "bg-rose-100 text-rose-900 dark:bg-rose-900 dark:text-rose-100",
};

/** A responsive grid of cards, each with an icon, an h3 and a paragraph; a semantic list. */
export function FeatureGrid({
  items,
  columns = 3,
  label,
}: {
  items: readonly FeatureItem[];
  columns?: 2 | 3 | 4;
  /** Accessible name of the list when the section heading does not describe it alone. */
  label?: string;
}) {
  const grid = {
    2: "md:grid-cols-2",
    3: "md:grid-cols-2 lg:grid-cols-3",
    4: "md:grid-cols-2 lg:grid-cols-4",
  }[columns];
  return (
    <ul aria-label={label} className={`grid gap-6 ${grid}`}>
      {items.map((item) => (
        <li key={item.title} className={CARD}>
          {item.icon && (
            <item.icon aria-hidden="true" className="text-blue-700 dark:text-blue-300" />
          )}
          <div
            className={`flex flex-wrap items-center justify-between gap-2 ${item.icon ? "mt-4" : ""}`}
          >
            <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{item.title}</h3>
            {item.badge && (
              <span
                className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${BADGE_TONES[item.badge] ?? BADGE_TONES.Beginner}`}
              >
                {item.badge}
              </span>
            )}
          </div>
          <p className={`mt-2 ${BODY_TEXT}`}>{item.text}</p>
          {item.extra}
        </li>
      ))}
    </ul>
  );
}
