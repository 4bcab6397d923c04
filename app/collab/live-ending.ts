/**
 * What an ENDED from the relay means for the page. A room an edit link deleted comes with its
 * signed DELETE_ROOM, checked here with the room's verifying key, so a relay cannot make a
 * session look ended by its owner; an idle-expired room has its own words.
 */
import { verifyWrite } from "./live-crypto";
import type { LiveKeys } from "./live-keys";
import { CLOSE_REASONS, CloseCode, deleteBinding, type EndedMessage } from "./wire";

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
