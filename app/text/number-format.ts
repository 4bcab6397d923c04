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
