import { Link } from "react-router";

/** A short page with a heading and an intro, used until a page gets its full content. */
export function PagePlaceholder({ title, intro }: { title: string; intro: string }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-4xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
      <p className="mt-4 text-lg text-slate-700 dark:text-slate-200">{intro}</p>
      <p className="mt-8 flex flex-wrap gap-3">
        <Link
          to="/editor/"
          className="rounded-lg bg-blue-700 px-5 py-2.5 font-semibold text-white hover:bg-blue-800"
        >
          Open the Text Editor
        </Link>
        <Link
          to="/online-notepad/"
          className="rounded-lg border border-slate-300 px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800"
        >
          Try the Advanced Notepad
        </Link>
      </p>
    </div>
  );
}
