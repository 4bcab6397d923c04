import { STORAGE_KEYS } from "~/storage/keys";

/** The folder panel's width: its bounds and default, remembered in this browser (px). */
export const PANEL_WIDTH = { min: 160, max: 640, default: 260, step: 16 } as const;

/** Keeps a width within the bounds. */
export function clampPanelWidth(width: number): number {
  if (!Number.isFinite(width)) return PANEL_WIDTH.default;
  return Math.round(Math.min(PANEL_WIDTH.max, Math.max(PANEL_WIDTH.min, width)));
}

/** The remembered width (the default when none or unreadable). */
export function readPanelWidth(): number {
  try {
    const kept = localStorage.getItem(STORAGE_KEYS.workspacePanelWidth);
    return kept === null ? PANEL_WIDTH.default : clampPanelWidth(Number(kept));
  } catch {
    return PANEL_WIDTH.default;
  }
}

export function writePanelWidth(width: number): void {
  try {
    localStorage.setItem(STORAGE_KEYS.workspacePanelWidth, String(clampPanelWidth(width)));
  } catch {
    // Storage refused (private mode): the width holds for this visit only.
  }
}
