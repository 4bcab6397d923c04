/**
 * What an ENDED from the relay means for the page. A room an edit link deleted comes with its
 * signed DELETE_ROOM, checked here with the room's verifying key, so a relay cannot make a
 * session look ended by its owner; an idle-expired room has its own words. Also this person's
 * own "End for everyone": the wait for the relay's ENDED, and the words a close ends with.
 */
import { BAD_RELAY_ADDRESS } from "./live-connection";
import { verifyWrite } from "@plainpad/wire/seal";
import type { LiveKeys } from "./live-keys";
import { BAD_RELAY_MESSAGE, ENDED_BY_YOU_MESSAGE } from "./live-status";
import { CLOSE_REASONS, CloseCode, deleteBinding, type EndedMessage } from "@plainpad/wire";

/** Shown when the relay says a session was ended but its proof fails the check. */
export const END_UNPROVEN_MESSAGE =
  "The relay closed this live session as ended, but could not show that its owner ended it.";

/** How the session ends: the close code it counts as (null: unproven) and the words. */
export interface CheckedEnding {
  code: typeof CloseCode.RoomEnded | typeof CloseCode.RoomExpired | null;
  message: string;
}

/** Checks an ENDED: a deletion must carry the edit key's signed delete of this room. */
export function checkEnding(keys: LiveKeys, ended: EndedMessage): CheckedEnding {
  if (ended.cause === "expired") {
    return { code: CloseCode.RoomExpired, message: CLOSE_REASONS[CloseCode.RoomExpired] };
  }
  const binding = deleteBinding(keys.roomId, ended.at);
  if (verifyWrite(keys.verifyKey, binding, new Uint8Array(0), ended.signature)) {
    return { code: CloseCode.RoomEnded, message: CLOSE_REASONS[CloseCode.RoomEnded] };
  }
  return { code: null, message: END_UNPROVEN_MESSAGE };
}

/** The words for a session closed with `code`; `endedByYou` when this person ended it. */
export function endedMessage(code: number, endedByYou: boolean): string {
  const gone = code === CloseCode.RoomEnded || code === CloseCode.RoomNotFound;
  if (gone && endedByYou) return ENDED_BY_YOU_MESSAGE;
  if (code === BAD_RELAY_ADDRESS) return BAD_RELAY_MESSAGE;
  return CLOSE_REASONS[code] ?? "The relay closed this live session.";
}

const END_WAIT_MS = 5000;

/** This person's "End for everyone": the wait for the relay's ENDED after DELETE_ROOM. */
export class EndRequest {
  /** True once this person asked the relay to end the session. */
  asked = false;
  private waiters: (() => void)[] = [];

  /** Marks the request; resolves on settle() (the session finished) or after END_WAIT_MS. */
  async wait(): Promise<void> {
    this.asked = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await new Promise<void>((resolve) => {
      this.waiters.push(resolve);
      timer = setTimeout(resolve, END_WAIT_MS);
    });
    clearTimeout(timer);
  }

  /** The session finished: every wait is over. */
  settle(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }
}
