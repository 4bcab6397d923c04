/** Tags as small rounded chips (not links: the blog has no per-tag pages). */
export function TagChips({ tags, label = "Tags" }: { tags: string[]; label?: string }) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {tags.map((tag) => (
        <li
          key={tag}
          className="rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200"
        >
          {tag}
        </li>
      ))}
    </ul>
  );
}
