import { useId, useState } from "react";
import { Link } from "react-router";
import { Mail } from "lucide-react";

/**
 * A newsletter teaser. The spec's blog boxes sign nobody up: submitting does not record
 * anything and instead points the reader to the newsletter page, where sign-up happens. Without
 * JavaScript the form simply goes to that page.
 */
export function NewsletterBox({
  title,
  text,
  variant = "card",
}: {
  title: string;
  text: string;
  variant?: "card" | "band";
}) {
  const id = useId();
  const [pointed, setPointed] = useState(false);
  const band = variant === "band";
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={
        band
          ? "rounded-3xl border border-blue-200 bg-blue-50 p-6 sm:p-8 dark:border-blue-900 dark:bg-blue-950/60"
          : "rounded-2xl border border-slate-200 bg-slate-50 p-5 dark:border-slate-700 dark:bg-slate-900"
      }
    >
      <h2
        id={`${id}-title`}
        className={`flex items-center gap-2 font-bold text-slate-900 dark:text-white ${band ? "text-2xl" : "text-lg"}`}
      >
        <Mail aria-hidden="true" className="h-5 w-5 shrink-0 text-blue-700 dark:text-blue-300" />
        {title}
      </h2>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{text}</p>
      <form
        action="/newsletter/"
        method="get"
        className={`mt-4 flex gap-2 ${band ? "flex-col sm:flex-row" : "flex-col"}`}
        onSubmit={(event) => {
          event.preventDefault();
          setPointed(true);
        }}
      >
        <label htmlFor={`${id}-email`} className="sr-only">
          Email address
        </label>
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@example.com"
          className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-slate-600 dark:bg-slate-950 dark:text-white dark:placeholder:text-slate-400"
        />
        <button
          type="submit"
          className="rounded-lg bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
        >
          Subscribe
        </button>
      </form>
      <p role="status" className="mt-3 text-sm text-slate-700 dark:text-slate-300">
        {pointed ? (
          <>
            This box doesn&apos;t sign you up.{" "}
            <Link
              to="/newsletter/"
              className="font-semibold text-blue-700 underline dark:text-blue-300"
            >
              Please use the newsletter page
            </Link>
            .
          </>
        ) : (
          <>
            Sign-up happens on the{" "}
            <Link
              to="/newsletter/"
              className="font-semibold text-blue-700 underline dark:text-blue-300"
            >
              newsletter page
            </Link>
            .
          </>
        )}
      </p>
    </section>
  );
}
