import { afterEach, describe, expect, it } from "vitest";
import { runMergeJob, type MergeReply, type MergeRequest } from "./merge-job";
import {
  setMergeWorkerFactory,
  WORKER_MERGE_FROM_CHARS,
  type MergeWorker,
} from "./merge-off-thread";
import { computer, DriveModel } from "./sync-test-support";

/** A stand-in worker: runs the worker's own job function a task later; `onJob` may meddle first. */
function standInWorker(onJob: (request: MergeRequest) => void = () => undefined) {
  const requests: MergeRequest[] = [];
  const worker: MergeWorker = {
    onmessage: null,
    onerror: null,
    postMessage(request) {
      requests.push(request);
      setTimeout(() => {
        onJob(request);
        const reply: MergeReply = runMergeJob(structuredClone(request));
        worker.onmessage?.({ data: reply } as MessageEvent<MergeReply>);
      }, 0);
    },
  };
  return { worker, requests };
}

/** A long tab synced on one computer, then changed both in Drive and here. */
async function bigTabChangedOnBothSides() {
  const lines = Array.from({ length: 20_000 }, (_, i) => `line ${i} of a long text`);
  expect(lines.join("\n").length * 3).toBeGreaterThan(WORKER_MERGE_FROM_CHARS);
  const model = new DriveModel();
  const a = await computer(model, "a");
  const id = a.notepad.addTab("Long", lines.join("\n"));
  await a.sync.enable("all", id);
  const fileId = a.notepad.tab(id).driveFileId!;
  const theirs = [...lines];
  theirs[19_000] = "changed in Drive";
  model.editFile(fileId, theirs.join("\n"));
  const mine = [...lines];
  mine[10] = "changed here";
  a.notepad.type(id, mine.join("\n"));
  const merged = [...mine];
  merged[19_000] = "changed in Drive";
  return { model, a, id, fileId, lines, merged };
}

afterEach(() => setMergeWorkerFactory(null));

describe("big merges in a worker", () => {
  it("a big tab is merged by the worker, a small one here", async () => {
    const { worker, requests } = standInWorker();
    setMergeWorkerFactory(() => worker);
    const { model, a, id, fileId, merged } = await bigTabChangedOnBothSides();
    const small = a.notepad.addTab("Small", "one\ntwo");
    await a.sync.syncNow();
    model.editFile(a.notepad.tab(small).driveFileId!, "one\ntwo\nthree");
    a.notepad.type(small, "ONE\ntwo");
    await a.sync.syncNow();
    expect(requests.length).toBe(1);
    expect(a.notepad.tab(id).text).toBe(merged.join("\n"));
    expect(model.text(fileId)).toBe(merged.join("\n"));
    expect(a.notepad.tab(small).text).toBe("ONE\ntwo\nthree");
  });

  it("what is typed while the worker merges is kept, and reaches Drive", async () => {
    let typed = false;
    const { worker } = standInWorker(() => {
      if (typed) return;
      typed = true;
      const tab = a.notepad.byName("Long");
      a.notepad.type(tab.id, `${tab.text}\ntyped during the merge`);
    });
    setMergeWorkerFactory(() => worker);
    const setup = await bigTabChangedOnBothSides();
    const { a } = setup;
    await a.sync.syncNow();
    const expected = `${setup.merged.join("\n")}\ntyped during the merge`;
    expect(typed).toBe(true);
    expect(a.notepad.tab(setup.id).text).toBe(expected);
    await a.sync.syncNow();
    expect(setup.model.text(setup.fileId)).toBe(expected);
  });

  it("a worker that fails to start leaves the merge to the page", async () => {
    const worker: MergeWorker = {
      onmessage: null,
      onerror: null,
      postMessage() {
        setTimeout(() => worker.onerror?.({} as ErrorEvent), 0);
      },
    };
    setMergeWorkerFactory(() => worker);
    const { a, id, merged } = await bigTabChangedOnBothSides();
    await a.sync.syncNow();
    expect(a.notepad.tab(id).text).toBe(merged.join("\n"));
  });
});
