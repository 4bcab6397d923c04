import { type ChoiceOwner, editorChoice } from "./editor-choice";
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
export type PreviewOwner = ChoiceOwner;

const stored = editorChoice<PreviewMode>(STORAGE_KEYS.previewMode, PREVIEW_MODES, "editor");

/** True for one of PREVIEW_MODES. */
export const isPreviewMode = stored.isChoice;

/** The stored mode of `owner`; "editor" when none is stored, storage is blocked or unreadable. */
export const readPreviewMode = stored.read;

/** Remembers `mode` for `owner` (ignored when storage is blocked: the mode still applies now). */
export const writePreviewMode = stored.write;
