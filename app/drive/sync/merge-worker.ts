/// <reference lib="webworker" />
/**
 * Merges big synced tabs off the main thread (merge-off-thread.ts posts them here): a merge of
 * long texts diffs them line by line, which on the page would stall typing.
 */
import { runMergeJob, type MergeRequest } from "./merge-job";

self.onmessage = (event: MessageEvent<MergeRequest>) => {
  (self as unknown as Worker).postMessage(runMergeJob(event.data));
};
