import { createStore, type StoreApi } from "zustand/vanilla";
import { baseName } from "~/workspace/path-rules";
import { ancestorsOf, type FolderListing } from "./tree-model";
import { HandleFolder } from "~/workspace/handle-folder";
import { FolderError, type WorkspaceFolder } from "~/workspace/workspace-folder";
import type { PickedFile } from "~/storage/disk-files";
import type { Notice } from "../notepad-store";
import type { ChosenFolder } from "./choose-folder";
import { FolderIndex } from "./folder-index";
import type { RankedPath } from "~/workspace/fuzzy-rank";

/**
 * The opened folder of the notepad (issue 52): which folder, the tree's listed and expanded
 * folders, the panel's switches, and the files of the folder open as tabs. A small zustand
 * store without React (the panel reads it with `useWorkspace`); the notepad's command context
 * and the panel both call its methods. Other parts of the workspace (search, file operations)
 * build on `folder`, `refresh` and `openFile`.
 */

/** A place in a file: 1-based line and column. */
export interface FilePlace {
  line: number;
  column?: number;
}

export type { FolderListing };

export interface WorkspaceState {
  folder: WorkspaceFolder | null;
  /** Counts the folders opened: work begun for an older folder is dropped when it ends. */
  generation: number;
  /** Paths of the expanded folders ("" is the folder itself, always listed). */
  expanded: ReadonlySet<string>;
  /** Each listed folder's entries (unsorted; the tree sorts them). */
  listings: Readonly<Record<string, FolderListing>>;
  /** The text of each folder's `.gitignore`, by the folder's path. */
  gitignores: Readonly<Record<string, string>>;
  /** "Show ignored and hidden files". */
  showIgnored: boolean;
  /** The panel is shown (while a folder is open). */
  panelShown: boolean;
  /** The tree's selected path (null: none yet). */
  selected: string | null;
  /** Files opened from this folder, the latest first (quick open puts them on top). */
  recentFiles: readonly string[];
  /** Files of this folder open as tabs: path → tab id. */
  openTabs: Readonly<Record<string, string>>;
  /** Counts the Reveal requests: the tree scrolls to and focuses `selected` on each. */
  revealed: number;
  /** Quick open's index: how many files it holds, and whether the walk is over. */
  indexed: { count: number; done: boolean };
}

/** What the session needs of the notepad's tabs (the controller gives it). */
export interface WorkspaceTabs {
  /** Resolves once the stored tabs are back (their files known): before then none is found. */
  ready?(): Promise<void>;
  /** The tabs bound to a file on this computer, with its handle. */
  diskTabs(): { id: string; handle: FileSystemFileHandle }[];
  hasTab(id: string): boolean;
  /** The shown tab, with the handle of its file on this computer (if any). */
  activeTab(): { id: string; handle: FileSystemFileHandle | null };
  /**
   * Opens a file in a new tab, shown unless `show()` says no once the file is read; its id, or
   * null when it was refused.
   */
  openPicked(picked: PickedFile, show: () => boolean): Promise<string | null>;
  activate(id: string): void;
  /** Puts the cursor of the shown tab `id` at a place and scrolls to it. */
  placeCursor(id: string, place: FilePlace): void;
  addNotice(notice: Notice): void;
}

/** How a folder is chosen (the picker, or a directory input); null when cancelled. */
export type FolderChooser = () => Promise<ChosenFolder | null>;

/** Said once when a folder is read through a directory input. */
export const READ_ONLY_FOLDER_MESSAGE =
  "This browser cannot write to folders: files of this folder open as copies, and Save downloads them. It cannot be reopened next time either: open it again then.";

const RECENT_FILES = 20;

function initialState(): WorkspaceState {
  return {
    folder: null,
    generation: 0,
    expanded: new Set(),
    listings: {},
    gitignores: {},
    showIgnored: false,
    panelShown: true,
    selected: null,
    recentFiles: [],
    openTabs: {},
    revealed: 0,
    indexed: { count: 0, done: false },
  };
}

/** The words of a failure of the folder (its own message, or a general one). */
export function failureWords(error: unknown, path: string): string {
  if (error instanceof FolderError) return error.message;
  return `"${path || "The folder"}" could not be read: ${error instanceof Error ? error.message : String(error)}`;
}

export class WorkspaceSession {
  readonly store: StoreApi<WorkspaceState> = createStore<WorkspaceState>(initialState);
  /** Quick open's index of the open folder (null: none open). */
  private index: FolderIndex | null = null;
  /** How many file opens were asked for: the latest one's file is shown. */
  private openRequests = 0;

  constructor(
    private readonly tabs: WorkspaceTabs,
    private readonly chooseFolder: FolderChooser,
  ) {}

