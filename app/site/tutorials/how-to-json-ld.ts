import type { Tutorial } from "~/content/types";
import { absoluteUrl, type JsonLd } from "~/site/seo";

/** schema.org HowTo for a tutorial: total time as ISO 8601 ("PT5M") and one HowToStep per step. */
export function howToJsonLd(
  tutorial: Pick<
    Tutorial,
    "slug" | "title" | "description" | "duration" | "featuredImage" | "steps"
  >,
): JsonLd {
  const url = absoluteUrl(`/tutorials/${tutorial.slug}/`);
  return {
    "@context": "https://schema.org",
    "@type": "HowTo",
    name: tutorial.title,
    description: tutorial.description,
    totalTime: `PT${tutorial.duration}M`,
    image: absoluteUrl(tutorial.featuredImage),
    tool: [
      { "@type": "HowToTool", name: "A current web browser (Chrome, Edge, Firefox or Safari)" },
    ],
    step: tutorial.steps.map((step) => ({
      "@type": "HowToStep",
      position: step.number,
      name: step.title,
      text: step.summary,
      url: `${url}#${step.id}`,
    })),
  };
}
