/**
 * Test support for the sync engine's Node tests: an in-memory notepad (the host), a Google
 * session double, and a "computer" (notepad + controller + its own storage) against one fake
 * Drive (tests/e2e/drive-model.ts, the same Drive the browser tests use).
 */
import { createMemorySyncStore, type SyncStateStore } from "~/storage/sync-store";
import type { LineEnding } from "~/text/line-endings";
import type { TextEncodingId } from "~/text/text-encoding";
import { DriveModel } from "../../../tests/e2e/drive-model";
import { modelFetch } from "../../../tests/e2e/drive-model-fetch";
import { createNotepadSync } from "./notepad-sync";
import type { SyncDriveAccess } from "./sync-drive";
import type { WindowsEnvironment } from "./sync-windows";
import type { NotepadSyncController, NotepadSyncHost, RemoteTabFile, SyncTab } from "./sync-types";

/** A notepad in memory: tabs, notices, and the texts replaced by merges (its History). */
export class TestNotepad implements NotepadSyncHost {
  tabs: SyncTab[] = [];
  notices: string[] = [];
  history: { id: string; text: string }[] = [];
  copies: string[] = [];
  sync: NotepadSyncController | null = null;
  private next = 1;

  constructor(private readonly prefix: string) {}

  addTab(
    name: string,
    text: string,
    format: { encoding?: TextEncodingId; lineEnding?: LineEnding; driveFileId?: string } = {},
  ): string {
    const id = `${this.prefix}-${this.next++}`;
    this.tabs.push({
      id,
      name,
      text,
      encoding: format.encoding ?? "utf-8",
      lineEnding: format.lineEnding ?? "lf",
      driveFileId: format.driveFileId ?? null,
    });
    this.sync?.tabOpened(id);
    return id;
  }

  tab(id: string): SyncTab {
    const tab = this.tabs.find((t) => t.id === id);
    if (!tab) throw new Error(`no tab ${id}`);
    return tab;
  }

  byName(name: string): SyncTab {
    const tab = this.tabs.find((t) => t.name === name);
    if (!tab) throw new Error(`no tab named ${name}`);
    return tab;
  }

  type(id: string, text: string): void {
    this.tab(id).text = text;
    this.sync?.tabChanged(id);
  }

  rename(id: string, name: string): void {
    this.tab(id).name = name;
    this.sync?.tabRenamed(id);
  }

  close(id: string): void {
    this.tabs = this.tabs.filter((t) => t.id !== id);
    this.sync?.tabClosed(id);
  }

  listTabs(): SyncTab[] {
    return this.tabs.map((tab) => ({ ...tab }));
  }

  readTab(id: string): SyncTab | null {
    const tab = this.tabs.find((t) => t.id === id);
    return tab ? { ...tab } : null;
  }

  applyMergedText(id: string, text: string): void {
    this.history.push({ id, text: this.tab(id).text });
    this.tab(id).text = text;
  }

  openDriveCopy(_fromId: string, name: string, text: string): string {
    const id = this.addTab(name, text);
    this.copies.push(id);
    return id;
  }

  openTabFromDrive(file: RemoteTabFile): string {
    return this.addTab(file.name, file.text, file);
  }

  setTabDriveFile(id: string, driveFileId: string, name: string): void {
    this.tab(id).driveFileId = driveFileId;
    // As the notepad does: a name that changed renames the tab (not told back to the sync).
    if (name.trim()) this.tab(id).name = name;
  }

  notify(message: string): void {
    this.notices.push(message);
  }
}

/** One computer: its notepad, its sync, its session and network. */
export interface TestComputer {
  notepad: TestNotepad;
  sync: NotepadSyncController;
  session: { valid: boolean; token: string; clicks: number };
  network: { offline: boolean };
  /** What the page's focus (or the online event) calls. */
  wake: () => void;
  /** Requests this computer (window) sent to Drive. */
  requests: () => number;
}

/** A window of a browser that other windows share (its storage, Web Locks and channel). */
export interface SharedBrowser {
  store: SyncStateStore;
  windows: WindowsEnvironment;
  /** Tab ids start with this (windows of one browser show the same tabs). */
  prefix: string;
}

/** A computer against `model`, sync loaded (not yet on), interval Manual only. */
export async function computer(
  model: DriveModel,
  name: string,
  browser?: SharedBrowser,
): Promise<TestComputer> {
  const notepad = new TestNotepad(browser?.prefix ?? name);
  let requests = 0;
  const session = { valid: true, token: `${name}-token-1`, clicks: 0 };
  const network = { offline: false };
  const fetchModel = modelFetch(model, network);
  let wake = () => undefined as void;
  const drive: SyncDriveAccess = {
    isConfigured: () => true,
    hasValidToken: () => session.valid,
    currentToken: async () => session.token,
    connectInClick: async () => {
      session.clicks++;
      session.token = `${name}-token-${session.clicks + 1}`;
      session.valid = true;
      model.acceptedTokens?.add(session.token);
    },
    forgetRefusedToken: () => {
      session.valid = false;
    },
    fetchImpl: (input, init) => {
      requests++;
      return fetchModel(input, init);
    },
    sleep: async () => undefined,
    random: () => 0.5,
  };
  const sync = createNotepadSync({
    host: notepad,
    drive,
    store: browser?.store ?? createMemorySyncStore(),
    windows: browser?.windows,
    listen: (onWake) => {
      wake = onWake;
      return () => undefined;
    },
    isOnline: () => !network.offline,
    yieldToPage: async () => undefined,
    random: Math.random,
  });
  notepad.sync = sync;
  await sync.start();
  sync.setInterval("manual");
  return { notepad, sync, session, network, wake: () => wake(), requests: () => requests };
}

export { DriveModel };
