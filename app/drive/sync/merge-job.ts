/**
 * One merge as the merge worker runs it (pure, so Node tests run the same function): a request
 * with an id and the three texts in, the outcome (or the error's words) out.
 */
import { mergeTexts, type MergeInput, type MergeOutcome } from "./merge";

/** What the page posts to the worker. */
export interface MergeRequest {
  id: number;
  input: MergeInput;
}

/** What the worker posts back. */
export type MergeReply = { id: number; outcome: MergeOutcome } | { id: number; error: string };

/** Runs one request. */
export function runMergeJob(request: MergeRequest): MergeReply {
  try {
    return { id: request.id, outcome: mergeTexts(request.input) };
  } catch (error) {
    return { id: request.id, error: String(error) };
  }
}
