import { describe, expect, it } from "vitest";
import type { NotepadSyncController } from "~/drive/sync/sync-types";
import { BRING_IN_NOTICE_ID, RemoteTabsOffer } from "./drive-sync-offer";
import type { Notice } from "./notepad-store";

/** An offer over an engine reporting `count` remote tabs, whose bring-in answers `bringIn`. */
function offerOver(bringIn: () => Promise<number>) {
  const state = { count: 2, notices: [] as Notice[], dismissed: [] as string[] };
  const engine = {
    remoteTabsOffer: () => (state.count > 0 ? { count: state.count } : null),
    bringInRemoteTabs: bringIn,
    dismissRemoteTabs: () => undefined,
  } as unknown as NotepadSyncController; // only the offer's three calls are used
  const offer = new RemoteTabsOffer({
    engine: () => engine,
    addNotice: (notice) => state.notices.push(notice),
    dismissNotice: (id) => state.dismissed.push(id),
  });
  return { offer, state };
}

describe("the offer of another computer's synced tabs", () => {
  it("is shown once per count, and goes when there is nothing to bring in", () => {
    const { offer, state } = offerOver(async () => 2);
    offer.update();
    offer.update();
    expect(state.notices.map((n) => n.message)).toEqual([
      "Your Google Drive has 2 synced tabs from another computer that are not open here.",
    ]);
    state.count = 0;
    offer.update();
    expect(state.dismissed).toEqual([BRING_IN_NOTICE_ID]);
  });

  it("says why nothing was brought in, and offers again", async () => {
    const { offer, state } = offerOver(async () => {
      throw new Error("offline");
    });
    offer.update();
    await offer.bringIn();
    expect(state.notices.map((n) => n.id)).toEqual([
      BRING_IN_NOTICE_ID,
      "drive-sync-brought-in",
      BRING_IN_NOTICE_ID,
    ]);
    expect(state.notices[1]).toMatchObject({ kind: "error" });
    expect(state.notices[1].message).toMatch(/^Synced tabs were not brought in\. /);
  });

  it("counts the tabs it opened", async () => {
    const { offer, state } = offerOver(async () => 2);
    await offer.bringIn();
    expect(state.notices.at(-1)?.message).toBe("Brought in 2 synced tabs from Google Drive.");
  });
});
