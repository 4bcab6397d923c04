import { Link } from "react-router";
import type { HeroAction } from "./hero";

/** The closing call to action: a blue band with a heading, a line and link buttons. */
export function CtaBand({
  id = "get-started",
  title,
  text,
  actions,
}: {
  id?: string;
  title: string;
  text: string;
  actions: readonly HeroAction[];
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="px-4 py-14">
      <div className="mx-auto max-w-4xl rounded-3xl bg-blue-800 px-6 py-12 text-center text-white shadow-lg dark:bg-blue-950 dark:ring-1 dark:ring-blue-800">
        <h2 id={`${id}-heading`} className="text-2xl font-bold sm:text-3xl">
          {title}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-blue-50">{text}</p>
        <p className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          {actions.map((action, index) => (
            <Link
              key={action.to}
              to={action.to}
              className={`inline-flex items-center justify-center rounded-xl px-5 py-3 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white ${
                index === 0
                  ? "bg-white text-blue-900 hover:bg-blue-50"
                  : "border border-white/70 text-white hover:bg-white/10"
              }`}
            >
              {action.label}
            </Link>
          ))}
        </p>
      </div>
    </section>
  );
}
