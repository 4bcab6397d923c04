import type { ReactNode } from "react";
import { CompanyHero } from "./company-hero";

/** A numbered section of a legal page; `id` is its anchor in the table of contents. */
export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/**
 * The date each legal page shows. The spec (section 2) gives both October 29, 2025; a page's
 * date moves when its text does (issue 49, decision 028), and legal-dates.test.ts fails when a
 * page's text changes without its date.
 */
export const PRIVACY_LAST_UPDATED = "November 27, 2026";
export const TERMS_LAST_UPDATED = "October 29, 2025";

/**
 * Privacy policy / terms layout: h1, "Last Updated" line, a table of contents linking to each
 * section's anchor, then the sections as h2 + prose.
 */
export function LegalDocument({
  title,
  lastUpdated,
  intro,
  sections,
}: {
  title: string;
  lastUpdated: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}) {
  return (
    <>
      <CompanyHero eyebrow="Legal" title={title}>
        <p className="text-base font-medium">Last Updated: {lastUpdated}</p>
      </CompanyHero>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 pb-16 lg:grid-cols-[16rem_1fr]">
        <nav aria-labelledby="toc-heading" className="lg:sticky lg:top-20 lg:self-start">
          <h2
            id="toc-heading"
            className="text-sm font-bold uppercase tracking-wider text-slate-700 dark:text-slate-300"
          >
            Contents
          </h2>
          <ol className="mt-3 list-decimal space-y-1.5 pl-5 text-sm">
            {sections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="text-blue-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-300"
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="prose-content max-w-3xl">
          <div className="text-lg">{intro}</div>
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              className="scroll-mt-20"
            >
              <h2 id={`${section.id}-heading`}>
                {index + 1}. {section.title}
              </h2>
              {section.body}
            </section>
          ))}
        </article>
      </div>
    </>
  );
}
