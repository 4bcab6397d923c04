/**
 * Which documents' remote images the user allowed (issue 30), by the preview's document key,
 * for this page visit: switching the preview mode, printing or exporting keeps the choice, and a
 * reload asks again. A key names one document, not a place: a notepad tab's id, the simple
 * editor's key for the document it shows (a new one per opened file or New), a share link read.
 * Tiny and dependency-free, so the editors import it without the preview.
 */
const allowed = new Set<string>();

/** The user allowed remote images in document `key`. */
export function allowRemoteImages(key: string): void {
  allowed.add(key);
}

/** True when remote images were allowed in document `key`. */
export function remoteImagesAllowed(key: string): boolean {
  return allowed.has(key);
}
