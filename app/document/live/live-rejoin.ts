/**
 * A rejoin after a reload, where the page shows this person's text as the document engine
 * kept it, and the session holds what this browser kept of the room plus what the relay sent.
 * Edits made just before the reload may be in the first and not the second (the page closed
 * before the room's state was saved or the edits were sent). Rather than replace the page's
 * text with the session's, the page's text is merged in, and nothing is dropped on either side:
 * - With the kept room text as a base: a three-way merge (the shared line merge of Drive sync)
 *   of the base, the page's text (local) and the session's (remote). Only the page's changes
 *   that add text count: one that only removes text may just mean the page's copy is older
 *   than the kept room state (each is saved about once a second), and applying it would
 *   delete this person's last typing. Where both sides changed the same lines, both versions
 *   of those lines stay.
 * - With nothing kept (no base to tell this person's edits from others'): text only the page
 *   has is added where it stands, and nothing the session has is removed; where the two
 *   replaced the same text differently, both versions of those lines stay.
 * The result goes into the session as this person's edit, so the relay and the others get it.
 */
import { diffArrays, diffChars, type ChangeObject } from "diff";
import type * as Y from "yjs";
import { REJOIN_ORIGIN } from "~/collab/live-origins";
import type { LiveSession } from "~/collab/live-session";
import { mergeTexts } from "~/drive/sync/merge";

/** A character diff taking longer than this falls back to whole lines. */
const DIFF_TIMEOUT_MS = 250;

/**
 * Merges the page's `local` text into a rejoined session and returns the text to show (the
 * session's, after the merge). A view-only link cannot write: the session's text is shown.
 */
export function mergeLocalText(session: LiveSession, local: string): string {
  const remote = session.text.toString();
  const base = session.keptText;
  if (local === remote || !session.getStatus().canEdit) return remote;
  let target: string;
  if (base === null) {
    target = unionOf(remote, local);
  } else {
    const additions = changed(base, local, (change) => change.added || change.removed);
    const merged = mergeTexts({ base, local: additions ?? local, remote });
    target = merged.kind === "clean" ? merged.text : unionOfLines(merged.remote, merged.local);
  }
  if (target !== remote) {
    session.doc.transact(() => applyText(session.text, remote, target), REJOIN_ORIGIN);
  }
  return session.text.toString();
}

/** One run of the character diff from one text to another: what it removes and adds. */
interface Change {
  removed: string;
  added: string;
}

/**
 * `from` with each change to `to` replaced by what `pick` keeps of it (unchanged text kept), or
 * null when the diff ran out of time.
 */
function changed(from: string, to: string, pick: (change: Change) => string): string | null {
  const parts: ChangeObject<string>[] | undefined = diffChars(from, to, {
    timeout: DIFF_TIMEOUT_MS,
  });
  if (!parts) return null;
  let text = "";
  for (let i = 0; i < parts.length; i++) {
    if (!parts[i].added && !parts[i].removed) {
      text += parts[i].value;
      continue;
    }
    const change: Change = { removed: "", added: "" };
    for (; i < parts.length && (parts[i].added || parts[i].removed); i++) {
      if (parts[i].added) change.added += parts[i].value;
      else change.removed += parts[i].value;
    }
    i--;
    text += pick(change);
  }
  return text;
}

/** Both texts, nothing dropped: added text put in; where both replaced text, whole lines of both. */
function unionOf(remote: string, local: string): string {
  let replaced = false;
  const union = changed(remote, local, (change) => {
    if (change.added && change.removed) replaced = true;
    return change.removed + change.added;
  });
  return union === null || replaced ? unionOfLines(remote, local) : union;
}

/** Every line of `remote`, with the lines only `local` has put in where they stand there. */
function unionOfLines(remote: string, local: string): string {
  const parts = diffArrays(remote.split("\n"), local.split("\n"), { timeout: DIFF_TIMEOUT_MS });
  // Too different to diff in time: the page's text after the session's, nothing dropped.
  if (!parts) return `${remote}\n${local}`;
  return parts.flatMap((part) => part.value).join("\n");
}

/** Turns `text` (holding `from`) into `to` with the fewest character changes found. */
function applyText(text: Y.Text, from: string, to: string): void {
  const parts = diffChars(from, to, { timeout: DIFF_TIMEOUT_MS });
  if (!parts) {
    // Too different to diff in time: one range from the first to the last difference.
    let start = 0;
    while (start < from.length && start < to.length && from[start] === to[start]) start++;
    let end = 0;
    while (
      end < from.length - start &&
      end < to.length - start &&
      from[from.length - 1 - end] === to[to.length - 1 - end]
    ) {
      end++;
    }
    text.delete(start, from.length - start - end);
    text.insert(start, to.slice(start, to.length - end));
    return;
  }
  let index = 0;
  for (const part of parts) {
    if (part.removed) text.delete(index, part.value.length);
    else if (part.added) {
      text.insert(index, part.value);
      index += part.value.length;
    } else index += part.value.length;
  }
}
