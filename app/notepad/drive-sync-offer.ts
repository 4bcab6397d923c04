import type { NotepadSyncController } from "~/drive/sync/sync-types";
import { syncFailure } from "~/drive/sync/sync-messages";
import { bringInLabel } from "./drive-sync-status";
import type { Notice } from "./notepad-store";

/** The notice that offers the synced tabs of another computer. */
export const BRING_IN_NOTICE_ID = "drive-sync-bring-in";

/** What the offer needs of the notepad's Drive sync. */
export interface RemoteTabsOfferHost {
  /** The sync engine, while sync runs. */
  engine(): NotepadSyncController | null;
  addNotice(notice: Notice): void;
  dismissNotice(id: string): void;
}

/**
 * The offer to open the synced tabs of another computer that are not open here (a notice with
 * "Bring in" and "Not now"), shown once per count the engine reports, and what "Bring in" does.
 */
export class RemoteTabsOffer {
  private offered = 0;

  constructor(private readonly host: RemoteTabsOfferHost) {}

  /** Shows the offer for the engine's count now (once per count; none: the notice goes). */
  update(): void {
    const engine = this.host.engine();
    const count = engine?.remoteTabsOffer()?.count ?? 0;
    if (count === this.offered) return;
    this.offered = count;
    if (count === 0) {
      this.host.dismissNotice(BRING_IN_NOTICE_ID);
      return;
    }
    this.host.addNotice({
      id: BRING_IN_NOTICE_ID,
      kind: "info",
      message: `Your Google Drive has ${count} synced tab${count === 1 ? "" : "s"} from another computer that ${count === 1 ? "is" : "are"} not open here.`,
      action: { label: bringInLabel(count), run: () => void this.bringIn() },
      // Not offered again in this browser (the engine remembers the files).
      secondary: { label: "Not now", run: () => this.host.engine()?.dismissRemoteTabs() },
    });
  }

  /** Sync was turned off: the offer goes (and is made afresh when sync is on again). */
  withdraw(): void {
    this.offered = 0;
    this.host.dismissNotice(BRING_IN_NOTICE_ID);
  }

  /** Opens the other computer's synced tabs. */
  async bringIn(): Promise<void> {
    const engine = this.host.engine();
    if (!engine) return;
    this.offered = 0;
    let opened: number;
    try {
      opened = await engine.bringInRemoteTabs();
    } catch (error) {
      // Offline, a Google error or an expired sign-in: said in words, the offer comes back.
      console.error("Bringing in synced tabs failed", error);
      this.host.addNotice({
        id: "drive-sync-brought-in",
        kind: "error",
        message: `Synced tabs were not brought in. ${syncFailure(error).message}`,
      });
      this.update(); // the offer stays, for a later try
      return;
    }
    this.host.addNotice({
      id: "drive-sync-brought-in",
      kind: "info",
      message:
        opened === 0
          ? "No synced tabs were brought in: they are open here already."
          : `Brought in ${opened} synced tab${opened === 1 ? "" : "s"} from Google Drive.`,
    });
  }
}
