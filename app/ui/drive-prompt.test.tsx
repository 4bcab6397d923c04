// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { getDrivePrompts } from "~/drive/prompt";
import { DrivePromptDialog } from "./drive-prompt";
import { Modal } from "./modal";

afterEach(cleanup);

const reconnect = {
  title: "Reconnect to Google Drive",
  message: "Plainpad's access to Drive has ended.",
  actions: [{ id: "reconnect", label: "Reconnect" }],
  dismissLabel: "Not now",
};

function PageWithDialog() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <DrivePromptDialog />
      {open && (
        <Modal title="Quick open" onClose={() => setOpen(false)}>
          <input aria-label="File name" data-autofocus="" />
        </Modal>
      )}
    </>
  );
}

describe("the Drive question of the page", () => {
  it("asked while a modal dialog is open, takes the focus once the dialog closes", async () => {
    render(<PageWithDialog />);
    const fileName = screen.getByRole("textbox", { name: "File name" });
    expect(document.activeElement).toBe(fileName);
    let answered: Promise<string | null> = Promise.resolve(null);
    await act(async () => {
      answered = getDrivePrompts().ask(reconnect);
    });
    const main = screen.getByRole("button", { name: "Reconnect" });
    // The dialog keeps the keys.
    expect(document.activeElement).toBe(fileName);
    fireEvent.keyDown(document, { key: "Escape" });
    await act(async () => await Promise.resolve());
    expect(screen.queryByRole("dialog", { name: "Quick open" })).toBeNull();
    expect(document.activeElement).toBe(main);
    fireEvent.click(main);
    expect(await answered).toBe("reconnect");
  });
});