  get state(): WorkspaceState {
    return this.store.getState();
  }

  get folder(): WorkspaceFolder | null {
    return this.state.folder;
  }

  private set(patch: Partial<WorkspaceState>): void {
    this.store.setState(patch);
  }

  /** File › Open folder… (from a click or key: the picker needs the gesture). */
  async openFolder(): Promise<boolean> {
    let chosen: ChosenFolder | null;
    try {
      chosen = await this.chooseFolder();
    } catch (error) {
      this.tabs.addNotice({ id: "workspace", kind: "error", message: failureWords(error, "") });
      return false;
    }
    if (!chosen) return false;
    await this.useFolder(chosen.folder);
    this.opened?.(chosen);
    return true;
  }

  /** Told of each folder the person picks (the recent folders keep it). */
  opened: ((chosen: ChosenFolder) => void) | null = null;

  /** Shows `folder` in the panel (a picked one, or a remembered one coming back). */
  async useFolder(folder: WorkspaceFolder): Promise<void> {
    this.index?.stop();
    this.set({ ...initialState(), folder, generation: this.state.generation + 1 });
    if (!folder.writable) {
      this.tabs.addNotice({ id: "workspace", kind: "info", message: READ_ONLY_FOLDER_MESSAGE });
    }
    await this.refresh("");
    if (this.state.folder !== folder) return;
    await this.bindOpenTabs(folder);
    if (this.state.folder !== folder) return;
    const generation = this.state.generation;
    this.index = new FolderIndex(folder, (count, done) => {
      if (this.state.generation === generation) this.set({ indexed: { count, done } });
    });
  }

  /**
   * Tabs still open on files of `folder` (opened before it was closed, or with File › Open)
   * are known by their path again: Replace in files then leaves their unsaved edits alone, and
   * Rename, Move and Delete carry them along.
   */
  private async bindOpenTabs(folder: WorkspaceFolder): Promise<void> {
    if (!(folder instanceof HandleFolder)) return;
    const generation = this.state.generation;
    const found: Record<string, string> = {};
    for (const tab of this.tabs.diskTabs()) {
      const path = await folder.pathOf(tab.handle).catch(() => null);
      if (path) found[path] = tab.id;
    }
    if (this.state.generation !== generation || Object.keys(found).length === 0) return;
    this.set({ openTabs: { ...found, ...this.state.openTabs } });
  }

  /** File › Close folder: the panel goes; tabs opened from it stay open. */
  closeFolder(): void {
    this.index?.stop();
    this.index = null;
    this.set({ ...initialState(), generation: this.state.generation + 1 });
  }

  /** Quick open: the folder's files best matching `query`, recently opened ones first. */
  findFiles(query: string, limit = 50): RankedPath[] {
    return this.index?.index.query(query, { limit, recent: this.state.recentFiles }) ?? [];
  }

  /** Resolves when quick open's index holds every file of the folder. */
  whenIndexed(): Promise<void> {
    return this.index?.done ?? Promise.resolve();
  }

  setPanelShown(panelShown: boolean): void {
    this.set({ panelShown });
  }

  setShowIgnored(showIgnored: boolean): void {
    this.set({ showIgnored });
  }

  select(path: string | null): void {
    this.set({ selected: path });
  }

  /** Expands or collapses a folder of the tree, listing it the first time. */
  async setExpanded(path: string, expanded: boolean): Promise<void> {
    const next = new Set(this.state.expanded);
    if (expanded) next.add(path);
    else next.delete(path);
    this.set({ expanded: next });
    const listing = this.state.listings[path];
    if (expanded && (!listing || listing.state === "failed")) await this.refresh(path);
  }

  /** Lists the folder at `path` again (and reads its `.gitignore`). */
  async refresh(path: string): Promise<void> {
    const { folder, generation } = this.state;
    if (!folder) return;
    // A folder listed before keeps its entries on screen while it is listed again.
    if (this.state.listings[path]?.state !== "listed") this.setListing(path, { state: "loading" });
    let listing: FolderListing;
    let gitignore: string | null = null;
    try {
      const entries = await folder.list(path);
      const file = entries.find((entry) => entry.kind === "file" && entry.name === ".gitignore");
      if (file) gitignore = await readGitignore(folder, file.path);
      listing = { state: "listed", entries };
    } catch (error) {
      listing = { state: "failed", message: failureWords(error, path) };
    }
    if (this.state.generation !== generation) return;
    const gitignores = { ...this.state.gitignores };
    if (gitignore === null) delete gitignores[path];
    else gitignores[path] = gitignore;
    this.set({ gitignores });
    this.setListing(path, listing);
  }

