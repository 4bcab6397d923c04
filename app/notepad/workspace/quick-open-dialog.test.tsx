// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createStore } from "zustand/vanilla";
import { QuickOpenIndex, type RankedPath } from "~/workspace/fuzzy-rank";
import { QuickOpenDialog } from "./quick-open-dialog";
import type { WorkspaceSession, WorkspaceState } from "./workspace-session";

afterEach(cleanup);

/** A session whose index (the real ranking) is still being built: the test adds files to it. */
function indexingSession() {
  const index = new QuickOpenIndex();
  let count = 0;
  const store = createStore<Pick<WorkspaceState, "indexed">>(() => ({
    indexed: { count: 0, done: false },
  }));
  const openFile = vi.fn(async () => "tab-1");
  const session = {
    store,
    findFiles: (query: string): RankedPath[] => index.query(query),
    openFile,
  } as unknown as WorkspaceSession;
  const indexFiles = (paths: string[], done = false) =>
    act(() => {
      for (const path of paths) index.add(path);
      count += paths.length;
      store.setState({ indexed: { count, done } });
    });
  return { session, openFile, indexFiles };
}

function renderDialog(session: WorkspaceSession) {
  const onClose = vi.fn();
  render(<QuickOpenDialog session={session} onClose={onClose} />);
  return { onClose, input: screen.getByRole("combobox", { name: "File name" }) };
}

describe("quick open while the folder is being indexed", () => {
  it("Enter before the file is indexed opens the best match once every file is", async () => {
    const { session, openFile, indexFiles } = indexingSession();
    const { onClose, input } = renderDialog(session);
    fireEvent.change(input, { target: { value: "notes" } });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(openFile).not.toHaveBeenCalled();
    expect(screen.getByRole("status").textContent).toBe(
      'Indexing… 0 files. The best match for "notes" opens when all are indexed.',
    );
    // The walk lists app/ first: n-o-t-e-s in order, scattered; not the file meant.
    await indexFiles(["app/notepad/tab-states.ts"]);
    expect(openFile).not.toHaveBeenCalled();
    await indexFiles(["notes.md"], true);
    expect(openFile).toHaveBeenCalledExactlyOnceWith("notes.md");
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("typing on after Enter cancels it; an index done with no match says so", async () => {
    const { session, openFile, indexFiles } = indexingSession();
    const { onClose, input } = renderDialog(session);
    fireEvent.change(input, { target: { value: "targ" } });
    fireEvent.keyDown(input, { key: "Enter" });
    fireEvent.change(input, { target: { value: "target.md" } });
    await indexFiles(["target.ts"], true);
    expect(openFile).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole("status").textContent).toBe(
      'No file of the folder matches "target.md".',
    );
  });

  it("an Enter waiting when the index ends with no match waits no more", async () => {
    const { session, openFile, indexFiles } = indexingSession();
    const { input } = renderDialog(session);
    fireEvent.change(input, { target: { value: "zzz" } });
    fireEvent.keyDown(input, { key: "Enter" });
    await indexFiles(["notes.md"], true);
    expect(openFile).not.toHaveBeenCalled();
    expect(screen.getByRole("status").textContent).toBe('No file of the folder matches "zzz".');
  });
});
