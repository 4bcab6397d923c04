/**
 * Test support for the sync engine's Node tests: an in-memory notepad (the host), a Google
 * session double, and a "computer" (notepad + controller + its own storage) against one fake
 * Drive (tests/support/drive-model.ts, the same Drive the browser tests use).
 */
import { createMemorySyncStore, type SyncStateStore } from "~/storage/sync-store";
import type { LineEnding } from "~/text/line-endings";
import type { TextEncodingId } from "~/text/text-encoding";
import { DriveModel } from "../../../tests/support/drive-model";
import { modelFetch } from "../../../tests/support/drive-model-fetch";
import type { InstantClock } from "../../../tests/support/instant-clock";
import { createNotepadSync } from "./notepad-sync";
import type { SyncDriveAccess } from "./sync-drive";
import type { WindowChannel, WindowMessage, WindowsEnvironment } from "./sync-windows";
import type { NotepadSyncController, NotepadSyncHost, RemoteTabFile, SyncTab } from "./sync-types";

/**
 * A closed tab as the notepad keeps it for Reopen closed tab (tab-operations.ts): its Drive
 * file and the sync's base (`syncedText` at the close, or the text a create that landed after
 * the close put in the file).
 */
export interface ClosedTestTab {
  id: string;
  name: string;
  text: string;
  driveFileId: string | null;
  base: string | null;
}

/** A notepad in memory: tabs, notices, and the texts replaced by merges (its History). */
export class TestNotepad implements NotepadSyncHost {
  tabs: SyncTab[] = [];
  /** Recently closed tabs, the last closed last (shared by the windows, as the page's store). */
  closedTabs: ClosedTestTab[] = [];
  notices: string[] = [];
  history: { id: string; text: string }[] = [];
  copies: string[] = [];
  sync: NotepadSyncController | null = null;
  /** Further windows of the same browser: their engines hear the same tab events. */
  otherWindows: NotepadSyncController[] = [];
  private next = 1;

  constructor(private readonly prefix: string) {}

  addTab(
    name: string,
    text: string,
    format: {
      encoding?: TextEncodingId;
      lineEnding?: LineEnding;
      driveFileId?: string;
      /** The tab's id (a reopened tab takes its old one back, as the notepad does). */
      id?: string;
    } = {},
  ): string {
    const id = format.id ?? `${this.prefix}-${this.next++}`;
    this.tabs.push({
      id,
      name,
      text,
      encoding: format.encoding ?? "utf-8",
      lineEnding: format.lineEnding ?? "lf",
      driveFileId: format.driveFileId ?? null,
    });
    this.engines().forEach((sync) => sync.tabOpened(id));
    return id;
  }

  private engines(): NotepadSyncController[] {
    return this.sync ? [this.sync, ...this.otherWindows] : this.otherWindows;
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
    this.engines().forEach((sync) => sync.tabChanged(id));
  }

  rename(id: string, name: string): void {
    this.tab(id).name = name;
    this.engines().forEach((sync) => sync.tabRenamed(id));
  }

  /**
   * Closes a tab, kept for Reopen as the notepad keeps it: with its Drive file and the sync's
   * base as `engine` (the closing window's) knows it.
   */
  close(id: string, engine: NotepadSyncController | null = this.sync): void {
    const tab = this.tabs.find((t) => t.id === id);
    if (tab) {
      const { name, text, driveFileId } = tab;
      const base = driveFileId ? (engine?.syncedText(id) ?? null) : null;
      this.closedTabs = this.closedTabs.filter((t) => t.id !== id);
      this.closedTabs.push({ id, name, text, driveFileId, base });
    }
    this.tabs = this.tabs.filter((t) => t.id !== id);
    this.engines().forEach((sync) => sync.tabClosed(id));
  }

