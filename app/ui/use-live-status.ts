import { useCallback, useSyncExternalStore } from "react";
import type { LiveSession, LiveStatus } from "~/collab/live-session";

/** The status of a live session (null without one), re-rendering when it changes. */
export function useLiveStatus(session: LiveSession | null): LiveStatus | null {
  const subscribe = useCallback(
    (listener: () => void) => (session ? session.subscribe(() => listener()) : () => {}),
    [session],
  );
  const get = useCallback(() => session?.getStatus() ?? null, [session]);
  return useSyncExternalStore(subscribe, get, () => null);
}

/** The state of a session in words, as the status bar shows it. */
export function liveStateWords(status: LiveStatus, joining: boolean): string {
  switch (status.state) {
    case "connecting":
      return joining ? "Joining live session…" : "Connecting…";
    case "live":
      return joining && !status.synced ? "Joining live session…" : "Live";
    case "reconnecting":
      return "Reconnecting…";
    case "offline":
      return "Offline (your edits are kept and will be merged)";
    case "ended":
      return "Ended";
  }
}

/** `words` as a sentence: a full stop added unless it already ends in one (".", "…", "!", "?"). */
export function asSentence(words: string): string {
  return /[.…!?]$/.test(words) ? words : `${words}.`;
}

/**
 * The status bar's words: the state, then why when there is a reason ("Ended: The person who
 * started…"). A state still under way ("Reconnecting…") loses its ellipsis before the colon.
 */
export function liveStatusLine(status: LiveStatus, joining: boolean): string {
  const state = liveStateWords(status, joining);
  return status.message ? `${state.replace(/…$/, "")}: ${status.message}` : state;
}

/** The state as the first sentence of the dialog's text ("Live.", "Connecting…"). */
export function liveStatusSentence(status: LiveStatus, joining: boolean): string {
  return asSentence(liveStateWords(status, joining));
}

/** "1 here", "3 here". */
export function hereLabel(count: number): string {
  return `${count} here`;
}
