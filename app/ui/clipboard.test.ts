import { afterEach, describe, expect, it, vi } from "vitest";
import { clipboardRefusedMessage, readClipboardText, writeClipboardText } from "./clipboard";

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubClipboard(clipboard: Partial<Clipboard> | undefined): void {
  vi.stubGlobal("navigator", { clipboard });
}

describe("clipboard", () => {
  it("reports whether a write went through", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    stubClipboard({ writeText });
    expect(await writeClipboardText("hello")).toBe(true);
    expect(writeText).toHaveBeenCalledWith("hello");
    stubClipboard({ writeText: () => Promise.reject(new Error("NotAllowedError")) });
    expect(await writeClipboardText("hello")).toBe(false);
    stubClipboard(undefined);
    expect(await writeClipboardText("hello")).toBe(false);
  });

  it("reads text, or null when refused", async () => {
    stubClipboard({ readText: () => Promise.resolve("pasted") });
    expect(await readClipboardText()).toBe("pasted");
    stubClipboard({ readText: () => Promise.resolve("") });
    expect(await readClipboardText()).toBe("");
    stubClipboard({ readText: () => Promise.reject(new Error("NotAllowedError")) });
    expect(await readClipboardText()).toBeNull();
    stubClipboard(undefined);
    expect(await readClipboardText()).toBeNull();
  });

  it("names the shortcut that still works on the platform", () => {
    expect(clipboardRefusedMessage("paste", "windows")).toBe(
      "The browser did not allow Plainpad to paste through the clipboard. Use Ctrl+V instead.",
    );
    expect(clipboardRefusedMessage("cut", "mac")).toBe(
      "The browser did not allow Plainpad to cut through the clipboard. Use Cmd+X instead.",
    );
    expect(clipboardRefusedMessage("copy", "windows")).toContain("Use Ctrl+C instead.");
  });
});
