import { data } from "react-router";
import type { Route } from "./+types/tutorial";
import { TUTORIAL_SLUGS } from "~/site/pages";
import { pageMeta } from "~/site/seo";
import { PagePlaceholder } from "~/site/page-placeholder";

function titleFromSlug(slug: string): string {
  return slug.replace(/-/g, " ").replace(/^\w/, (c) => c.toUpperCase());
}

/** Build time: validates the slug; the content issue reads the article file here. */
export function loader({ params }: Route.LoaderArgs) {
  if (!(TUTORIAL_SLUGS as readonly string[]).includes(params.slug)) {
    throw data("Tutorial not found", { status: 404, statusText: "Not Found" });
  }
  return { slug: params.slug, title: titleFromSlug(params.slug) };
}

export function meta({ data: article }: Route.MetaArgs) {
  if (!article) return [{ title: "Not Found | Plainpad" }];
  return pageMeta({
    title: article.title,
    description: `${article.title}: a Plainpad tutorial.`,
    path: `/tutorials/${article.slug}/`,
    
  });
}

export default function Tutorial({ loaderData }: Route.ComponentProps) {
  return <PagePlaceholder title={loaderData.title} intro="This tutorial is being written." />;
}
