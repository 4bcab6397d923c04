/// <reference lib="webworker" />
/**
 * Find in files off the main thread (find-off-thread.ts starts it): reading and decoding
 * thousands of files would otherwise take the page's input for seconds.
 */
import type { EncodingMemo } from "./find-in-files";
import { type FindReply, type FindRequest, runFindJob } from "./find-job";

const running = new Map<number, AbortController>();
/** Each folder's files' encodings, kept for its next search (by the page's folder id). */
const memos = new Map<string, EncodingMemo>();

self.onmessage = (event: MessageEvent<FindRequest>) => {
  const request = event.data;
  if (request.type === "cancel") {
    running.get(request.id)?.abort();
    running.delete(request.id);
    return;
  }
  const controller = new AbortController();
  running.set(request.id, controller);
  const post = (reply: FindReply) => (self as unknown as Worker).postMessage(reply);
  let memo: EncodingMemo | undefined;
  if (request.folderId !== undefined) {
    memo = memos.get(request.folderId) ?? new Map();
    memos.set(request.folderId, memo);
  }
  const { id, source, query, share } = request;
  void runFindJob(id, source, query, post, controller.signal, memo, share).finally(() =>
    running.delete(id),
  );
};
