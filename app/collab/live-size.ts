/**
 * The size limit of a live document, checked in the page before anything is sent, so a person
 * is told in words instead of meeting the relay's refusal.
 */
import { LIVE_LIMITS } from "@plainpad/wire";

/** Thrown when a document too large to go live is started as a live session. */
export class LiveSizeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LiveSizeError";
  }
}

/** UTF-8 length of a string without building the bytes. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1);
}

/** Words explaining why `text` cannot go live, or null when it fits. */
export function checkLiveSize(text: string): string | null {
  // UTF-8 needs at most 3 bytes per UTF-16 unit: most texts are cleared without counting.
  if (text.length * 3 <= LIVE_LIMITS.maxDocumentBytes) return null;
  const bytes = utf8Length(text);
  if (bytes <= LIVE_LIMITS.maxDocumentBytes) return null;
  return (
    `This document is too large to edit live: a live document can hold up to ` +
    `${megabytes(LIVE_LIMITS.maxDocumentBytes)} MB of text, and this one has ` +
    `${megabytes(bytes)} MB. Nothing was sent.`
  );
}

/** Shown while a live document has grown past the limit. */
export const LIVE_TOO_LARGE_MESSAGE =
  "This live document is now over the 10 MB limit: the relay may refuse further changes. " +
  "Your text is kept in this browser.";

/** Watches a live text grow past the limit while typing (counting bytes at most once a second). */
export class GrowthWatch {
  /** True while the text is over the limit. */
  over = false;
  private lastCheck = -Infinity;

  constructor(private readonly text: () => { length: number; toString(): string }) {}

  /** After a change: true or false when "over" flipped, null when it did not. */
  check(): boolean | null {
    const text = this.text();
    const mayBeOver = text.length * 3 > LIVE_LIMITS.maxDocumentBytes;
    // Counting UTF-8 bytes of a large text costs: at most once a second while typing.
    if (mayBeOver) {
      if (Date.now() - this.lastCheck < 1000) return null;
      this.lastCheck = Date.now();
    }
    const over = mayBeOver && checkLiveSize(text.toString()) !== null;
    if (over === this.over) return null;
    this.over = over;
    return over;
  }
}
