import { ChevronDown } from "lucide-react";
import type { JsonLd } from "~/site/seo";
import { BODY_TEXT } from "./styles";

/** A question with a plain-text answer (plain so it can go into JSON-LD unchanged). */
export interface FaqItem {
  question: string;
  answer: string;
}

/** Questions as native disclosure widgets: keyboard operable with no script at all. */
export function FaqList({ items }: { items: readonly FaqItem[] }) {
  return (
    <ul className="space-y-3">
      {items.map((item) => (
        <li key={item.question}>
          <details className="group rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-5 py-4 font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:text-white [&::-webkit-details-marker]:hidden">
              <span>{item.question}</span>
              <ChevronDown
                aria-hidden="true"
                size={20}
                className="shrink-0 transition group-open:rotate-180"
              />
            </summary>
            <p className={`px-5 pb-5 ${BODY_TEXT}`}>{item.answer}</p>
          </details>
        </li>
      ))}
    </ul>
  );
}

/** schema.org FAQPage for a page's FAQ section. */
export function faqJsonLd(items: readonly FaqItem[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}
