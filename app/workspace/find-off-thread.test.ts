import { describe, expect, it } from "vitest";
import type { FindEvent } from "./find-in-files";
import { type FindReply, type FindRequest, runFindJob } from "./find-job";
import { type FindWorker, findInFilesOffThread } from "./find-off-thread";
import { pickedFile } from "./workspace-fixture";

const source = {
  kind: "files" as const,
  files: [pickedFile("book/one.md", "alpha beta"), pickedFile("book/two.md", "beta gamma")],
};

/** A stand-in worker that runs the worker's job in this thread, as find-worker.ts does. */
function inlineWorker(requests: FindRequest[]): FindWorker {
  const stub: FindWorker = {
    onmessage: null,
    onerror: null,
    postMessage(request) {
      requests.push(request);
      if (request.type !== "find") return;
      const post = (reply: FindReply) =>
        stub.onmessage?.({ data: reply } as MessageEvent<FindReply>);
      void runFindJob(request.id, request.source, request.query, post);
    },
  };
  return stub;
}

describe("find in files through the worker's messages", () => {
  it("posts the folder and query to the worker and streams its results and progress back", async () => {
    const requests: FindRequest[] = [];
    const events: FindEvent[] = [];
    const done = new Promise<void>((resolve) => {
      const running = findInFilesOffThread(
        { source, folderId: "book" },
        { query: "beta", regexp: false, reportProgress: true },
        (event) => {
          events.push(event);
          if (event.type === "done") resolve();
        },
        () => inlineWorker(requests),
      );
      expect(running.offThread).toBe(true);
    });
    await done;
    expect(requests[0]).toMatchObject({ type: "find", folderId: "book", query: { query: "beta" } });
    expect(events.flatMap((event) => (event.type === "file" ? [event.hits.path] : []))).toEqual([
      "one.md",
      "two.md",
    ]);
    // Progress events keep the search's listener: the results and the end still arrive.
    expect(events.filter((event) => event.type === "progress").at(-1)).toMatchObject({
      progress: { searched: 2, listed: 2, listingDone: true },
    });
    expect(events.at(-1)).toMatchObject({ type: "done", summary: { matchCount: 2 } });
  });

  it("lists a file it could not read and still finishes the search", async () => {
    const replies: FindReply[] = [];
    const broken = {
      kind: "files" as const,
      files: [
        { ...pickedFile("book/x.md", "beta"), arrayBuffer: () => Promise.reject(new Error("x")) },
      ],
    };
    await runFindJob(1, broken, { query: "beta" }, (reply) => replies.push(reply));
    expect(replies.at(-1)?.event).toMatchObject({
      type: "done",
      summary: { unreadable: ["x.md"] },
    });
  });
});