  /**
   * Reopen closed tab (the last closed, or closed tab `id`), as the notepad does: its old id
   * when free, its Drive file, and its base told to `engine` (the reopening window's). Returns
   * the tab's id, or null when there is no such closed tab.
   */
  reopenClosed(id?: string, engine: NotepadSyncController | null = this.sync): string | null {
    const entry = id ? this.closedTabs.find((t) => t.id === id) : this.closedTabs.at(-1);
    if (!entry) return null;
    this.closedTabs = this.closedTabs.filter((t) => t !== entry);
    const free = !this.tabs.some((t) => t.id === entry.id);
    const driveFileId = entry.driveFileId ?? undefined;
    const reopened = this.addTab(entry.name, entry.text, {
      driveFileId,
      id: free ? entry.id : undefined,
    });
    if (driveFileId && entry.base !== null) {
      engine?.tabMatchesDriveFile(reopened, driveFileId, entry.base);
    }
    return reopened;
  }

  listTabs(): SyncTab[] {
    return this.tabs.flatMap((tab) => this.readTab(tab.id) ?? []);
  }

  /** Like the page's host: `text` is read from the tab each time (typing shows through). */
  readTab(id: string): SyncTab | null {
    const tab = this.tabs.find((t) => t.id === id);
    if (!tab) return null;
    return {
      ...tab,
      get text() {
        return tab.text;
      },
    };
  }

  // Like the real notepad (app/notepad/drive-sync.ts), a tab closed meanwhile is left alone.
  applyMergedText(id: string, text: string): void {
    const tab = this.tabs.find((t) => t.id === id);
    if (!tab) return;
    this.history.push({ id, text: tab.text });
    tab.text = text;
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
    const tab = this.tabs.find((t) => t.id === id);
    if (!tab) return;
    tab.driveFileId = driveFileId;
    // As the notepad does: a name that changed renames the tab (not told back to the sync).
    if (name.trim()) tab.name = name;
  }

  // As the notepad (drive-sync.ts): the closed tab keeps the file and its base for Reopen.
  closedTabFileMade(id: string, driveFileId: string, text: string): void {
    const entry = this.closedTabs.find((t) => t.id === id);
    if (!entry) return;
    entry.driveFileId = driveFileId;
    entry.base = text;
  }

  notify(message: string): void {
    this.notices.push(message);
  }
}

/** A request as the network hooks see it (kind as the model counts it). */
export interface HookedRequest {
  method: string;
  url: string;
}

/** The computer's network: offline, and hooks around each request (typing during one, a lost answer). */
export interface TestNetwork {
  offline: boolean;
  /** Runs before the request reaches Drive. */
  before?: (request: HookedRequest) => void | Promise<void>;
  /** Runs after Drive applied the request; throwing loses the answer. */
  after?: (request: HookedRequest, status: number) => void | Promise<void>;
}

/** One computer: its notepad, its sync, its session and network. */
export interface TestComputer {
  notepad: TestNotepad;
  sync: NotepadSyncController;
  session: { valid: boolean; token: string; clicks: number };
  network: TestNetwork;
  /** Its sync storage (IndexedDB in the page), shared by the windows of one browser. */
  store: SyncStateStore;
  /** What the page's focus (or the online event) calls. */
  wake: () => void;
  /** Requests this computer (window) sent to Drive. */
  requests: () => number;
  /** The browser it is a window of, when it shares one with other windows. */
  browser?: SharedBrowser;
}

/** A window of a browser that other windows share (its storage, Web Locks and channel). */
export interface SharedBrowser {
  store: SyncStateStore;
  windows: WindowsEnvironment;
  /** Tab ids start with this (windows of one browser show the same tabs). */
  prefix: string;
}

