import { Check } from "lucide-react";
import type { ReactNode } from "react";
import { BODY_TEXT } from "./styles";

/**
 * Benefits on the left and an illustrative example on the right. The example takes the place of
 * a testimonial: it is labelled "Example" and never quotes a person, because Plainpad has no
 * customer quotes we could verify.
 */
export function BenefitsWithExample({
  benefits,
  exampleTitle,
  example,
}: {
  benefits: readonly { title: string; text: string }[];
  exampleTitle: string;
  example: ReactNode;
}) {
  return (
    <div className="grid items-start gap-10 lg:grid-cols-2">
      <ul className="space-y-5">
        {benefits.map((benefit) => (
          <li key={benefit.title} className="flex gap-3">
            <Check
              aria-hidden="true"
              className="mt-1 shrink-0 text-green-700 dark:text-green-400"
            />
            <div>
              <h3 className="font-semibold text-slate-900 dark:text-white">{benefit.title}</h3>
              <p className={`mt-1 ${BODY_TEXT}`}>{benefit.text}</p>
            </div>
          </li>
        ))}
      </ul>
      <aside
        aria-labelledby="example-card-heading"
        className="rounded-2xl border-l-4 border-blue-700 bg-blue-50 p-6 dark:border-blue-400 dark:bg-slate-900"
      >
        <p className="text-xs font-bold uppercase tracking-widest text-blue-800 dark:text-blue-300">
          Illustrative example
        </p>
        <h3
          id="example-card-heading"
          className="mt-2 text-lg font-semibold text-slate-900 dark:text-white"
        >
          {exampleTitle}
        </h3>
        <div className={`mt-3 space-y-3 ${BODY_TEXT}`}>{example}</div>
      </aside>
    </div>
  );
}
