// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { DRIVE_MESSAGES } from "~/drive/messages";
import {
  driveFileName,
  type DriveMenuContext,
  notepadDriveContext,
  openFromDrive,
  saveToDrive,
} from "./drive-menu-items";

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe("notepad Drive menu items", () => {
  it("name Drive files like downloads: .txt added when missing", () => {
    expect(driveFileName("Untitled-2")).toBe("Untitled-2.txt");
    expect(driveFileName("notes.TXT")).toBe("notes.TXT");
    expect(driveFileName("trip.md")).toBe("trip.md");
    expect(driveFileName("   ")).toBe("Untitled.txt");
  });

  it("explain that Drive is not configured in a build without keys", async () => {
    // Even when a developer's .env has keys.
    vi.stubEnv("VITE_GOOGLE_CLIENT_ID", "");
    vi.stubEnv("VITE_GOOGLE_API_KEY", "");
    vi.stubEnv("VITE_GOOGLE_APP_ID", "");
    const alert = vi.spyOn(window, "alert").mockImplementation(() => undefined);
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const context: DriveMenuContext = {
      getActiveTab: () => ({ id: "1", name: "Untitled-1", content: "text", driveFileId: null }),
      openInNewTab: () => "2",
      setDriveFileId: () => undefined,
      notify: () => undefined,
    };
    await openFromDrive(context);
    await saveToDrive(context);
    expect(alert.mock.calls).toEqual([
      [DRIVE_MESSAGES.notConfigured],
      [DRIVE_MESSAGES.notConfigured],
    ]);
  });

  it("tell the Drive sync the text a tab was opened from or saved to Drive with (its first base)", () => {
    const known: [string, string, string][] = [];
    const drive = {
      fileIdOf: () => null,
      setFileId: () => undefined,
      driveTextKnown: (id: string, fileId: string, text: string) => known.push([id, fileId, text]),
    };
    const notepad = {
      tabs: { newTab: () => "t2" },
      drive,
    } as unknown as Parameters<typeof notepadDriveContext>[0];
    const context = notepadDriveContext(notepad);
    expect(context.openInNewTab("Notes.txt", "opened text", "f1")).toBe("t2");
    context.setDriveFileId("t1", "f2", "saved text");
    expect(known).toEqual([
      ["t2", "f1", "opened text"],
      ["t1", "f2", "saved text"],
    ]);
  });
});
