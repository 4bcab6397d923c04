/**
 * Class strings shared by the marketing and company pages, so every button and card looks the
 * same and the colour pairs (checked for AA contrast in both themes) live in one place.
 */

/** Focus ring used by every interactive element of these pages. */
export const FOCUS_RING =
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600";

/** Filled blue button (main action). */
export const PRIMARY_BUTTON = `inline-flex items-center justify-center gap-2 rounded-xl bg-blue-700 px-5 py-3 font-semibold text-white shadow-sm hover:bg-blue-800 disabled:cursor-not-allowed disabled:bg-slate-400 disabled:text-slate-900 ${FOCUS_RING}`;

/** Outlined button (secondary action). */
export const SECONDARY_BUTTON = `inline-flex items-center justify-center gap-2 rounded-xl border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-900 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-white dark:hover:bg-slate-800 ${FOCUS_RING}`;

/** Small outlined button used inside cards. */
export const SMALL_BUTTON = `inline-flex items-center justify-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-900 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-white dark:hover:bg-slate-800 ${FOCUS_RING}`;

/** A bordered card surface. */
export const CARD =
  "rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900";

/** Inline text link. */
export const TEXT_LINK = `font-semibold text-blue-800 underline underline-offset-2 hover:text-blue-950 dark:text-blue-300 dark:hover:text-blue-200 ${FOCUS_RING}`;

/** Body copy colour. */
export const BODY_TEXT = "text-slate-700 dark:text-slate-300";

/** Text input / textarea. */
export const INPUT =
  "w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30 dark:border-slate-500 dark:bg-slate-950 dark:text-white dark:placeholder:text-slate-400";
