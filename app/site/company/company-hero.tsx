import type { ReactNode } from "react";
import { BODY_TEXT } from "~/site/marketing/styles";

/** The compact page header of company pages: eyebrow, the page's h1 and an intro. */
export function CompanyHero({
  eyebrow,
  title,
  children,
}: {
  eyebrow: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <header className="bg-gradient-to-b from-blue-50 to-white px-4 pb-10 pt-12 text-center sm:pt-16 dark:from-slate-900 dark:to-slate-950">
      <p className="text-sm font-semibold uppercase tracking-widest text-blue-800 dark:text-blue-300">
        {eyebrow}
      </p>
      <h1 className="mx-auto mt-3 max-w-3xl text-3xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl dark:text-white">
        {title}
      </h1>
      {children && <div className={`mx-auto mt-5 max-w-2xl text-lg ${BODY_TEXT}`}>{children}</div>}
    </header>
  );
}
