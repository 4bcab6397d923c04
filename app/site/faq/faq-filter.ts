/**
 * The FAQ page's filter (spec section 5): case-insensitive search in the question or the answer,
 * combined with an exact category match; "All" (or "all") shows every category. Pure.
 */

/** The minimal shape the filter needs from an FAQ entry. */
export interface FilterableFaq {
  question: string;
  answer: string;
  category: string;
}

/** The pseudo-category that shows every entry. */
export const ALL_CATEGORIES = "All";

/** Entries matching both the search text (trimmed; empty matches all) and the category. */
export function filterFaqs<T extends FilterableFaq>(
  entries: readonly T[],
  search: string,
  category: string,
): T[] {
  const needle = search.trim().toLocaleLowerCase("en-US");
  const anyCategory = category.toLowerCase() === ALL_CATEGORIES.toLowerCase();
  return entries.filter(
    (entry) =>
      (anyCategory || entry.category === category) &&
      (needle === "" ||
        entry.question.toLocaleLowerCase("en-US").includes(needle) ||
        entry.answer.toLocaleLowerCase("en-US").includes(needle)),
  );
}

/** "All" followed by the categories in the order they first appear in the entries (spec). */
export function faqCategoryList(entries: readonly FilterableFaq[]): string[] {
  return [ALL_CATEGORIES, ...new Set(entries.map((entry) => entry.category))];
}
