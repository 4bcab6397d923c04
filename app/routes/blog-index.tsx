import { Link } from "react-router";
import type { Route } from "./+types/blog-index";
import { listBlogPosts } from "~/content/content.server";
import { BlogCard, FeaturedPostCard } from "~/site/blog/blog-card";
import { categoryCounts, popularTags } from "~/site/blog/blog-stats";
import { formatLongDate } from "~/site/blog/format-date";
import { NewsletterBox } from "~/site/blog/newsletter-box";
import { ListingSection } from "~/site/listing-section";
import { breadcrumbJsonLd, pageMeta } from "~/site/seo";

const DESCRIPTION =
  "Guides, tips and honest comparisons for writing in the browser: shortcuts, formatting, Google Drive, and organising your documents.";

/** Build time: every article's metadata (no bodies), plus the sidebar's counts. */
export function loader() {
  const posts = listBlogPosts();
  return {
    posts,
    categories: categoryCounts(posts),
    tags: popularTags(posts),
  };
}

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Blog",
    description: DESCRIPTION,
    path: "/blog/",
    jsonLd: [
      breadcrumbJsonLd([
        { name: "Home", path: "/" },
        { name: "Blog", path: "/blog/" },
      ]),
    ],
  });
}

function SidebarHeading({ id, children }: { id: string; children: string }) {
  return (
    <h2
      id={id}
      className="text-sm font-bold uppercase tracking-wide text-slate-700 dark:text-slate-200"
    >
      {children}
    </h2>
  );
}

/** The blog index: featured article, every article, popular posts, categories, tags, newsletter boxes. */
export default function BlogIndex({ loaderData }: Route.ComponentProps) {
  const { posts, categories, tags } = loaderData;
  const featured = posts.find((post) => post.featured) ?? posts[0];
  const popular = posts.slice(0, 4);
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold uppercase tracking-wide text-blue-700 dark:text-blue-300">
          Plainpad Blog
        </p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl dark:text-white">
          Writing in the browser, done well
        </h1>
        <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{DESCRIPTION}</p>
      </header>

      {featured && (
        <section aria-label="Featured article" className="mt-10">
          <FeaturedPostCard post={featured} />
        </section>
      )}

      <div className="mt-14 grid gap-12 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <ListingSection id="all-articles" title="All articles" count={posts.length}>
          {posts.map((post) => (
            <BlogCard key={post.slug} post={post} />
          ))}
        </ListingSection>

        <aside className="flex flex-col gap-10" aria-label="More from the blog">
          <section aria-labelledby="popular-posts">
            <SidebarHeading id="popular-posts">Popular posts</SidebarHeading>
            <ol className="mt-4 flex flex-col gap-4">
              {popular.map((post, index) => (
                <li key={post.slug} className="flex gap-3">
                  <span
                    aria-hidden="true"
                    className="text-2xl font-bold text-blue-700 dark:text-blue-300"
                  >
                    {index + 1}
                  </span>
                  <span>
                    <Link
                      to={`/blog/${post.slug}/`}
                      className="font-semibold text-slate-900 hover:text-blue-700 hover:underline dark:text-white dark:hover:text-blue-300"
                    >
                      {post.title}
                    </Link>
                    <span className="block text-xs text-slate-600 dark:text-slate-300">
                      {formatLongDate(post.publishDate)} · {post.readTime}
                    </span>
                  </span>
                </li>
              ))}
            </ol>
          </section>

          <section aria-labelledby="categories">
            <SidebarHeading id="categories">Categories</SidebarHeading>
            <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-700">
              {categories.map((category) => (
                <li
                  key={category.name}
                  className="flex justify-between py-2 text-slate-800 dark:text-slate-200"
                >
                  <span>{category.name}</span>
                  <span className="rounded-full bg-slate-100 px-2 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200">
                    {category.count}
                    <span className="sr-only"> articles</span>
                  </span>
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="popular-tags">
            <SidebarHeading id="popular-tags">Popular tags</SidebarHeading>
            <ul className="mt-4 flex flex-wrap gap-2">
              {tags.map((tag) => (
                <li
                  key={tag.name}
                  className="rounded-full border border-slate-300 px-3 py-1 text-sm text-slate-700 dark:border-slate-600 dark:text-slate-200"
                >
                  {tag.name}
                  <span className="sr-only"> ({tag.count} articles)</span>
                </li>
              ))}
            </ul>
          </section>

          <NewsletterBox
            title="Get new articles"
            text="New guides and writing tips from the Plainpad blog."
          />
        </aside>
      </div>

      <div className="mt-16">
        <NewsletterBox
          variant="band"
          title="Write better with the Plainpad newsletter"
          text="Practical tips on plain-text writing, keyboard shortcuts and keeping documents organised."
        />
      </div>
    </div>
  );
}
