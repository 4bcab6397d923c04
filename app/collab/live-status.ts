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
/** Shown when an authentic change could not be read (it was skipped; later ones still apply). */
export const UNREADABLE_CHANGE_MESSAGE =
  "A change in this live session could not be read and was skipped. Later changes still arrive.";
/** Shown when something another person has stays missing here (live-ledger.ts). */
export const MISSING_HERE_MESSAGE =
  "Some changes made by others have not reached this page: the relay may be losing them. " +
  "Your text is kept in this browser.";
/** Shown when another person stays without changes this page re-sent. */
export const MISSING_THERE_MESSAGE =
  "Changes from this page are not reaching someone in this session, even when sent again: " +
  "the relay may be losing them. Your text is kept in this browser.";
/** The words for a single change too large to send live. */
export function refusedChangeMessage(bytes: number): string {
  const megabytes = (bytes / (1024 * 1024)).toFixed(1);
  return (
    `One change (${megabytes} MB) is too large to send live and was not sent, so others ` +
    "will not see it. Your text is kept in this browser; later changes still go."
  );
}

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

/** The message to show when the ledger's state becomes `state` and `current` is shown. */
export function ledgerMessage(
  state: "whole" | "missing-here" | "missing-there",
  current: string | null,
): string | null {
  if (state === "missing-here") return MISSING_HERE_MESSAGE;
  if (state === "missing-there") return MISSING_THERE_MESSAGE;
  // All whole again: our words go, anyone else's stay.
  return current === MISSING_HERE_MESSAGE || current === MISSING_THERE_MESSAGE ? null : current;
}
