import { data } from "react-router";
import type { Route } from "./+types/blog-article";
import { BLOG_SLUGS } from "~/site/pages";
import { pageMeta } from "~/site/seo";
import { PagePlaceholder } from "~/site/page-placeholder";

function titleFromSlug(slug: string): string {
  return slug.replace(/-/g, " ").replace(/^\w/, (c) => c.toUpperCase());
}

/** Build time: validates the slug; the content issue reads the article file here. */
export function loader({ params }: Route.LoaderArgs) {
  if (!(BLOG_SLUGS as readonly string[]).includes(params.slug)) {
    throw data("Article not found", { status: 404, statusText: "Not Found" });
  }
  return { slug: params.slug, title: titleFromSlug(params.slug) };
}

export function meta({ data: article }: Route.MetaArgs) {
  if (!article) return [{ title: "Not Found | Plainpad" }];
  return pageMeta({
    title: article.title,
    description: `${article.title}: an article from the Plainpad blog.`,
    path: `/blog/${article.slug}/`,
    type: "article",
  });
}

export default function BlogArticle({ loaderData }: Route.ComponentProps) {
  return <PagePlaceholder title={loaderData.title} intro="This article is being written." />;
}
