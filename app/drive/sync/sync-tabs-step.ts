/**
 * The tabs' step of a sync run: every synced tab, three at a time, in tab order. A tab on a
 * Drive file an earlier tab syncs waits with words; a failure of one tab becomes its warning (a
 * notepad-wide one is thrown); a tab whose text changed during its run stays "syncing" and asks
 * for another run, since Drive does not hold that text yet.
 */
import { DriveHttpError } from "../errors";
import { contentMd5 } from "./content-md5";
import { fileBytes } from "./merge";
import { sharedFileFailure, syncFailure, type SyncFailure } from "./sync-messages";
import { forEachLimited, TABS_AT_ONCE, tabsOnSharedFiles } from "./sync-runner";
import type { SyncState } from "./sync-state";
import { driveFileName, newTabRecord, syncTab } from "./sync-tab-run";
import type { NotepadSyncHost, TabSyncStatus } from "./sync-types";
import type { TabRunContext } from "./tab-run-context";

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
  host: NotepadSyncHost;
  /** Runs `open`, whose new tab the engine takes in itself (not through tabOpened). */
  quietly(open: () => string): string;
  /** A tab changed during its run: another run soon. */
  runAgain(): void;
  publish(): void;
}

/** How a run opens a conflict's copy as a synced tab, and binds it to its file once made. */
export function copyTabs(step: TabsStepHost): Pick<TabRunContext, "openDriveCopy" | "copyMade"> {
  return {
    openDriveCopy: (fromId, name, text, file) => {
      const tabId = step.quietly(() => step.host.openDriveCopy(fromId, name, text));
      const made = file.md5 !== null;
      if (made) step.host.setTabDriveFile(tabId, file.id, name);
      // A file already in Drive may have changed before this run's changes feed was read.
      if (made) step.state.recheck(file.id);
      step.state.saveRecord({
        ...newTabRecord(tabId, made ? file.id : null),
        baseText: made ? text : null,
        md5Checksum: file.md5,
        syncedName: made ? driveFileName(name) : null,
        pendingCreateId: made ? null : file.id,
        // Its create may land with its answer lost: the text is then known as ours.
        pendingUpload: made ? null : ownText(step, tabId, text),
      });
      step.tabStates.set(tabId, { kind: "syncing" });
      step.runAgain();
      step.publish();
      return tabId;
    },
    copyMade: (tabId, text, meta, name) => {
      const tab = step.host.readTab(tabId);
      // Closed while its file was made: the closed tab keeps the file (Reopen resumes it).
      if (!tab) return step.host.closedTabFileMade(tabId, meta.id, text);
      if (!step.state.records.get(tabId)?.included) return;
      step.host.setTabDriveFile(tabId, meta.id, tab.name);
      step.state.saveRecord({
        ...newTabRecord(tabId, meta.id),
        baseText: text,
        md5Checksum: meta.md5Checksum ?? null,
        headRevisionId: meta.headRevisionId ?? null,
        modifiedTime: meta.modifiedTime ?? null,
        syncedName: name,
      });
      step.tabStates.set(tabId, { kind: "synced", at: step.now() });
      step.publish();
    },
  };
}

/** A text about to be uploaded for tab `tabId`, with the MD5 of its bytes in the tab's format. */
function ownText(step: TabsStepHost, tabId: string, text: string) {
  const tab = step.host.readTab(tabId);
  if (!tab) return null;
  return { text, md5: contentMd5(fileBytes(text, tab.encoding, tab.lineEnding)) };
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
    if (result.kind === "stopped") return;
    const held = step.state.records.get(id);
    if (held?.included) step.state.saveRecord(result.record);
    // Closed during its run, which made the check after its upload: nothing left to keep.
    else if (held && !context.host.readTab(id)) step.state.deleteRecord(id);
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
