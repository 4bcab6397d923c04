import { Link } from "react-router";

/** The closing call to action of articles and tutorials: Start Writing Now / Try Advanced Notepad. */
export function ClosingCta({ title, text }: { title: string; text: string }) {
  return (
    <section aria-labelledby="closing-cta-heading" className="mx-auto mt-16 max-w-4xl px-4">
      <div className="rounded-3xl bg-blue-800 px-6 py-10 text-center text-white shadow-lg dark:bg-blue-950 dark:ring-1 dark:ring-blue-800">
        <h2 id="closing-cta-heading" className="text-2xl font-bold sm:text-3xl">
          {title}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-blue-50">{text}</p>
        <p className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link
            to="/editor/"
            className="inline-flex items-center justify-center rounded-xl bg-white px-5 py-3 font-semibold text-blue-900 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            Start Writing Now
          </Link>
          <Link
            to="/online-notepad/"
            className="inline-flex items-center justify-center rounded-xl border border-white/70 px-5 py-3 font-semibold text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            Try Advanced Notepad
          </Link>
        </p>
      </div>
    </section>
  );
}
