// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Notice } from "../notepad-store";
import { chooseFolder, EMPTY_PICK_NAME } from "./choose-folder";
import { FileTree } from "./file-tree";
import { WorkspaceSession, type WorkspaceTabs } from "./workspace-session";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The directory input, as a browser without showDirectoryPicker shows it: `answer` on click. */
function directoryInputAnswers(answer: "change" | "cancel"): void {
  vi.spyOn(HTMLInputElement.prototype, "click").mockImplementation(function (
    this: HTMLInputElement,
  ) {
    this.dispatchEvent(new Event(answer));
  });
}

function tabsKeeping(notices: Notice[]): WorkspaceTabs {
  return {
    diskTabs: () => [],
    hasTab: () => false,
    activeTab: () => ({ id: "none", handle: null }),
    openPicked: async () => null,
    activate: () => {},
    placeCursor: () => {},
    addNotice: (notice) => void notices.push(notice),
  };
}

describe("Open folder… through a directory input", () => {
  it("an empty folder opens, and the tree says in words that it has no files", async () => {
    directoryInputAnswers("change");
    const notices: Notice[] = [];
    const session = new WorkspaceSession(tabsKeeping(notices), chooseFolder);
    expect(await session.openFolder()).toBe(true);
    expect(session.folder?.name).toBe(EMPTY_PICK_NAME);
    render(<FileTree session={session} filter="" onOpenFile={() => {}} />);
    expect(screen.getByRole("status").textContent).toBe("This folder has no files.");
    // The read-only words of a directory input are said as for any folder it gives.
    expect(notices.map((notice) => notice.message)).toContainEqual(
      expect.stringMatching(/cannot write to folders/),
    );
  });

  it("a cancelled input opens nothing", async () => {
    directoryInputAnswers("cancel");
    const session = new WorkspaceSession(tabsKeeping([]), chooseFolder);
    expect(await session.openFolder()).toBe(false);
    expect(session.folder).toBeNull();
  });
});
