import { Link } from "react-router";
import { BarChart3, Clock, FolderTree, Trophy } from "lucide-react";
import type { ReactNode } from "react";
import type { Route } from "./+types/tutorials-index";
import { listTutorials } from "~/content/content.server";
import { ListingSection } from "~/site/listing-section";
import { breadcrumbJsonLd, pageMeta } from "~/site/seo";
import { SignInToTrack } from "~/site/tutorials/sign-in-to-track";
import { TutorialCard } from "~/site/tutorials/tutorial-card";
import {
  difficultyCounts,
  durationRanges,
  tutorialCategoryCounts,
} from "~/site/tutorials/tutorial-stats";

const DESCRIPTION =
  "Step-by-step Plainpad tutorials: get started with the text editor, master the multi-tab notepad, keyboard shortcuts, Google Drive, files and exports.";

/** The spec fixes the progress box's total at 45 minutes. */
const PROGRESS_TOTAL_MINUTES = 45;

/** Build time: every tutorial's metadata (featured first) and the side panels' counts. */
export function loader() {
  const tutorials = listTutorials();
  return {
    tutorials,
    difficulties: difficultyCounts(tutorials),
    categories: tutorialCategoryCounts(tutorials),
    durations: durationRanges(tutorials),
  };
}

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Tutorials",
    description: DESCRIPTION,
    path: "/tutorials/",
    jsonLd: [
      breadcrumbJsonLd([
        { name: "Home", path: "/" },
        { name: "Tutorials", path: "/tutorials/" },
      ]),
    ],
  });
}

function Panel({
  id,
  title,
  icon,
  children,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <h2
        id={id}
        className="flex items-center gap-2 text-base font-bold text-slate-900 dark:text-white"
      >
        {icon}
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function CountList({ items }: { items: { name: string; label?: string; count: number }[] }) {
  return (
    <ul className="divide-y divide-slate-200 text-sm dark:divide-slate-700">
      {items.map((item) => (
        <li
          key={item.name}
          className="flex justify-between py-2 text-slate-800 dark:text-slate-200"
        >
          <span>{item.label ?? item.name}</span>
          <span className="font-semibold">
            {item.count}
            <span className="sr-only"> {item.count === 1 ? "tutorial" : "tutorials"}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

const iconClass = "h-5 w-5 text-blue-700 dark:text-blue-300";

/** The tutorials index: the six tutorials, level, category and duration panels, progress box. */
export default function TutorialsIndex({ loaderData }: Route.ComponentProps) {
  const { tutorials, difficulties, categories, durations } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold uppercase tracking-wide text-blue-700 dark:text-blue-300">
          Tutorials
        </p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl dark:text-white">
          Learn Plainpad step by step
        </h1>
        <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{DESCRIPTION}</p>
        <p className="mt-6 flex flex-wrap gap-3">
          <Link
            to="/editor/"
            className="rounded-lg bg-blue-700 px-5 py-2.5 font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
          >
            Open the Text Editor
          </Link>
          <Link
            to="/online-notepad/"
            className="rounded-lg border border-slate-300 px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800"
          >
            Open the Advanced Notepad
          </Link>
        </p>
      </header>

      <div className="mt-12 grid gap-10 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <ListingSection id="all-tutorials" title="All tutorials" count={tutorials.length}>
          {tutorials.map((tutorial) => (
            <TutorialCard key={tutorial.slug} tutorial={tutorial} />
          ))}
        </ListingSection>

        <aside aria-label="Tutorial overview" className="flex flex-col gap-6">
          <Panel
            id="progress"
            title="Your progress"
            icon={<Trophy aria-hidden="true" className={iconClass} />}
          >
            <p className="text-sm text-slate-700 dark:text-slate-300">
              <span className="text-2xl font-bold text-slate-900 dark:text-white">0</span> of{" "}
              {tutorials.length} completed
            </p>
            <div
              role="progressbar"
              aria-label="Tutorials completed"
              aria-valuemin={0}
              aria-valuemax={tutorials.length}
              aria-valuenow={0}
              className="mt-3 h-2 rounded-full bg-slate-200 dark:bg-slate-700"
            >
              <div className="h-2 w-0 rounded-full bg-blue-600" />
            </div>
            <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
              {PROGRESS_TOTAL_MINUTES} minutes in total
            </p>
            <div className="mt-4">
              <SignInToTrack />
            </div>
          </Panel>
          <Panel
            id="difficulty"
            title="By difficulty"
            icon={<BarChart3 aria-hidden="true" className={iconClass} />}
          >
            <CountList items={difficulties} />
          </Panel>
          <Panel
            id="tutorial-categories"
            title="Categories"
            icon={<FolderTree aria-hidden="true" className={iconClass} />}
          >
            <CountList items={categories} />
          </Panel>
          <Panel
            id="durations"
            title="By duration"
            icon={<Clock aria-hidden="true" className={iconClass} />}
          >
            <CountList items={durations} />
          </Panel>
        </aside>
      </div>
    </div>
  );
}
