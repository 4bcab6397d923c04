/**
 * Whole numbers with US-English grouping ("12,345"). One shared Intl.NumberFormat: status
 * lines format counts on every keystroke, and Number.prototype.toLocaleString builds a new
 * formatter per call.
 */
const COUNT_FORMAT = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** "12,345" for 12345. */
export function formatCount(value: number): string {
  return COUNT_FORMAT.format(value);
}

/**
 * A moment as the reader's locale writes it, date and time ("Nov 23, 2026, 10:15 AM"), as the
 * version history and the recently closed tabs list show it. One shared formatter.
 */
const DATE_TIME_FORMAT = new Intl.DateTimeFormat(undefined, {
  dateStyle: "medium",
  timeStyle: "short",
});

export function formatDateTime(at: number): string {
  return DATE_TIME_FORMAT.format(at);
}

/** "1 word", "12,345 words": a count with its noun, plural when it is not one. */
export function formatCountOf(count: number, noun: string): string {
  return `${formatCount(count)} ${noun}${count === 1 ? "" : "s"}`;
}
