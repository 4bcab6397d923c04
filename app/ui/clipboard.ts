import type { Platform } from "./platform";

/** A clipboard action a toolbar or menu button can ask for. */
export type ClipboardAction = "copy" | "cut" | "paste";

const SHORTCUT_LETTER: Record<ClipboardAction, string> = { copy: "C", cut: "X", paste: "V" };

/**
 * Writes `text` to the system clipboard. Resolves true when it was written, false when the
 * browser refused (no permission, no Clipboard API, insecure page); never rejects. A cut must
 * delete its text only after this resolved true. Browser only.
 */
export async function writeClipboardText(text: string): Promise<boolean> {
  try {
    if (typeof navigator === "undefined" || !navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads the system clipboard's text. Resolves null when the browser refused (no permission, no
 * Clipboard API, insecure page); never rejects. Browser only.
 */
export async function readClipboardText(): Promise<string | null> {
  try {
    if (typeof navigator === "undefined" || !navigator.clipboard?.readText) return null;
    return await navigator.clipboard.readText();
  } catch {
    return null;
  }
}

/**
 * The notice shown in both editors when the browser refused a clipboard action, naming the
 * keyboard shortcut that still works on `platform` ("Ctrl+V", "Cmd+V").
 */
export function clipboardRefusedMessage(action: ClipboardAction, platform: Platform): string {
  const shortcut = `${platform === "mac" ? "Cmd" : "Ctrl"}+${SHORTCUT_LETTER[action]}`;
  return `The browser did not allow Plainpad to ${action} through the clipboard. Use ${shortcut} instead.`;
}
