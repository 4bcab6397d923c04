import { Link } from "react-router";
import { Clock, ListOrdered } from "lucide-react";
import { TUTORIAL_IMAGE_SIZE, type TutorialMeta } from "~/content/types";
import { DifficultyBadge } from "./difficulty-badge";

/** A tutorial card of the tutorials index; the featured one spans the grid's width. */
export function TutorialCard({ tutorial }: { tutorial: TutorialMeta }) {
  const featured = tutorial.featured;
  return (
    <article
      className={`relative flex overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md dark:border-slate-700 dark:bg-slate-900 ${
        featured ? "flex-col sm:col-span-2 md:flex-row" : "flex-col"
      }`}
    >
      <img
        src={tutorial.featuredImage}
        alt=""
        width={TUTORIAL_IMAGE_SIZE.width}
        height={TUTORIAL_IMAGE_SIZE.height}
        loading={featured ? "eager" : "lazy"}
        decoding="async"
        className={`aspect-[16/9] w-full object-cover ${featured ? "md:w-1/2" : ""}`}
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <p className="flex flex-wrap items-center gap-2">
          {featured && (
            <span className="rounded-full bg-blue-100 px-2.5 py-1 text-xs font-semibold text-blue-900 dark:bg-blue-900/60 dark:text-blue-100">
              Start here
            </span>
          )}
          <DifficultyBadge difficulty={tutorial.difficulty} short />
          <span className="text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300">
            {tutorial.category}
          </span>
        </p>
        <h3
          className={`font-bold leading-snug text-slate-900 dark:text-white ${featured ? "text-2xl" : "text-lg"}`}
        >
          <Link
            to={`/tutorials/${tutorial.slug}/`}
            className="after:absolute after:inset-0 hover:text-blue-700 focus-visible:outline-2 focus-visible:outline-blue-600 dark:hover:text-blue-300"
          >
            {tutorial.title}
          </Link>
        </h3>
        <p className="text-sm text-slate-700 dark:text-slate-300">{tutorial.description}</p>
        <p className="mt-auto flex gap-4 text-sm text-slate-600 dark:text-slate-300">
          <span className="inline-flex items-center gap-1">
            <Clock aria-hidden="true" className="h-4 w-4" />
            {tutorial.duration} min
          </span>
          <span className="inline-flex items-center gap-1">
            <ListOrdered aria-hidden="true" className="h-4 w-4" />
            {tutorial.stepCount} steps
          </span>
        </p>
      </div>
    </article>
  );
}
