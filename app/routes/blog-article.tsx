import { Link, data } from "react-router";
import { CalendarDays, Clock, UserRound } from "lucide-react";
import type { Route } from "./+types/blog-article";
import { getBlogPost } from "~/content/content.server";
import { BLOG_IMAGE_SIZE } from "~/content/types";
import { Breadcrumbs } from "~/site/blog/breadcrumbs";
import { ClosingCta } from "~/site/blog/closing-cta";
import { formatLongDate } from "~/site/blog/format-date";
import { TagChips } from "~/site/blog/tag-chips";
import { BLOG_SLUGS } from "~/site/pages";
import { breadcrumbJsonLd, pageMeta } from "~/site/seo";
import { articleJsonLd } from "~/site/blog/article-json-ld";

/** Build time: reads, validates and renders content/blog/{slug}.md; unknown slugs are 404. */
export function loader({ params }: Route.LoaderArgs) {
  if (!(BLOG_SLUGS as readonly string[]).includes(params.slug)) {
    throw data("Article not found", { status: 404, statusText: "Not Found" });
  }
  return { slug: params.slug, post: getBlogPost(params.slug) };
}

function crumbs(title: string, slug: string) {
  return [
    { name: "Home", path: "/" },
    { name: "Blog", path: "/blog/" },
    { name: title, path: `/blog/${slug}/` },
  ];
}

export function meta({ data: loaded }: Route.MetaArgs) {
  if (!loaded) return [{ title: "Not Found | Plainpad" }];
  const { post } = loaded;
  return [
    ...pageMeta({
      title: post.title,
      description: post.excerpt,
      path: `/blog/${post.slug}/`,
      type: "article",
      image: post.featuredImage,
      imageAlt: post.featuredImageAlt,
      keywords: post.keywords,
      jsonLd: [articleJsonLd(post), breadcrumbJsonLd(crumbs(post.title, post.slug))],
    }),
    { property: "article:published_time", content: post.publishDate },
    { property: "article:section", content: post.category },
    ...post.tags.map((tag) => ({ property: "article:tag", content: tag })),
  ];
}

/** A blog article: breadcrumbs, header, image, body, related articles and the closing call to action. */
export default function BlogArticle({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  return (
    <article className="pb-8">
      <div className="mx-auto max-w-4xl px-4 pt-8">
        <Breadcrumbs items={crumbs(post.title, post.slug)} />
        <header className="mt-8">
          <p className="text-sm font-semibold uppercase tracking-wide text-blue-700 dark:text-blue-300">
            {post.category}
          </p>
          <h1 className="mt-2 text-3xl font-bold leading-tight tracking-tight text-slate-900 sm:text-5xl dark:text-white">
            {post.title}
          </h1>
          <p className="mt-4 max-w-prose text-lg text-slate-700 sm:text-xl dark:text-slate-300">
            {post.excerpt}
          </p>
          <p className="mt-6 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-slate-700 dark:text-slate-300">
            <span className="inline-flex items-center gap-1.5">
              <UserRound aria-hidden="true" className="h-4 w-4" />
              <span>
                <span className="sr-only">By </span>
                {post.author}
              </span>
            </span>
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays aria-hidden="true" className="h-4 w-4" />
              <time dateTime={post.publishDate}>{formatLongDate(post.publishDate)}</time>
            </span>
            <span className="inline-flex items-center gap-1.5">
              <Clock aria-hidden="true" className="h-4 w-4" />
              {post.readTime}
            </span>
          </p>
          <div className="mt-5">
            <TagChips tags={post.tags} />
          </div>
        </header>
        <figure className="mt-8">
          <img
            src={post.featuredImage}
            alt={post.featuredImageAlt}
            width={BLOG_IMAGE_SIZE.width}
            height={BLOG_IMAGE_SIZE.height}
            loading="eager"
            fetchPriority="high"
            className="max-h-[500px] w-full rounded-2xl object-cover shadow-sm"
          />
        </figure>
        <div
          className="prose-content mt-10 max-w-[58ch] text-lg"
          // Build-time HTML rendered from our own markdown in content/blog (trusted input).
          dangerouslySetInnerHTML={{ __html: post.html }}
        />
      </div>

      {post.related.length > 0 && (
        <section aria-labelledby="related-articles" className="mx-auto mt-16 max-w-4xl px-4">
          <h2 id="related-articles" className="text-2xl font-bold text-slate-900 dark:text-white">
            Related Articles
          </h2>
          <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {post.related.map((related) => (
              <li
                key={related.slug}
                className="relative flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm hover:shadow-md dark:border-slate-700 dark:bg-slate-900"
              >
                <h3 className="font-bold leading-snug text-slate-900 dark:text-white">
                  <Link
                    to={`/blog/${related.slug}/`}
                    className="after:absolute after:inset-0 hover:text-blue-700 focus-visible:outline-2 focus-visible:outline-blue-600 dark:hover:text-blue-300"
                  >
                    {related.title}
                  </Link>
                </h3>
                <p className="line-clamp-2 text-sm text-slate-700 dark:text-slate-300">
                  {related.excerpt}
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}

      <ClosingCta
        title="Ready to put this into practice?"
        text="Open the editor and start writing. It's free, needs no account, and your text stays in your browser."
      />
    </article>
  );
}
