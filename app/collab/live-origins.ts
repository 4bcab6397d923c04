/**
 * Transaction origins of a live session's Y.Doc. Anything else (the editor binding, a direct
 * edit) is this person's own change and goes to the relay.
 */

/** Changes that came from the relay (entries, snapshots, presence): never sent back. */
export const REMOTE_ORIGIN = Symbol("plainpad-live-remote");

/** State loaded from this browser's store after a reload: already known to the outbox. */
export const STORED_ORIGIN = Symbol("plainpad-live-stored");

/** The text a new room starts from: sent as the first update, but not undoable. */
export const INITIAL_ORIGIN = Symbol("plainpad-live-initial");

/**
 * This person's text from before a reload merged into the session on rejoin (edits the relay
 * never got): sent like any own change, but not something to undo.
 */
export const REJOIN_ORIGIN = Symbol("plainpad-live-rejoin");
