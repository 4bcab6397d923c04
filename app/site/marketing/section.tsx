import type { ReactNode } from "react";
import { BODY_TEXT } from "./styles";

/** Props of {@link Section}. */
export interface SectionProps {
  /** Used for the heading id (and so the section's accessible name) and as the anchor. */
  id: string;
  title: string;
  intro?: ReactNode;
  /** "muted" paints a full-width tinted band behind the section. */
  tone?: "plain" | "muted";
  /** Content width: "wide" for grids, "narrow" for reading text. */
  width?: "wide" | "narrow";
  children: ReactNode;
}

/** A page section with its h2, an optional intro line and its content, labelled by the heading. */
export function Section({
  id,
  title,
  intro,
  tone = "plain",
  width = "wide",
  children,
}: SectionProps) {
  const headingId = `${id}-heading`;
  const band = tone === "muted" ? "bg-slate-50 dark:bg-slate-900/60" : "";
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={`scroll-mt-20 px-4 py-14 sm:py-16 ${band}`}
    >
      <div className={`mx-auto ${width === "wide" ? "max-w-6xl" : "max-w-3xl"}`}>
        <h2
          id={headingId}
          className="text-center text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white"
        >
          {title}
        </h2>
        {intro && (
          <p className={`mx-auto mt-3 max-w-2xl text-center text-lg ${BODY_TEXT}`}>{intro}</p>
        )}
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}