  private setListing(path: string, listing: FolderListing): void {
    this.set({ listings: { ...this.state.listings, [path]: listing } });
  }

  /**
   * Opens the file at `path` in a tab bound to it (Save writes into it; in a read-only folder
   * Save downloads), or shows the tab already bound to it, and puts the cursor at `place`.
   * Resolves with the tab's id, or null when it could not be opened (the words are shown).
   */
  async openFile(path: string, place?: FilePlace): Promise<string | null> {
    const { folder, generation } = this.state;
    if (!folder) return null;
    // The last file asked for is the one shown: a slow read (a big file) that ends after a
    // later open still opens its tab, behind.
    const request = ++this.openRequests;
    const latest = () => this.openRequests === request;
    // A latest open that fails (the file is gone; its words are shown) hands the view back to
    // the one asked for before it, if that is still being read.
    const giveUp = () => {
      if (latest()) this.openRequests = request - 1;
      return null;
    };
    try {
      const handle = folder instanceof HandleFolder ? await folder.fileHandle(path) : null;
      let id = await this.tabOf(path, handle);
      if (id) {
        if (latest()) this.tabs.activate(id);
      } else {
        const picked = handle
          ? { file: await handle.getFile(), handle }
          : await copyOf(folder, path);
        id = await this.tabs.openPicked(picked, latest);
        if (!id) return giveUp();
      }
      if (this.state.generation === generation) this.noteOpened(path, id, !latest());
      if (place && latest()) this.tabs.placeCursor(id, place);
      return id;
    } catch (error) {
      this.tabs.addNotice({
        id: `workspace-open-${path}`,
        kind: "error",
        message: failureWords(error, path),
      });
      return giveUp();
    }
  }

  /** The open tab bound to the file: the one opened from here, else one with the same file. */
  private async tabOf(path: string, handle: FileSystemFileHandle | null): Promise<string | null> {
    // Reopen right after a reload: the stored tabs of this folder's files may still be coming.
    await this.tabs.ready?.();
    const known = this.state.openTabs[path];
    if (known && this.tabs.hasTab(known)) return known;
    if (!handle) return null;
    for (const tab of this.tabs.diskTabs()) {
      if (await tab.handle.isSameEntry(handle).catch(() => false)) return tab.id;
    }
    return null;
  }

  /** Binds `path` to its tab and puts it first of the recent files (second when opened behind). */
  private noteOpened(path: string, id: string, behind: boolean): void {
    const others = this.state.recentFiles.filter((p) => p !== path);
    const at = behind ? Math.min(1, others.length) : 0;
    const recentFiles = [...others.slice(0, at), path, ...others.slice(at)].slice(0, RECENT_FILES);
    this.set({ recentFiles, openTabs: { ...this.state.openTabs, [path]: id } });
  }

  /**
   * View › Reveal active tab: opens the folders above the active tab's file, selects it and
   * scrolls the tree to it. Says so when the tab is not a file of this folder.
   */
  async revealActiveTab(): Promise<boolean> {
    const { folder } = this.state;
    if (!folder) return false;
    const tab = this.tabs.activeTab();
    let path = this.pathOfTab(tab.id);
    if (!path && tab.handle && folder instanceof HandleFolder)
      path = await folder.pathOf(tab.handle);
    if (!path) {
      this.tabs.addNotice({
        id: "workspace-reveal",
        kind: "info",
        message: `The active tab is not a file of the folder "${folder.name}".`,
      });
      return false;
    }
    for (const ancestor of ancestorsOf(path)) await this.setExpanded(ancestor, true);
    this.set({ selected: path, panelShown: true, revealed: this.state.revealed + 1 });
    return true;
  }

  /** The paths of the folder's files open as tabs now. */
  openPaths(): string[] {
    return Object.entries(this.state.openTabs)
      .filter(([, id]) => this.tabs.hasTab(id))
      .map(([path]) => path);
  }

  /** The workspace path of tab `id`, when it was opened from the folder. */
  pathOfTab(id: string): string | null {
    for (const [path, tabId] of Object.entries(this.state.openTabs)) {
      if (tabId === id) return path;
    }
    return null;
  }
}

async function readGitignore(folder: WorkspaceFolder, path: string): Promise<string | null> {
  try {
    return new TextDecoder().decode((await folder.read(path)).bytes);
  } catch {
    // An unreadable .gitignore hides nothing; the files show.
    return null;
  }
}

/** A file of a folder without handles, as a picked file without a handle (Save downloads). */
async function copyOf(folder: WorkspaceFolder, path: string): Promise<PickedFile> {
  const { bytes, lastModified } = await folder.read(path);
  const file = new File([bytes.slice()], baseName(path), { lastModified });
  return { file, handle: null };
}
