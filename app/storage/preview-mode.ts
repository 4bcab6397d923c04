import { STORAGE_KEYS } from "./keys";

/**
 * How an editor shows a Markdown document (issue 30): the text only, the text and its
 * formatted preview side by side, or the preview only. Each editor remembers its own choice in
 * this browser; other documents always show the text only.
 */
export type PreviewMode = "editor" | "split" | "preview";

/** Every mode, in menu order. */
export const PREVIEW_MODES: readonly PreviewMode[] = ["editor", "split", "preview"];

/** Which editor a stored mode belongs to. */
export type PreviewOwner = "editor" | "notepad";

function keyOf(owner: PreviewOwner): string {
  return `${STORAGE_KEYS.previewMode}-${owner}`;
}

/** True for one of PREVIEW_MODES. */
export function isPreviewMode(value: unknown): value is PreviewMode {
  return (PREVIEW_MODES as readonly unknown[]).includes(value);
}

/** The stored mode of `owner`; "editor" when none is stored, storage is blocked or unreadable. */
export function readPreviewMode(owner: PreviewOwner): PreviewMode {
  try {
    const value = localStorage.getItem(keyOf(owner));
    return isPreviewMode(value) ? value : "editor";
  } catch {
    return "editor";
  }
}

/** Remembers `mode` for `owner` (ignored when storage is blocked: the mode still applies now). */
export function writePreviewMode(owner: PreviewOwner, mode: PreviewMode): void {
  try {
    localStorage.setItem(keyOf(owner), mode);
  } catch {
    // Private modes and full storage: the choice lasts for this visit only.
  }
}
