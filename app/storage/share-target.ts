/**
 * What the service worker and the notepad agree on for the Web Share Target: text or files
 * shared to the installed app are POSTed to SHARE_TARGET_PATH (see the manifest); the service
 * worker keeps them in the SHARED_ITEMS_CACHE cache and sends the window to the notepad with
 * `?shared=<id>`, where they open as new tabs. Pure constants and helpers: the service worker
 * imports this file too.
 */

/** The manifest's `share_target.action`. */
export const SHARE_TARGET_PATH = "/online-notepad/share/";

/** The Cache Storage cache holding shared items until the notepad takes them. */
export const SHARED_ITEMS_CACHE = "plainpad-shared-items";

/** The notepad's query parameter naming a batch of shared items. */
export const SHARED_PARAM = "shared";

/** The manifest's `share_target.params` names. */
export const SHARE_FIELDS = { title: "title", text: "text", url: "url", files: "files" } as const;

/** What was shared, as the service worker stores it (files are stored beside it). */
export interface SharedBatch {
  title: string;
  text: string;
  url: string;
  files: { name: string; type: string; lastModified: number }[];
  /**
   * Put there by Plainpad's own share-link page (not by another app): `title` is the tab's
   * name and `text` its text, both exactly as they are (nothing trimmed, no URL added).
   */
  verbatim?: boolean;
}

/** A new batch id: unique enough for one browser's short-lived inbox. */
export function newSharedBatchId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** The cache key of a batch's description. */
export function sharedBatchKey(id: string): string {
  return `/__shared/${encodeURIComponent(id)}/batch.json`;
}

/** The cache key of a batch's file number `index`. */
export function sharedFileKey(id: string, index: number): string {
  return `/__shared/${encodeURIComponent(id)}/file-${index}`;
}

/** Reads a stored batch description, or null when it is not one (never throws). */
export function parseSharedBatch(value: unknown): SharedBatch | null {
  if (!value || typeof value !== "object") return null;
  const record = value as Record<string, unknown>;
  const text = (key: string) => (typeof record[key] === "string" ? (record[key] as string) : "");
  const files = Array.isArray(record.files) ? record.files : [];
  return {
    ...(record.verbatim === true ? { verbatim: true } : {}),
    title: text("title"),
    text: text("text"),
    url: text("url"),
    files: files
      .filter((file): file is Record<string, unknown> => !!file && typeof file === "object")
      .map((file) => ({
        name: typeof file.name === "string" && file.name ? file.name : "Shared file.txt",
        type: typeof file.type === "string" ? file.type : "",
        lastModified: typeof file.lastModified === "number" ? file.lastModified : Date.now(),
      })),
  };
}

/**
 * The text of a shared note: what apps send varies (a page shares its title and URL, a notes
 * app its text, some put the URL inside the text), so every part is kept, each once.
 */
export function sharedNoteText(batch: Pick<SharedBatch, "text" | "url">): string {
  const text = batch.text.trim();
  const url = batch.url.trim();
  if (!url || text.includes(url)) return text;
  return text ? `${text}\n${url}` : url;
}

/** The tab name of a shared note: its title, else its first line, else "Shared note". */
export function sharedNoteName(batch: Pick<SharedBatch, "title" | "text" | "url">): string {
  const firstLine = (value: string) =>
    value
      .trim()
      .split(/\r\n|\r|\n/, 1)[0]
      ?.trim() ?? "";
  const name = firstLine(batch.title) || firstLine(batch.text) || "Shared note";
  return name.length > 60 ? `${name.slice(0, 59).trimEnd()}…` : name;
}
