/**
 * Set-ups and request hooks the sync engine's scenario tests share (the losses, and what the
 * randomized test found): one computer syncing one tab, and a hook that acts once, at the
 * first request of a kind. The computers themselves are in sync-test-support.ts.
 */
import { computer, DriveModel, type HookedRequest, type TestComputer } from "./sync-test-support";

/** A read of a file's bytes. */
export const isMediaRead = (r: HookedRequest) => r.method === "GET" && r.url.includes("alt=media");
/** An upload of new bytes into an existing file. */
export const isUpdateUpload = (r: HookedRequest) =>
  r.method === "PATCH" && r.url.includes("/upload/");
/** An upload that creates a file. */
export const isCreateUpload = (r: HookedRequest) =>
  r.method === "POST" && r.url.includes("/upload/drive/v3/files");

/** A network hook that calls `action` once, at the first request that matches. */
export function once(match: (r: HookedRequest) => boolean, action: () => void | Promise<void>) {
  let done = false;
  return async (request: HookedRequest) => {
    if (done || !match(request)) return;
    done = true;
    await action();
  };
}

/** The Drive file of tab `tabId` on computer `pc` (the test fails if it has none). */
export function fileOf(pc: TestComputer, tabId: string): string {
  const id = pc.notepad.tab(tabId).driveFileId;
  if (!id) throw new Error("tab has no Drive file");
  return id;
}

/**
 * A fresh Drive and computer A, sync turned on over one tab (`name`, `text`): the tab's id and
 * its new Drive file.
 */
export async function syncingOneTab(text: string, name = "Notes") {
  const model = new DriveModel();
  const a = await computer(model, "a");
  const id = a.notepad.addTab(name, text);
  await a.sync.enable("all", id);
  return { model, a, id, fileId: fileOf(a, id) };
}
