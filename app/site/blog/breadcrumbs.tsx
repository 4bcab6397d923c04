import { Link } from "react-router";
import { ChevronRight } from "lucide-react";

/** One breadcrumb: a link, except the last item (the current page). */
export interface Crumb {
  name: string;
  path: string;
}

/** Breadcrumb trail (pair it with breadcrumbJsonLd from seo.ts for the structured data). */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-slate-600 dark:text-slate-300">
      <ol className="flex flex-wrap items-center gap-1">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={item.path} className="flex min-w-0 items-center gap-1">
              {last ? (
                <span
                  aria-current="page"
                  className="truncate font-medium text-slate-800 dark:text-slate-100"
                >
                  {item.name}
                </span>
              ) : (
                <>
                  <Link
                    to={item.path}
                    className="rounded hover:text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 dark:hover:text-blue-300"
                  >
                    {item.name}
                  </Link>
                  <ChevronRight aria-hidden="true" className="h-4 w-4 shrink-0" />
                </>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
