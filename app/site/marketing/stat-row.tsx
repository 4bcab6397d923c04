/** One figure of a {@link StatRow}: a short value and what it measures. */
export interface Stat {
  value: string;
  label: string;
}

/**
 * A row of headline figures as a description list. Only true, checkable facts belong here
 * (product-facts.md), never invented usage numbers.
 */
export function StatRow({ stats, label }: { stats: readonly Stat[]; label: string }) {
  return (
    <dl
      aria-label={label}
      className="mx-auto mt-10 grid max-w-4xl grid-cols-2 gap-4 lg:grid-cols-4"
    >
      {stats.map((stat) => (
        <div
          key={stat.label}
          className="flex flex-col-reverse rounded-2xl border border-blue-100 bg-white/80 p-4 text-center shadow-sm dark:border-slate-700 dark:bg-slate-900/80"
        >
          <dt className="mt-1 text-sm text-slate-700 dark:text-slate-300">{stat.label}</dt>
          <dd className="text-2xl font-extrabold text-blue-800 sm:text-3xl dark:text-blue-300">
            {stat.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
