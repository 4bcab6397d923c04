/** How long a download's object URL is kept before it is revoked. */
const REVOKE_AFTER_MS = 30_000;

/**
 * Saves `blob` as a download named `fileName` (through a hidden link). The object URL is revoked
 * 30 s later, not at once: revoking straight away can cancel the download in some browsers.
 * Browser only.
 */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/** Saves `text` as a UTF-8 plain-text download named `fileName` (see `downloadBlob`). Browser only. */
export function downloadText(text: string, fileName: string): void {
  downloadBlob(new Blob([text], { type: "text/plain;charset=utf-8" }), fileName);
}
