/**
 * The tabs' step of a sync run: every synced tab, three at a time, in tab order. A tab on a
 * Drive file an earlier tab syncs waits with words; a failure of one tab becomes its warning (a
 * notepad-wide one is thrown); a tab whose text changed during its run stays "syncing" and asks
 * for another run, since Drive does not hold that text yet.
 */
import { DriveHttpError } from "../errors";
import { sharedFileFailure, syncFailure, type SyncFailure } from "./sync-messages";
import { forEachLimited, TABS_AT_ONCE, tabsOnSharedFiles } from "./sync-runner";
import type { SyncState } from "./sync-state";
import { syncTab, type TabRunContext } from "./sync-tab-run";
import type { TabSyncStatus } from "./sync-types";

/** What the step needs of the controller. */
export interface TabsStepHost {
  state: SyncState;
  /** Tabs whose next run makes a new Drive file. */
  recreating: ReadonlySet<string>;
  tabStates: Map<string, TabSyncStatus>;
  now(): number;
  /** Lets the page breathe between tabs. */
  yieldToPage(): Promise<void>;
  /** The tab was closed during its run. */
  tabClosed(id: string): void;
  /** A tab changed during its run: another run soon. */
  runAgain(): void;
  publish(): void;
}

/** Syncs every synced open tab (see the module comment). */
export async function syncTabsStep(step: TabsStepHost, context: TabRunContext): Promise<void> {
  const open = context.host.listTabs();
  const shadowed = tabsOnSharedFiles(open, step.state.records);
  const ids = open.map((tab) => tab.id);
  await forEachLimited(ids, TABS_AT_ONCE, async (id) => {
    if (!step.state.settings.enabled || !step.state.records.get(id)?.included) return;
    const holder = shadowed.get(id);
    if (holder !== undefined && !step.recreating.has(id)) {
      return warnTab(step, id, sharedFileFailure(holder));
    }
    await step.yieldToPage();
    await syncOneTab(step, context, id);
  });
}

function warnTab(step: TabsStepHost, id: string, failure: SyncFailure): void {
  step.tabStates.set(id, { kind: "warning", message: failure.message, action: failure.action });
  step.publish();
}

/** One tab; a failure of its own becomes its warning, a notepad-wide one is thrown. */
async function syncOneTab(step: TabsStepHost, context: TabRunContext, id: string) {
  const record = step.state.records.get(id);
  if (!record) return;
  try {
    const result = await syncTab(context, id, record);
    if (result.kind === "closed") return step.tabClosed(id);
    if (step.state.records.get(id)?.included) step.state.saveRecord(result.record);
    step.state.handled(record.driveFileId, result.record.driveFileId);
    if (context.host.readTab(id)?.text === result.record.baseText) {
      step.tabStates.set(id, { kind: "synced", at: step.now() });
    } else {
      // Typed (or merged) during the run: Drive has the text before it.
      step.tabStates.set(id, { kind: "syncing" });
      step.runAgain();
    }
  } catch (error) {
    const failure = syncFailure(error, context.host.readTab(id)?.encoding);
    if (failure.scope === "notepad") throw error;
    if (!(error instanceof DriveHttpError) && failure.kind === "failed") console.error(error);
    warnTab(step, id, failure);
  }
  step.publish();
}
