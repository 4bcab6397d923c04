import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FindReply, FindRequest } from "./find-job";
import { pickedFile } from "./workspace-fixture";

/** The worker module's global scope, stood in for in Node: what it posts is collected. */
const posted: FindReply[] = [];
const scope = {
  onmessage: null as ((event: MessageEvent<FindRequest>) => void) | null,
  postMessage: (reply: FindReply) => posted.push(reply),
};

beforeAll(async () => {
  (globalThis as { self?: unknown }).self = scope;
  await import("./find-worker");
});

afterAll(() => {
  delete (globalThis as { self?: unknown }).self;
});

function send(request: FindRequest): void {
  scope.onmessage?.({ data: request } as MessageEvent<FindRequest>);
}

async function until(id: number): Promise<FindReply[]> {
  for (let i = 0; i < 1000 && !posted.some((r) => r.id === id && r.event.type !== "file"); i++) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return posted.filter((reply) => reply.id === id);
}

describe("find-worker.ts", () => {
  it("answers a find request with each file's matches, then the totals", async () => {
    const source = {
      kind: "files" as const,
      files: [pickedFile("f/a.txt", "one two"), pickedFile("f/b.txt", "two")],
    };
    send({ type: "find", id: 7, source, query: { query: "two" }, folderId: "f" });
    const replies = await until(7);
    expect(replies.map((reply) => reply.event.type)).toEqual(["file", "file", "done"]);
  });
});
