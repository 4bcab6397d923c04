import { useCallback, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { Search } from "lucide-react";
import type { Route } from "./+types/faq";
import { FaqAccordion } from "~/site/faq/faq-accordion";
import { FAQ_CATEGORY_ORDER, FAQ_ITEMS } from "~/site/faq/faq-data";
import { ALL_CATEGORIES, filterFaqs } from "~/site/faq/faq-filter";
import { faqPageJsonLd } from "~/site/faq/faq-json-ld";
import { breadcrumbJsonLd, pageMeta } from "~/site/seo";
import { type HydratedField, useTypedBeforeHydration } from "~/ui/use-typed-before-hydration";

const NO_RESULTS =
  "No questions found matching your search. Try different keywords or browse all categories.";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Frequently Asked Questions",
    description:
      "Answers about Plainpad: getting started, features, Google Drive, browser support, troubleshooting and privacy.",
    path: "/faq/",
    jsonLd: [
      faqPageJsonLd(FAQ_ITEMS),
      breadcrumbJsonLd([
        { name: "Home", path: "/" },
        { name: "FAQ", path: "/faq/" },
      ]),
    ],
  });
}

// The six categories in their fixed order, then any other category a file might add.
const CATEGORIES = [
  ALL_CATEGORIES,
  ...FAQ_CATEGORY_ORDER,
  ...[...new Set(FAQ_ITEMS.map((item) => item.category))].filter(
    (category) => !(FAQ_CATEGORY_ORDER as readonly string[]).includes(category),
  ),
];

function Counter({ value, label, live = false }: { value: number; label: string; live?: boolean }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white px-4 py-3 text-center dark:border-slate-700 dark:bg-slate-900">
      <p
        className="text-2xl font-bold text-slate-900 dark:text-white"
        {...(live ? { role: "status", "aria-live": "polite" as const, "aria-atomic": true } : {})}
      >
        {value}
        <span className="sr-only"> {label}</span>
      </p>
      <p aria-hidden="true" className="text-sm text-slate-600 dark:text-slate-300">
        {label}
      </p>
    </div>
  );
}

/** The FAQ page: search, category filter, counters, one-open accordion, help links. */
export default function FaqPage() {
  const [search, setSearch] = useState("");
  const searchRef = useRef<HTMLElement>(null);
  // Words typed while the page was still loading filter the list once it runs.
  useTypedBeforeHydration(
    searchRef,
    useCallback((field: HydratedField) => setSearch(field.value), []),
  );
  const [category, setCategory] = useState<string>(ALL_CATEGORIES);
  // By id, so filtering keeps the open question open when it is still listed (spec section 4).
  const [openId, setOpenId] = useState<string | null>(null);
  const results = useMemo(() => filterFaqs(FAQ_ITEMS, search, category), [search, category]);
  const categoryCount = CATEGORIES.length - 1;

  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:py-16">
      <header>
        <p className="text-sm font-semibold uppercase tracking-wide text-blue-700 dark:text-blue-300">
          Help
        </p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl dark:text-white">
          Frequently Asked Questions
        </h1>
        <p className="mt-4 max-w-prose text-lg text-slate-700 dark:text-slate-300">
          Answers about Plainpad: getting started, features, Google Drive, browser support,
          troubleshooting and privacy.
        </p>
      </header>

      <div className="mt-8 grid grid-cols-3 gap-3">
        <Counter value={FAQ_ITEMS.length} label="Questions" />
        <Counter value={categoryCount} label="Categories" />
        <Counter value={results.length} label="Results" live />
      </div>

      <search ref={searchRef} className="mt-8 block">
        <label htmlFor="faq-search" className="block font-semibold text-slate-900 dark:text-white">
          Search questions
        </label>
        <div className="relative mt-2">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-slate-500 dark:text-slate-400"
          />
          <input
            id="faq-search"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="e.g. Google Drive, download, dark mode"
            className="w-full rounded-xl border border-slate-300 bg-white py-3 pl-10 pr-3 text-slate-900 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-slate-600 dark:bg-slate-950 dark:text-white dark:placeholder:text-slate-400"
          />
        </div>
        <div role="group" aria-label="Categories" className="mt-4 flex flex-wrap gap-2">
          {CATEGORIES.map((name) => {
            const pressed = name === category;
            return (
              <button
                key={name}
                type="button"
                aria-pressed={pressed}
                onClick={() => setCategory(name)}
                className={`rounded-full border px-4 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 ${
                  pressed
                    ? "border-blue-700 bg-blue-700 text-white"
                    : "border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
                }`}
              >
                {name}
              </button>
            );
          })}
        </div>
      </search>

      <section aria-labelledby="faq-questions" className="mt-8">
        <h2 id="faq-questions" className="sr-only">
          Questions
        </h2>
        {results.length > 0 ? (
          <FaqAccordion
            items={results}
            openId={openId}
            onToggle={(id) => setOpenId((current) => (current === id ? null : id))}
          />
        ) : (
          <p className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-700 dark:border-slate-600 dark:text-slate-300">
            {NO_RESULTS}
          </p>
        )}
      </section>

      <section
        aria-labelledby="more-help"
        className="mt-14 rounded-3xl border border-blue-200 bg-blue-50 p-6 sm:p-8 dark:border-blue-900 dark:bg-blue-950/60"
      >
        <h2 id="more-help" className="text-2xl font-bold text-slate-900 dark:text-white">
          Still have questions?
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {[
            {
              to: "/blog/ultimate-guide-online-text-editing/",
              label: "The Ultimate Guide to Online Text Editing",
              text: "Everything about Plainpad's two editors in one place.",
            },
            {
              to: "/tutorials/",
              label: "Tutorials",
              text: "Step-by-step walkthroughs, from first steps to shortcuts.",
            },
            {
              to: "/resources/",
              label: "Resources",
              text: "Guides, a shortcut cheat sheet and plain-text templates.",
            },
            {
              to: "/contact-us/",
              label: "Contact us",
              text: "Write to us and we will get back to you.",
            },
          ].map((link) => (
            <li
              key={link.to}
              className="relative rounded-2xl bg-white p-4 shadow-sm dark:bg-slate-900"
            >
              <Link
                to={link.to}
                className="font-semibold text-blue-800 after:absolute after:inset-0 hover:underline dark:text-blue-200"
              >
                {link.label}
              </Link>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{link.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
