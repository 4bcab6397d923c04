import type { JsonLd } from "~/site/seo";
import type { FaqItem } from "./faq-data";

/** schema.org FAQPage with every question and its stored answer text. */
export function faqPageJsonLd(items: readonly FaqItem[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer.replace(/\n\s*\n/g, "\n\n").trim() },
    })),
  };
}
