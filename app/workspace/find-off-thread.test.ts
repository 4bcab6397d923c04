import { beforeEach, describe, expect, it } from "vitest";
import type { FindEvent } from "./find-in-files";
import { type FindReply, type FindRequest, runFindJob } from "./find-job";
import { type FindWorker, findInFilesOffThread, stopFindWorkers } from "./find-off-thread";
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
      const { id, source, query, share } = request;
      void runFindJob(id, source, query, post, undefined, undefined, share);
    },
  };
  return stub;
}

beforeEach(() => stopFindWorkers());

/** Events until "done" of a search through `count` stand-in workers. */
function searchThrough(
  count: number,
  files: { kind: "files"; files: ReturnType<typeof pickedFile>[] },
  requests: FindRequest[] = [],
): Promise<FindEvent[]> {
  stopFindWorkers();
  return new Promise((resolve) => {
    const events: FindEvent[] = [];
    findInFilesOffThread(
      { source: files, folderId: "many", workers: count },
      { query: "needle", regexp: false, reportProgress: true },
      (event) => {
        events.push(event);
        if (event.type === "done" || event.type === "error") resolve(events);
      },
      () => inlineWorker(requests),
    );
  });
}

describe("find in files through the worker's messages", () => {
  it("splits a large folder across several workers: the same results in the same order as one", async () => {
    const many = {
      kind: "files" as const,
      files: Array.from({ length: 600 }, (_, i) =>
        pickedFile(`many/d${i % 4}/f${i}.txt`, i % 5 === 0 ? `a needle ${i}` : `hay ${i}`),
      ),
    };
    const one = await searchThrough(1, many);
    const requests: FindRequest[] = [];
    const three = await searchThrough(3, many, requests);
    // Three workers were each asked for their share of the files.
    expect(requests.flatMap((request) => (request.type === "find" ? [request.share] : []))).toEqual(
      [
        { part: 0, parts: 3 },
        { part: 1, parts: 3 },
        { part: 2, parts: 3 },
      ],
    );
    const paths = (events: FindEvent[]) =>
      events.flatMap((event) => (event.type === "file" ? [event.hits.path] : []));
    expect(paths(one)).toHaveLength(120);
    expect(paths(three)).toEqual(paths(one));
    expect(three.at(-1)).toEqual(one.at(-1));
    expect(three.filter((event) => event.type === "progress").at(-1)).toMatchObject({
      progress: { searched: 600, listed: 600, listingDone: true },
    });
  });

  it("cancels the search in every worker", () => {
    const requests: FindRequest[] = [];
    const running = findInFilesOffThread(
      { source, workers: 2 },
      { query: "beta" },
      () => {},
      () => ({ onmessage: null, onerror: null, postMessage: (request) => requests.push(request) }),
    );
    running.cancel();
    const cancels = requests.filter((request) => request.type === "cancel");
    expect(cancels).toHaveLength(2);
  });

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
