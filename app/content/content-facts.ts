import { LIVE_LIMITS } from "@plainpad/wire";
import { EXPORT_FORMAT_COUNT, HIGHLIGHTED_LANGUAGE_COUNT } from "./product-facts";

/**
 * Figures a Markdown article or tutorial may cite as `{{name}}`, filled in at build time from the
 * product's own tables (`./product-facts.ts`) and the limits the live relay and page enforce
 * (`LIVE_LIMITS`), so a count in the copy is never typed by hand. Build-time only: the wire
 * module is not pulled into any page's bundle through here.
 */
export const CONTENT_FACTS: Readonly<Record<string, string>> = {
  highlightedLanguages: String(HIGHLIGHTED_LANGUAGE_COUNT),
  exportFormats: String(EXPORT_FORMAT_COUNT),
  // 10 MB: the largest text that can go live (UTF-8 bytes, in MiB as the refusal words say).
  liveDocumentMegabytes: String(LIVE_LIMITS.maxDocumentBytes / (1024 * 1024)),
  // 30: days without an edit after which the relay deletes a room (its default).
  liveRoomIdleDays: String(LIVE_LIMITS.idleRoomDays),
};

/** Thrown for a `{{name}}` no fact answers: the build stops instead of printing the braces. */
export class UnknownContentFactError extends Error {
  constructor(
    readonly file: string,
    readonly fact: string,
  ) {
    super(`${file}: {{${fact}}} is not a known fact (known: ${Object.keys(CONTENT_FACTS).join(", ")})`);
    this.name = "UnknownContentFactError";
  }
}

/** `body` with every `{{name}}` replaced by its fact; `file` names the source in errors. */
export function fillContentFacts(
  body: string,
  file: string,
  facts: Readonly<Record<string, string>> = CONTENT_FACTS,
): string {
  return body.replace(/\{\{\s*([A-Za-z]+)\s*\}\}/g, (_, name: string) => {
    const value = facts[name];
    if (value === undefined) throw new UnknownContentFactError(file, name);
    return value;
  });
}
