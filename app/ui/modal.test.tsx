// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { Modal, whenNoModalOpen } from "./modal";

/** Lets queued microtasks (the dialog's focus check among them) run. */
const settle = () => act(async () => await Promise.resolve());

function BehindAndDialog({ onRestore }: { onRestore?: (close: () => void) => void }) {
  const [open, setOpen] = useState(true);
  const close = () => setOpen(false);
  return (
    <>
      <textarea aria-label="Document text" />
      {open && (
        <Modal title="Quick open" onClose={close}>
          <input aria-label="File name" data-autofocus="" />
          <button type="button" onClick={() => onRestore?.(close)}>
            Restore
          </button>
        </Modal>
      )}
    </>
  );
}

const documentText = () => screen.getByRole("textbox", { name: "Document text" });

describe("a modal dialog keeps the focus while it is open", () => {
  afterEach(cleanup);

  it("takes the focus back from the page behind when something else moves it there", async () => {
    render(<BehindAndDialog />);
    const fileName = screen.getByRole("textbox", { name: "File name" });
    expect(document.activeElement).toBe(fileName);
    // A file that finishes opening behind the dialog focuses its text, after a wait.
    await act(async () => {
      await Promise.resolve();
      documentText().focus();
    });
    await settle();
    expect(document.activeElement).toBe(fileName);
  });

  it("gives it back to the control of the dialog that had it last", async () => {
    render(<BehindAndDialog />);
    const restore = screen.getByRole("button", { name: "Restore" });
    restore.focus();
    documentText().focus();
    await settle();
    expect(document.activeElement).toBe(restore);
  });

  it("lets an action that closes the dialog put the focus behind it", async () => {
    render(
      <BehindAndDialog
        onRestore={(close) => {
          close();
          documentText().focus();
        }}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Restore" }));
    await settle();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(documentText());
  });

  it("only the newest of two open dialogs keeps it", async () => {
    render(
      <>
        <Modal title="Outer" onClose={() => undefined}>
          <input aria-label="Outer field" />
        </Modal>
        <Modal title="Inner" onClose={() => undefined}>
          <input aria-label="Inner field" data-autofocus="" />
        </Modal>
      </>,
    );
    const inner = screen.getByRole("textbox", { name: "Inner field" });
    expect(document.activeElement).toBe(inner);
    screen.getByRole("textbox", { name: "Outer field" }).focus();
    await settle();
    expect(document.activeElement).toBe(inner);
  });

  it("passes over a control disabled meanwhile, and over a control gone, to the dialog's own", async () => {
    function BusyDialog() {
      const [step, setStep] = useState<"ask" | "working" | "asked again">("ask");
      return (
        <>
          <textarea aria-label="Document text" />
          <Modal title="Restore from backup" onClose={() => undefined}>
            <input aria-label="Backup name" />
            {step !== "asked again" && (
              <button
                type="button"
                disabled={step === "working"}
                onClick={() => setStep("working")}
              >
                Choose backup file…
              </button>
            )}
            {step !== "asked again" && (
              <button type="button" onClick={() => setStep("asked again")}>
                Ask again
              </button>
            )}
          </Modal>
        </>
      );
    }
    render(<BusyDialog />);
    const choose = screen.getByRole("button", { name: "Choose backup file…" });
    choose.focus();
    fireEvent.click(choose);
    // While it works (its button disabled), a restored tab focuses its text behind.
    await act(async () => {
      await Promise.resolve();
      documentText().focus();
    });
    await settle();
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Backup name" }));

    const again = screen.getByRole("button", { name: "Ask again" });
    again.focus();
    fireEvent.click(again); // the control that had the focus leaves the dialog
    documentText().focus();
    await settle();
    // Not the header's Close: Enter there would close the dialog.
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Backup name" }));
  });

  it("lets what waits for the focus have it once the last dialog has closed", async () => {
    function Page() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <button type="button">Reconnect to Google Drive</button>
          {open && (
            <Modal title="Quick open" onClose={() => setOpen(false)}>
              <input aria-label="File name" />
            </Modal>
          )}
        </>
      );
    }
    render(<Page />);
    const prompt = screen.getByRole("button", { name: "Reconnect to Google Drive" });
    const waited: string[] = [];
    whenNoModalOpen(() => {
      waited.push("focus");
      prompt.focus();
    });
    const cancelled = whenNoModalOpen(() => waited.push("cancelled"));
    cancelled();
    expect(waited).toEqual([]);
    fireEvent.keyDown(document, { key: "Escape" });
    await settle();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(waited).toEqual(["focus"]);
    expect(document.activeElement).toBe(prompt);
    // With no dialog open it runs at once.
    whenNoModalOpen(() => waited.push("now"));
    expect(waited).toEqual(["focus", "now"]);
  });
});
