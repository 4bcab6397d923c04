import { data } from "react-router";
import { Clock, ListOrdered } from "lucide-react";
import type { Route } from "./+types/tutorial";
import { getTutorial } from "~/content/content.server";
import { TUTORIAL_IMAGE_SIZE } from "~/content/types";
import { Breadcrumbs } from "~/site/blog/breadcrumbs";
import { ClosingCta } from "~/site/blog/closing-cta";
import { TUTORIAL_SLUGS } from "~/site/pages";
import { breadcrumbJsonLd, pageMeta } from "~/site/seo";
import { DifficultyBadge } from "~/site/tutorials/difficulty-badge";
import { howToJsonLd } from "~/site/tutorials/how-to-json-ld";
import { CheatSheetButton, ShortcutCheatSheet } from "~/site/tutorials/shortcut-cheat-sheet";
import { WritingPreferencesPanel } from "~/site/tutorials/writing-preferences-panel";

/** The tutorial that carries HowTo structured data (spec: the getting-started page). */
const HOW_TO_SLUG = "getting-started-text-editor";

/** Build time: reads, validates and renders content/tutorials/{slug}.md; unknown slugs are 404. */
export function loader({ params }: Route.LoaderArgs) {
  if (!(TUTORIAL_SLUGS as readonly string[]).includes(params.slug)) {
    throw data("Tutorial not found", { status: 404, statusText: "Not Found" });
  }
  return { slug: params.slug, tutorial: getTutorial(params.slug) };
}

function crumbs(title: string, slug: string) {
  return [
    { name: "Home", path: "/" },
    { name: "Tutorials", path: "/tutorials/" },
    { name: title, path: `/tutorials/${slug}/` },
  ];
}

export function meta({ data: loaded }: Route.MetaArgs) {
  if (!loaded) return [{ title: "Not Found | Plainpad" }];
  const { tutorial } = loaded;
  const jsonLd = [breadcrumbJsonLd(crumbs(tutorial.title, tutorial.slug))];
  if (tutorial.slug === HOW_TO_SLUG) jsonLd.unshift(howToJsonLd(tutorial));
  return pageMeta({
    title: tutorial.title,
    description: tutorial.description,
    path: `/tutorials/${tutorial.slug}/`,
    image: tutorial.featuredImage,
    imageAlt: tutorial.featuredImageAlt,
    keywords: `Plainpad tutorial, ${tutorial.category}, ${tutorial.difficulty}, ${tutorial.title}`,
    jsonLd,
  });
}

/** A tutorial: breadcrumbs, hero, level, duration and steps, numbered step sections, closing call to action. */
export default function Tutorial({ loaderData }: Route.ComponentProps) {
  const { tutorial } = loaderData;
  const isShortcuts = tutorial.slug === "keyboard-shortcuts-mastery";
  return (
    <article className="pb-8">
      <div className="mx-auto max-w-4xl px-4 pt-8">
        <Breadcrumbs items={crumbs(tutorial.title, tutorial.slug)} />
        <header className="mt-8">
          <p className="flex flex-wrap items-center gap-3">
            <DifficultyBadge difficulty={tutorial.difficulty} />
            <span className="text-sm font-semibold uppercase tracking-wide text-blue-700 dark:text-blue-300">
              {tutorial.category}
            </span>
          </p>
          <h1 className="mt-3 text-3xl font-bold leading-tight tracking-tight text-slate-900 sm:text-5xl dark:text-white">
            {tutorial.title}
          </h1>
          <p className="mt-4 max-w-prose text-lg text-slate-700 sm:text-xl dark:text-slate-300">
            {tutorial.description}
          </p>
          <p className="mt-5 flex flex-wrap gap-5 text-sm text-slate-700 dark:text-slate-300">
            <span className="inline-flex items-center gap-1.5">
              <Clock aria-hidden="true" className="h-4 w-4" />
              {tutorial.duration} min
            </span>
            <span className="inline-flex items-center gap-1.5">
              <ListOrdered aria-hidden="true" className="h-4 w-4" />
              {tutorial.stepCount} steps
            </span>
          </p>
          {isShortcuts && <CheatSheetButton />}
        </header>
        <img
          src={tutorial.featuredImage}
          alt={tutorial.featuredImageAlt}
          width={TUTORIAL_IMAGE_SIZE.width}
          height={TUTORIAL_IMAGE_SIZE.height}
          loading="eager"
          fetchPriority="high"
          className="mt-8 max-h-[420px] w-full rounded-2xl object-cover shadow-sm"
        />

        <div className="mt-10 max-w-[58ch]">
          <div
            className="prose-content text-lg"
            dangerouslySetInnerHTML={{ __html: tutorial.introHtml }}
          />
          <nav
            aria-labelledby="steps-overview"
            className="mb-10 rounded-2xl border border-slate-200 p-5 dark:border-slate-700"
          >
            <h2 id="steps-overview" className="font-bold text-slate-900 dark:text-white">
              In this tutorial
            </h2>
            <ol className="mt-3 list-decimal space-y-1 pl-6 text-slate-800 dark:text-slate-200">
              {tutorial.steps.map((step) => (
                <li key={step.id}>
                  <a
                    href={`#${step.id}`}
                    className="text-blue-700 underline-offset-2 hover:underline dark:text-blue-300"
                  >
                    {step.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          <ol className="flex flex-col gap-10">
            {tutorial.steps.map((step) => (
              <li key={step.id}>
                <section aria-labelledby={step.id} className="flex gap-4">
                  <span
                    aria-hidden="true"
                    className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-blue-700 text-lg font-bold text-white"
                  >
                    {step.number}
                  </span>
                  <div className="min-w-0 flex-1">
                    <h2
                      id={step.id}
                      className="scroll-mt-20 pt-1 text-2xl font-bold text-slate-900 dark:text-white"
                    >
                      <span className="sr-only">Step {step.number}: </span>
                      {step.title}
                    </h2>
                    <div
                      className="prose-content mt-4 text-lg"
                      dangerouslySetInnerHTML={{ __html: step.html }}
                    />
                  </div>
                </section>
              </li>
            ))}
          </ol>
          {tutorial.outroHtml && (
            <div
              className="prose-content mt-10 text-lg"
              dangerouslySetInnerHTML={{ __html: tutorial.outroHtml }}
            />
          )}
          {tutorial.slug === "customizing-writing-environment" && <WritingPreferencesPanel />}
        </div>
        {isShortcuts && <ShortcutCheatSheet />}
      </div>
      <ClosingCta
        title="Try it yourself"
        text="Put these steps into practice in the Text Editor or the multi-tab Advanced Notepad. Free, no account needed."
      />
    </article>
  );
}
