// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MemoryFolder } from "~/workspace/workspace-folder";
import { FindInFilesSession } from "./find-in-files-session";
import { startFindIn } from "./find-target";
import { FindInFilesView, RESULT_ROWS_SHOWN } from "./find-in-files-view";

afterEach(cleanup);

const encode = (text: string) => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

function setup(folder: MemoryFolder, showReplace = false) {
  const session = new FindInFilesSession({ folder, startFind: startFindIn(folder) });
  const onOpen = vi.fn();
  render(<FindInFilesView session={session} onOpen={onOpen} showReplace={showReplace} />);
  return { session, onOpen };
}

async function findAll(query: string) {
  fireEvent.change(screen.getByLabelText("Find"), { target: { value: query } });
  fireEvent.click(screen.getByRole("button", { name: "Find all" }));
  await screen.findByText(/matches? in \d+ files? \(/);
}

describe("the Search view of the folder panel", () => {
  it("lists matches by file with the line number and the match marked; a click opens the place", async () => {
    const folder = new MemoryFolder("notes", {
      "a.txt": encode("first line\n  the café is open\n"),
      "b/c.md": encode("no\ncafé\n"),
    });
    const { onOpen } = setup(folder);
    await findAll("café");
    const results = screen.getByRole("region", { name: "Results" });
    const inA = within(results).getByRole("list", { name: "Matches in a.txt" });
    const row = within(inA).getByRole("button");
    expect(row.textContent).toBe("Line 2: the café is open");
    expect(row.querySelector("mark")?.textContent).toBe("café");
    fireEvent.click(row);
    expect(onOpen).toHaveBeenCalledWith("a.txt", { line: 2, column: 7 });
    expect(screen.getByRole("status").textContent).toBe("2 matches in 2 files (2 searched).");
  });

  it("shows the invalid-pattern words in the page", async () => {
    setup(new MemoryFolder("notes", { "a.txt": encode("x") }));
    fireEvent.click(screen.getByLabelText("Regular expression"));
    fireEvent.change(screen.getByLabelText("Find"), { target: { value: "[a-" } });
    fireEvent.click(screen.getByRole("button", { name: "Find all" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      'Invalid pattern: "[a-" is not a regular expression.',
    );
  });

  it(`renders at most ${RESULT_ROWS_SHOWN} rows at once, and more on "Show more"`, async () => {
    const many = Array.from({ length: 350 }, (_, i) => `word ${i}`).join("\n");
    setup(new MemoryFolder("notes", { "many.txt": encode(many) }));
    await findAll("word");
    const list = () => screen.getByRole("list", { name: "Matches in many.txt" });
    // Counted by element, not by role: role queries over hundreds of rows are slow in jsdom.
    expect(list().querySelectorAll("li button")).toHaveLength(RESULT_ROWS_SHOWN);
    fireEvent.click(screen.getByText(/^Show more \(50 more matches not shown\)$/));
    expect(list().querySelectorAll("li button")).toHaveLength(350);
  }, 60_000);

  it("reviews each match with a checkbox, replaces the ticked ones, and undoes", async () => {
    const folder = new MemoryFolder("notes", {
      "a.txt": encode("red apple\nred car\n"),
      "b.txt": encode("a red rose\n"),
    });
    setup(folder, true);
    fireEvent.change(screen.getByLabelText("Replace with"), { target: { value: "blue" } });
    await findAll("red");
    fireEvent.click(screen.getByRole("button", { name: "Replace all…" }));
    const fileBox = screen.getByLabelText<HTMLInputElement>("Replace in a.txt");
    expect(fileBox.checked).toBe(true);
    fireEvent.click(screen.getByLabelText("Replace on line 2 of a.txt"));
    expect(fileBox.indeterminate).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Replace 2 matches in 2 files" }));
    await screen.findByText("Replaced 2 matches in 2 files.");
    expect(decode((await folder.read("a.txt")).bytes)).toBe("blue apple\nred car\n");
    expect(decode((await folder.read("b.txt")).bytes)).toBe("a blue rose\n");
    fireEvent.click(screen.getByRole("button", { name: "Undo replace in files" }));
    await screen.findByText("Put back 2 files as they were before the replace.");
    expect(decode((await folder.read("a.txt")).bytes)).toBe("red apple\nred car\n");
    expect(decode((await folder.read("b.txt")).bytes)).toBe("a red rose\n");
    await waitFor(() =>
      expect(screen.queryByRole("button", { name: "Undo replace in files" })).toBeNull(),
    );
  });
});
