import { Link } from "react-router";
import { CalendarDays, Clock } from "lucide-react";
import { BLOG_IMAGE_SIZE, type BlogPostMeta } from "~/content/types";
import { formatLongDate } from "./format-date";
import { TagChips } from "./tag-chips";

// The generated images carry their title inside the picture, so a card must never crop them:
// every image box keeps the file's own aspect ratio (BLOG_IMAGE_SIZE, what
// scripts/images/blog.mjs draws) and object-contain is a second guard if the box ever differs.
const IMAGE_ASPECT_RATIO = `${BLOG_IMAGE_SIZE.width} / ${BLOG_IMAGE_SIZE.height}`;

function PostMetaLine({ post }: { post: BlogPostMeta }) {
  return (
    <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600 dark:text-slate-300">
      <span className="inline-flex items-center gap-1">
        <CalendarDays aria-hidden="true" className="h-4 w-4" />
        <time dateTime={post.publishDate}>{formatLongDate(post.publishDate)}</time>
      </span>
      <span className="inline-flex items-center gap-1">
        <Clock aria-hidden="true" className="h-4 w-4" />
        {post.readTime}
      </span>
    </p>
  );
}

/** An article card of the blog index: image, category, title (the link), excerpt, date, read time, tags. */
export function BlogCard({ post }: { post: BlogPostMeta }) {
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md dark:border-slate-700 dark:bg-slate-900">
      <img
        src={post.featuredImage}
        alt=""
        width={BLOG_IMAGE_SIZE.width}
        height={BLOG_IMAGE_SIZE.height}
        loading="lazy"
        decoding="async"
        style={{ aspectRatio: IMAGE_ASPECT_RATIO }}
        className="h-auto w-full object-contain"
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <p className="text-xs font-semibold uppercase tracking-wide text-blue-700 dark:text-blue-300">
          {post.category}
        </p>
        <h3 className="text-lg font-bold leading-snug text-slate-900 dark:text-white">
          <Link
            to={`/blog/${post.slug}/`}
            className="after:absolute after:inset-0 hover:text-blue-700 focus-visible:outline-2 focus-visible:outline-blue-600 dark:hover:text-blue-300"
          >
            {post.title}
          </Link>
        </h3>
        <p className="line-clamp-3 text-sm text-slate-700 dark:text-slate-300">{post.excerpt}</p>
        <div className="mt-auto flex flex-col gap-3">
          <PostMetaLine post={post} />
          <TagChips tags={post.tags} label={`Tags of ${post.title}`} />
        </div>
      </div>
    </article>
  );
}

/**
 * The featured article as a large hero card. The image is always shown whole at its own aspect
 * ratio: full-bleed on top on narrow screens; from `lg` an inset, vertically centred picture
 * beside the text (stretching it to the text column's height would crop its painted title).
 */
export function FeaturedPostCard({ post }: { post: BlogPostMeta }) {
  return (
    <article className="relative grid overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-md lg:grid-cols-2 lg:items-center dark:border-slate-700 dark:bg-slate-900">
      <div className="lg:py-6 lg:pl-6">
        <img
          src={post.featuredImage}
          alt={post.featuredImageAlt}
          width={BLOG_IMAGE_SIZE.width}
          height={BLOG_IMAGE_SIZE.height}
          fetchPriority="high"
          style={{ aspectRatio: IMAGE_ASPECT_RATIO }}
          className="block h-auto w-full object-contain lg:rounded-2xl"
        />
      </div>
      <div className="flex flex-col gap-4 p-6 sm:p-8">
        <p className="flex flex-wrap items-center gap-2 text-xs font-semibold uppercase tracking-wide">
          <span className="rounded-full bg-amber-100 px-2.5 py-1 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100">
            Featured
          </span>
          <span className="text-blue-700 dark:text-blue-300">{post.category}</span>
        </p>
        <h2 className="text-2xl font-bold leading-tight text-slate-900 sm:text-3xl dark:text-white">
          <Link
            to={`/blog/${post.slug}/`}
            className="after:absolute after:inset-0 hover:text-blue-700 focus-visible:outline-2 focus-visible:outline-blue-600 dark:hover:text-blue-300"
          >
            {post.title}
          </Link>
        </h2>
        <p className="text-slate-700 dark:text-slate-300">{post.excerpt}</p>
        <PostMetaLine post={post} />
        <TagChips tags={post.tags} label={`Tags of ${post.title}`} />
        <p aria-hidden="true" className="mt-auto font-semibold text-blue-700 dark:text-blue-300">
          Read the guide →
        </p>
      </div>
    </article>
  );
}