/** One browser's storage, Web Locks (one holder, others queue) and BroadcastChannel. */
export function oneBrowser(prefix = "tab"): SharedBrowser {
  let held = false;
  const queue: (() => void)[] = [];
  const request = (_name: string, callback: () => Promise<void>) => {
    const run = () => {
      held = true;
      return callback().finally(() => {
        held = false;
        queue.shift()?.();
      });
    };
    if (!held) return run();
    return new Promise<void>((resolve) => queue.push(() => void run().then(resolve)));
  };
  const open = new Set<WindowChannel>();
  const channel = () => {
    const self: WindowChannel = {
      onmessage: null,
      postMessage(message) {
        for (const other of open) {
          if (other === self) continue;
          const data = structuredClone(message);
          queueMicrotask(() => other.onmessage?.({ data } as MessageEvent<WindowMessage>));
        }
      },
      close: () => void open.delete(self),
    };
    open.add(self);
    return self;
  };
  return {
    store: createMemorySyncStore(),
    windows: { locks: { request } as unknown as Pick<LockManager, "request">, channel },
    prefix,
  };
}

/**
 * A computer against `model`, sync loaded (not yet on), interval Manual only. With `windowOf`,
 * a second window of that computer's browser instead: the same tabs, sync storage, Google
 * session and network, with an engine of its own. `store`: its sync storage (default memory).
 */
export async function computer(
  model: DriveModel,
  name: string,
  options: {
    windowOf?: TestComputer;
    store?: SyncStateStore;
    random?: () => number;
    /** A window of this browser (its storage, Web Locks, channel; tabs named from `prefix`). */
    browser?: SharedBrowser;
    /**
     * The time and every wait of the engine (its timer and the request layer's back-offs):
     * rate limits then cost no real time. Default the real time and timers, and no back-off.
     */
    clock?: InstantClock;
  } = {},
): Promise<TestComputer> {
  const first = options.windowOf;
  const browser = options.browser ?? first?.browser;
  const notepad = first?.notepad ?? new TestNotepad(browser?.prefix ?? name);
  const session = first?.session ?? { valid: true, token: `${name}-token-1`, clicks: 0 };
  const network: TestNetwork = first?.network ?? { offline: false };
  const store = browser?.store ?? first?.store ?? options.store ?? createMemorySyncStore();
  let requests = 0;
  const toModel = modelFetch(model, network);
  const hooked: typeof fetch = async (input, init) => {
    requests++;
    const request = { method: init?.method ?? "GET", url: String(input) };
    await network.before?.(request);
    const response = await toModel(input, init);
    await network.after?.(request, response.status);
    return response;
  };
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
    fetchImpl: hooked,
    sleep: options.clock?.sleep ?? (async () => undefined),
    random: () => 0.5,
  };
  const sync = createNotepadSync({
    host: notepad,
    drive,
    store,
    windows: browser?.windows,
    listen: (onWake) => {
      wake = onWake;
      return () => undefined;
    },
    isOnline: () => !network.offline,
    yieldToPage: async () => undefined,
    random: options.random ?? Math.random,
    now: options.clock?.now,
    timers: options.clock,
  });
  if (first) notepad.otherWindows.push(sync);
  else notepad.sync = sync;
  await sync.start();
  sync.setInterval("manual");
  return {
    notepad,
    sync,
    session,
    network,
    store,
    browser,
    wake: () => wake(),
    requests: () => requests,
  };
}

/**
 * Computer A syncing one tab (`name`, `text`, in `format`), and computer B on the same Drive,
 * sync turned on over a blank tab, that brought it in: the tab's id on each, and its file.
 */
export async function sharedTab(
  name: string,
  text: string,
  format: Parameters<TestNotepad["addTab"]>[2] = {},
) {
  const model = new DriveModel();
  const a = await computer(model, "a");
  const onA = a.notepad.addTab(name, text, format);
  await a.sync.enable("all", onA);
  const fileId = a.notepad.tab(onA).driveFileId;
  if (!fileId) throw new Error(`${name} has no Drive file after its first sync`);
  const b = await computer(model, "b");
  const blank = b.notepad.addTab("Untitled", "");
  await b.sync.enable("all", blank);
  await b.sync.bringInRemoteTabs();
  return { model, a, b, onA, onB: b.notepad.byName(name).id, fileId };
}

export { DriveModel };
