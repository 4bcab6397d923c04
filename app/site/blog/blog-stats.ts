import { BLOG_CATEGORIES, type BlogPostMeta } from "~/content/types";

/** Each blog category with its number of articles, in the fixed category order. */
export function categoryCounts(posts: readonly BlogPostMeta[]): { name: string; count: number }[] {
  return BLOG_CATEGORIES.map((name) => ({
    name,
    count: posts.filter((post) => post.category === name).length,
  }));
}

/** The most used tags (ties keep first-seen order), at most `limit`. */
export function popularTags(
  posts: readonly BlogPostMeta[],
  limit = 12,
): { name: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const post of posts)
    for (const tag of post.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts.entries()]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count)
    .slice(0, limit);
}
