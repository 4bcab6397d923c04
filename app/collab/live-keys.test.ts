import { describe, expect, it } from "vitest";
import {
  DAMAGED_LINK_MESSAGE,
  keysFromSecret,
  liveFragment,
  newLiveSecret,
  readLiveFragment,
  viewOnlyKeys,
} from "./live-keys";
import { roomIdForVerifyKey } from "@plainpad/wire";

describe("live link keys", () => {
  it("an edit link and its view-only link name the same room and key; only the edit link signs", () => {
    const secret = newLiveSecret();
    const keys = keysFromSecret(secret);
    const edit = readLiveFragment(`#${liveFragment(secret)}`);
    const view = readLiveFragment(`#${liveFragment(viewOnlyKeys(keys))}`);
    if (edit.kind !== "ok" || view.kind !== "ok") throw new Error("links did not read");
    expect(edit.keys.roomId).toBe(keys.roomId);
    expect(view.keys.roomId).toBe(keys.roomId);
    expect(view.keys.encryptionKey).toEqual(keys.encryptionKey);
    expect(view.keys.signingSeed).toBeNull();
    expect(edit.keys.signingSeed).toEqual(keys.signingSeed);
    expect(roomIdForVerifyKey(keys.verifyKey)).toBe(keys.roomId);
    expect(liveFragment(viewOnlyKeys(keys))).not.toContain(liveFragment(secret).slice(7, 30));
  });

  it("is derived, not random: one secret always gives the same keys", () => {
    const secret = new Uint8Array(32).fill(7);
    expect(keysFromSecret(secret)).toEqual(keysFromSecret(secret.slice()));
  });

  it("tells a damaged link apart (a changed, missing or extra character)", () => {
    const fragment = liveFragment(newLiveSecret());
    const changed = fragment.slice(0, 12) + (fragment[12] === "A" ? "B" : "A") + fragment.slice(13);
    for (const broken of [
      changed,
      fragment.slice(0, -1),
      `${fragment}x`,
      "live=e.",
      "live=q.abc",
    ]) {
      expect(readLiveFragment(broken)).toEqual({ kind: "damaged", message: DAMAGED_LINK_MESSAGE });
    }
    expect(readLiveFragment("#something-else")).toEqual({ kind: "none" });
  });
});
