import type { ReactNode } from "react";
import { BODY_TEXT } from "./styles";

/** One step of a {@link StepsList}. */
export interface Step {
  title: string;
  text: ReactNode;
}

/** Numbered how-it-works steps as an ordered list. */
export function StepsList({ steps }: { steps: readonly Step[] }) {
  return (
    <ol className="grid gap-8 sm:grid-cols-2">
      {steps.map((step, index) => (
        <li key={step.title} className="flex gap-4">
          <span
            aria-hidden="true"
            className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-blue-700 font-bold text-white"
          >
            {index + 1}
          </span>
          <div>
            <h3 className="font-semibold text-slate-900 dark:text-white">{step.title}</h3>
            <p className={`mt-1 ${BODY_TEXT}`}>{step.text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
