/**
 * "Saving in this browser…" while a write to the browser's storage has run for a while (the
 * first store of a big document takes seconds): until it clears, closing the page would lose
 * what is not written yet. A live region that is empty otherwise, so screen readers hear it
 * come and go without the status bar's other text being read out.
 */
export function StoringStatus({ busy }: { busy: boolean }) {
  return <span role="status">{busy ? "Saving in this browser…" : ""}</span>;
}
