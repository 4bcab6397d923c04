import type { ReactNode } from "react";

interface ListingSectionProps {
  /** The heading's id, which names the section for assistive technology. */
  id: string;
  title: string;
  /** How many cards the section lists, shown beside the title. */
  count: number;
  /** The cards, laid out in two columns from small screens up. */
  children: ReactNode;
}

/** A listing page's main section (all articles, all tutorials): a counted heading over cards. */
export function ListingSection({ id, title, count, children }: ListingSectionProps) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-2xl font-bold text-slate-900 dark:text-white">
        {title}{" "}
        <span className="text-base font-normal text-slate-600 dark:text-slate-300">({count})</span>
      </h2>
      <div className="mt-6 grid gap-6 sm:grid-cols-2">{children}</div>
    </section>
  );
}
