import {
  type LiveEditorKind,
  type LiveKeys,
  liveFragment,
  liveLink,
  newLiveSecret,
  keysFromSecret,
  readLiveFragment,
  viewOnlyKeys,
} from "~/collab/live-keys";
import { checkLiveSize, LiveSession } from "~/collab/live-session";
import { relayUrlFor } from "~/collab/relay-url";
import { type RememberedLive, writeLiveName } from "~/storage/live-links";
import { LiveRoomsStore } from "~/storage/live-rooms";

// One store of kept room states for the page: edits made offline survive a reload and merge.
let keptRooms: LiveRoomsStore | null = null;

/**
 * Starting and joining live sessions for both editors (issue 44), without React: the session,
 * the two links a person may hand out, and what is remembered with the document so a reload
 * rejoins. Browser only (reads `window.location`).
 */

/** A document's live session as the editors hold it. */
export interface LiveHandle {
  readonly session: LiveSession;
  readonly roomId: string;
  /** The whole edit link, or null when this person joined with a view-only link. */
  readonly editLink: string | null;
  readonly viewLink: string;
  /** What to remember with the document (its fragment opens the same session again). */
  readonly remembered: RememberedLive;
}

/** Thrown when a document cannot go live; `message` is words for the person. */
export class LiveRefusal extends Error {}

function handleFor(
  editor: LiveEditorKind,
  keys: LiveKeys,
  secret: Uint8Array | null,
  session: LiveSession,
  startedHere: boolean,
): LiveHandle {
  const origin = window.location.origin;
  const editFragment = secret ? liveFragment(secret) : null;
  const viewFragment = liveFragment(viewOnlyKeys(keys));
  return {
    session,
    roomId: keys.roomId,
    editLink: editFragment ? liveLink(origin, editor, editFragment) : null,
    viewLink: liveLink(origin, editor, viewFragment),
    remembered: { fragment: editFragment ?? viewFragment, roomId: keys.roomId, startedHere },
  };
}

function sessionFor(keys: LiveKeys, create: boolean, userName: string, text?: string) {
  return new LiveSession({
    keys,
    relayUrl: relayUrlFor(window.location),
    create,
    initialText: text,
    userName,
    stateStore: (keptRooms ??= new LiveRoomsStore()),
  });
}

/**
 * Starts a new live session from `text` (not yet connected: call `session.start()` once the
 * editor is bound). Throws LiveRefusal for a document over the size limit, before anything
 * is sent.
 */
export function startLive(editor: LiveEditorKind, text: string, userName: string): LiveHandle {
  const refusal = checkLiveSize(text);
  if (refusal) throw new LiveRefusal(refusal);
  writeLiveName(userName);
  const secret = newLiveSecret();
  const keys = keysFromSecret(secret);
  return handleFor(editor, keys, secret, sessionFor(keys, true, userName, text), true);
}

/** What opening a link gave: a session to join, or words saying why not. */
export type LiveJoin = { kind: "ok"; handle: LiveHandle } | { kind: "damaged"; message: string };

/**
 * Joins the session of a link's fragment (`live=…`), or of a remembered one (`startedHere`
 * kept). The session is made but not started.
 */
export function joinLive(
  editor: LiveEditorKind,
  fragment: string,
  userName: string,
  startedHere = false,
): LiveJoin {
  const reading = readLiveFragment(fragment);
  if (reading.kind === "none") {
    return { kind: "damaged", message: "This link does not name a live session." };
  }
  if (reading.kind === "damaged") return reading;
  const session = sessionFor(reading.keys, false, userName);
  return {
    kind: "ok",
    handle: handleFor(editor, reading.keys, reading.secret, session, startedHere),
  };
}

/** The room a fragment names, or null for a damaged one (to find the tab already in it). */
export function roomOfFragment(fragment: string): string | null {
  const reading = readLiveFragment(fragment);
  return reading.kind === "ok" ? reading.keys.roomId : null;
}

/** How joining went: synced (the whole text is here), or words saying why not. */
export type JoinOutcome = { ok: true } | { ok: false; message: string };

/**
 * Resolves once the session has the whole text, or has ended without it (with its words). A
 * rejoin after a reload (`keptIsEnough`) may also go on while the relay cannot be reached: the
 * session tries to connect only after loading what this browser kept of the room, so the text
 * is then this person's latest, and their edits merge when the relay is back.
 */
export function whenJoined(session: LiveSession, keptIsEnough = false): Promise<JoinOutcome> {
  return new Promise((resolve) => {
    let done = false;
    let unsubscribe: (() => void) | null = null;
    const check = () => {
      if (done) return;
      const status = session.getStatus();
      const waiting = status.state === "reconnecting" || status.state === "offline";
      if (status.synced || (keptIsEnough && waiting)) done = true;
      else if (status.state === "ended") done = true;
      if (!done) return;
      unsubscribe?.();
      resolve(
        status.state !== "ended"
          ? { ok: true }
          : { ok: false, message: status.message ?? "The live session could not be joined." },
      );
    };
    unsubscribe = session.subscribe(check);
    check();
    if (done) unsubscribe();
  });
}

/** What the editor's text binding needs of a session (live-binding.ts's LiveBinding). */
export function bindingOf(live: LiveHandle) {
  const { session } = live;
  return {
    text: session.text,
    awareness: session.awareness,
    undoManager: session.undoManager,
    canEdit: session.getStatus().canEdit,
  };
}
