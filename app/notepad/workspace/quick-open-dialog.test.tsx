// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createStore } from "zustand/vanilla";
import type { RankedPath } from "~/workspace/fuzzy-rank";
import { QuickOpenDialog } from "./quick-open-dialog";
import type { WorkspaceSession, WorkspaceState } from "./workspace-session";

afterEach(cleanup);

/** A session whose index is still being built: the test adds files to it. */
function indexingSession() {
  const indexed: string[] = [];
  const store = createStore<Pick<WorkspaceState, "indexed">>(() => ({
    indexed: { count: 0, done: false },
  }));
  const openFile = vi.fn(async () => "tab-1");
  const session = {
    store,
    findFiles: (query: string): RankedPath[] =>
      indexed
        .filter((path) => query.trim() && path.includes(query.trim()))
        .map((path) => ({ path, score: 1, positions: [], recent: false })),
    openFile,
  } as unknown as WorkspaceSession;
  const indexFiles = (paths: string[], done = false) =>
    act(() => {
      indexed.push(...paths);
      store.setState({ indexed: { count: indexed.length, done } });
    });
  return { session, openFile, indexFiles };
}

function renderDialog(session: WorkspaceSession) {
  const onClose = vi.fn();
  render(<QuickOpenDialog session={session} onClose={onClose} />);
  return { onClose, input: screen.getByRole("combobox", { name: "File name" }) };
}

describe("quick open while the folder is being indexed", () => {
  it("Enter before the file is indexed opens it once it is found", async () => {
    const { session, openFile, indexFiles } = indexingSession();
    const { onClose, input } = renderDialog(session);
    fireEvent.change(input, { target: { value: "target" } });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(openFile).not.toHaveBeenCalled();
    expect(screen.getByRole("status").textContent).toBe(
      'Indexing… 0 files. The first to match "target" opens when found.',
    );
    await indexFiles(["src/other.ts"]);
    expect(openFile).not.toHaveBeenCalled();
    await indexFiles(["src/deep/quick-target.ts"]);
    expect(openFile).toHaveBeenCalledExactlyOnceWith("src/deep/quick-target.ts");
    expect(onClose).toHaveBeenCalled();
  });

  it("typing on after Enter cancels it; an index done with no match says so", async () => {
    const { session, openFile, indexFiles } = indexingSession();
    const { onClose, input } = renderDialog(session);
    fireEvent.change(input, { target: { value: "targ" } });
    fireEvent.keyDown(input, { key: "Enter" });
    fireEvent.change(input, { target: { value: "target.md" } });
    await indexFiles(["target.ts"]);
    expect(openFile).not.toHaveBeenCalled();

    fireEvent.keyDown(input, { key: "Enter" });
    await indexFiles(["notes.txt"], true);
    expect(openFile).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole("status").textContent).toBe(
      'No file of the folder matches "target.md".',
    );
  });
});
