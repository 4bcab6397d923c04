// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { readPreviewMode, writePreviewMode } from "./preview-mode";

afterEach(() => localStorage.clear());

describe("preview mode", () => {
  it("is the text only until a mode is chosen, and each editor keeps its own", () => {
    expect(readPreviewMode("editor")).toBe("editor");
    writePreviewMode("notepad", "split");
    expect(readPreviewMode("notepad")).toBe("split");
    expect(readPreviewMode("editor")).toBe("editor");
  });

  it("ignores an unknown stored value", () => {
    localStorage.setItem("plainpad-preview-mode-editor", "sideways");
    expect(readPreviewMode("editor")).toBe("editor");
  });
});
