import { afterEach, describe, expect, it, vi } from "vitest";
import type { Drive } from "./drive";
import { type DriveDialogs, runOpen, runSave, runSignIn } from "./flows";
import { DRIVE_MESSAGES } from "./messages";
import { isWorkRunning } from "~/storage/pending-work";

/** A configured, signed-in Drive whose calls are recorded. */
function fakeDrive(overrides: Partial<Drive> = {}) {
  const calls: string[] = [];
  const drive = {
    isConfigured: () => true,
    configProblems: () => [],
    isSignedIn: () => true,
    signIn: async () => void calls.push("signIn"),
    pickAndLoadTextFile: async () => {
      calls.push("pick");
      return null;
    },
    saveTextFile: async () => {
      calls.push("save");
      return "file-1";
    },
    ...overrides,
  } as unknown as Drive;
  return { drive, calls };
}

function recordingDialogs() {
  const alerts: string[] = [];
  const dialogs: DriveDialogs = {
    alert: (message) => alerts.push(message),
    ask: async () => null,
  };
  return { dialogs, alerts };
}

const request = { fileId: null, name: "notes.txt", content: "text" };

afterEach(() => vi.unstubAllGlobals());

describe("Drive flows offline", () => {
  it("say 'You are offline' at once and never call Google", async () => {
    vi.stubGlobal("navigator", { onLine: false });
    const { drive, calls } = fakeDrive();
    const { dialogs, alerts } = recordingDialogs();
    expect(await runSignIn(drive, dialogs)).toBe(false);
    expect(await runOpen(drive, dialogs)).toBeNull();
    expect(await runSave(drive, request, { dialogs })).toEqual({ kind: "failed" });
    expect(calls).toEqual([]);
    expect(alerts).toEqual([
      DRIVE_MESSAGES.offline,
      DRIVE_MESSAGES.offline,
      DRIVE_MESSAGES.offline,
    ]);
    expect(DRIVE_MESSAGES.offline).toMatch(/^You are offline\./);
  });

  it("still name a missing configuration first: being online would not help", async () => {
    vi.stubGlobal("navigator", { onLine: false });
    const { drive } = fakeDrive({ isConfigured: () => false });
    const { dialogs, alerts } = recordingDialogs();
    await runSave(drive, request, { dialogs });
    expect(alerts[0]).toMatch(/not configured/);
  });
});

describe("runSave online", () => {
  it("counts as running work until the upload ends (no reload for an update meanwhile)", async () => {
    vi.stubGlobal("navigator", { onLine: true });
    let finish!: (id: string) => void;
    const { drive } = fakeDrive({
      saveTextFile: () => new Promise<string>((resolve) => (finish = resolve)),
    });
    const { dialogs, alerts } = recordingDialogs();
    const outcome = runSave(drive, request, { dialogs });
    await Promise.resolve();
    expect(isWorkRunning()).toBe(true);
    finish("file-9");
    expect(await outcome).toEqual({ kind: "saved", fileId: "file-9" });
    expect(isWorkRunning()).toBe(false);
    expect(alerts).toEqual([DRIVE_MESSAGES.saveSuccess]);
  });
});
