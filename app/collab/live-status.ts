/**
 * What a live session tells the page: its state, the words for a person when something is
 * wrong, who is here. Types and words only (live-session.ts re-exports them).
 */
import type { LivePeer } from "./live-presence";

/** Where a session stands, as the status bar says it. */
export type LiveState = "connecting" | "live" | "reconnecting" | "offline" | "ended";

/** Everything the UI shows about a session. */
export interface LiveStatus {
  state: LiveState;
  /** Words for the person: why it ended / why it cannot connect; null when all is well. */
  message: string | null;
  /** Everyone here, self included ("3 here"). */
  peers: LivePeer[];
  /** False for a view-only link. */
  canEdit: boolean;
  /** First sync with the relay done (a joiner has the whole text). */
  synced: boolean;
}

/** Shown when a write or presence message from the relay fails its check. */
export const AUTH_FAILURE_MESSAGE = "A change from the relay failed its check and was ignored.";
/** Shown to the person who ended the session. */
export const ENDED_BY_YOU_MESSAGE = "You ended this live session for everyone.";
/** Shown when the relay's address (VITE_RELAY_URL) cannot be opened. */
export const BAD_RELAY_MESSAGE =
  "This site's live relay address is not valid, so live sessions cannot connect.";
/** Shown when the relay did not confirm an end for everyone. */
export const END_UNCONFIRMED_MESSAGE =
  "The relay did not confirm that the live session ended; it may still be open to others.";

/** True when two statuses would show the same (peers compared by id, name and colour). */
export function sameStatus(a: LiveStatus, b: LiveStatus): boolean {
  return (
    a.state === b.state &&
    a.message === b.message &&
    a.canEdit === b.canEdit &&
    a.synced === b.synced &&
    a.peers.length === b.peers.length &&
    a.peers.every((peer, i) => {
      const other = b.peers[i];
      return (
        peer.clientId === other.clientId && peer.name === other.name && peer.color === other.color
      );
    })
  );
}
