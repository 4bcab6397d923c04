import { Link } from "react-router";
import { Lock, Printer } from "lucide-react";
import { SITE_TAGLINE } from "~/site/config";
import { Logo } from "~/chrome/logo";
import { SiteFooter } from "~/site/site-footer";
import { StepsList } from "~/site/marketing/steps-list";
import { ThemeToggle } from "~/chrome/theme-toggle";
import { HomeActions } from "./home-actions";
import { FEATURES, LEARNING_CARDS, STEPS } from "./home-copy";

/** The landing page: its own slim header, hero, features, learning centre, guide, footer. */
export function HomePage() {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200 dark:border-slate-800">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
          <Logo />
          <nav aria-label="Main" className="flex items-center gap-1">
            <Link
              to="/faq/"
              className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
            >
              FAQ
            </Link>
            <Link
              to="/blog/"
              className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
            >
              Blog
            </Link>
            <ThemeToggle />
          </nav>
        </div>
      </header>

      <main id="main" className="flex-1">
        <section className="bg-gradient-to-b from-blue-50 to-white px-4 pb-20 pt-16 text-center dark:from-slate-900 dark:to-slate-950">
          <p className="text-sm font-semibold uppercase tracking-widest text-blue-800 dark:text-blue-300">
            {SITE_TAGLINE}
          </p>
          <h1 className="mx-auto mt-4 max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl dark:text-white">
            The free online text editor that stays out of your way
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-700 dark:text-slate-300">
            Write notes, drafts and code snippets right in your browser. No account, no install, and
            your text stays on your device.
          </p>
          <HomeActions />
          <p className="mt-6 text-sm text-slate-600 dark:text-slate-400">
            Need several documents at once?{" "}
            <Link
              to="/online-notepad/"
              className="font-semibold text-blue-800 underline underline-offset-2 dark:text-blue-300"
            >
              Try the Advanced Notepad
            </Link>
          </p>
        </section>

        <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-16">
          <h2
            id="features-heading"
            className="text-center text-3xl font-bold text-slate-900 dark:text-white"
          >
            Everything you need for plain text
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map((feature) => (
              <li
                key={feature.title}
                className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
              >
                <feature.icon aria-hidden="true" className="text-blue-700 dark:text-blue-300" />
                <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">
                  {feature.title}
                </h3>
                <p className="mt-2 text-slate-700 dark:text-slate-300">{feature.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section
          aria-labelledby="learning-heading"
          className="bg-slate-50 px-4 py-16 dark:bg-slate-900"
        >
          <div className="mx-auto max-w-6xl">
            <h2
              id="learning-heading"
              className="text-center text-3xl font-bold text-slate-900 dark:text-white"
            >
              Learning Center
            </h2>
            <p className="mx-auto mt-3 max-w-2xl text-center text-slate-700 dark:text-slate-300">
              Guides and answers to help you write faster and keep your documents organised.
            </p>
            <ul className="mt-10 grid gap-6 md:grid-cols-3">
              {LEARNING_CARDS.map((card) => (
                <li key={card.href}>
                  <Link
                    to={card.href}
                    className="block h-full rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-slate-700 dark:bg-slate-950"
                  >
                    <card.icon aria-hidden="true" className="text-blue-700 dark:text-blue-300" />
                    <span className="mt-4 flex items-center justify-between gap-2">
                      <span className="text-lg font-semibold text-slate-900 dark:text-white">
                        {card.title}
                      </span>
                      <span className="rounded-full bg-blue-100 px-2.5 py-0.5 text-xs font-semibold text-blue-900 dark:bg-blue-900 dark:text-blue-100">
                        {card.badge}
                      </span>
                    </span>
                    <span className="mt-2 block text-slate-700 dark:text-slate-300">
                      {card.text}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section aria-labelledby="guide-heading" className="mx-auto max-w-4xl px-4 py-16">
          <h2
            id="guide-heading"
            className="text-center text-3xl font-bold text-slate-900 dark:text-white"
          >
            How to use Plainpad
          </h2>
          <div className="mt-10">
            <StepsList steps={STEPS} />
          </div>
          <p className="mt-10 flex justify-center gap-6 text-sm text-slate-600 dark:text-slate-400">
            <span className="inline-flex items-center gap-1.5">
              <Printer aria-hidden="true" size={16} /> Print-ready
            </span>
            <span className="inline-flex items-center gap-1.5">
              <Lock aria-hidden="true" size={16} /> No account needed
            </span>
          </p>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
