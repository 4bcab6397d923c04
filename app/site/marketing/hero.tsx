import type { ReactNode } from "react";
import { Link } from "react-router";
import { StatRow, type Stat } from "./stat-row";
import { BODY_TEXT, PRIMARY_BUTTON, SECONDARY_BUTTON } from "./styles";

/** A link button of the hero. The first one is drawn as the main action. */
export interface HeroAction {
  label: string;
  to: string;
}

/** Props of {@link Hero}. */
export interface HeroProps {
  eyebrow: string;
  title: string;
  intro: ReactNode;
  actions: readonly HeroAction[];
  stats?: readonly Stat[];
  /** Accessible name of the statistics list. */
  statsLabel?: string;
  /** A line under the buttons (e.g. "Free, no account"). */
  note?: ReactNode;
}

/** The top band of a marketing page: eyebrow, the page's only h1, intro, buttons, optional figures. */
export function Hero({ eyebrow, title, intro, actions, stats, statsLabel, note }: HeroProps) {
  return (
    <section className="bg-gradient-to-b from-blue-50 to-white px-4 pb-14 pt-12 text-center sm:pb-16 sm:pt-16 dark:from-slate-900 dark:to-slate-950">
      <p className="text-sm font-semibold uppercase tracking-widest text-blue-800 dark:text-blue-300">
        {eyebrow}
      </p>
      <h1 className="mx-auto mt-4 max-w-3xl text-3xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl dark:text-white">
        {title}
      </h1>
      <p className={`mx-auto mt-6 max-w-2xl text-lg ${BODY_TEXT}`}>{intro}</p>
      <p className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        {actions.map((action, index) => (
          <Link
            key={action.to}
            to={action.to}
            className={index === 0 ? PRIMARY_BUTTON : SECONDARY_BUTTON}
          >
            {action.label}
          </Link>
        ))}
      </p>
      {note && <p className="mt-5 text-sm text-slate-600 dark:text-slate-400">{note}</p>}
      {stats && <StatRow stats={stats} label={statsLabel ?? "Plainpad in numbers"} />}
    </section>
  );
}
