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

/** "1 here", "3 here". */
export function hereLabel(count: number): string {
  return `${count} here`;
}
