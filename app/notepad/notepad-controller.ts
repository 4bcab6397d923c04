import { redo, selectAll } from "@codemirror/commands";
import { SearchCursor } from "@codemirror/search";
import {
  EditorSelection,
  EditorState,
  type Extension,
  Prec,
  type StateEffect,
  Transaction,
} from "@codemirror/state";
import { EditorView, keymap, type ViewUpdate } from "@codemirror/view";
import { strToU8, zipSync } from "fflate";
import {
  baseEditorExtensions,
  canRedo,
  configurableExtensions,
  createEditorCompartments,
  type EditorCompartments,
  editorTheme,
  type EditorViewOptions,
  fontFamilyExtension,
  fontSizeExtension,
  lineNumbersExtension,
  resolveEditorOptions,
  textStatsField,
  undoStepsLeft,
  undoWithinLimit,
  wordCount,
  wordWrapExtension,
} from "~/codemirror";
import { FileRejectedError, readLocalTextFile } from "~/storage/local-files";
import {
  clampFontSize,
  DEFAULT_NOTEPAD_SETTINGS,
  NOTEPAD_FONT_SIZE,
  type NotepadSettings,
  readActiveTabId,
  readNotepadSettings,
  writeActiveTabId,
  writeNotepadSettings,
} from "~/storage/notepad-settings";
import {
  deleteStoredTabs,
  isQuotaError,
  loadNotepadTabs,
  readStoredTab,
  saveTab,
  saveTabOrder,
  type StoredTab,
} from "~/storage/notepad-tabs";
import { fileRejectionMessage, NOTEPAD_FILE_EXTENSIONS } from "~/text/file-checks";
import type { Notice, NotepadStore } from "./notepad-store";
import { safeFileName, withTxtExtension } from "~/text/file-name";
import {
  type ClipboardAction,
  clipboardRefusedMessage,
  readClipboardText,
  writeClipboardText,
} from "~/ui/clipboard";
import { downloadBlob, downloadText } from "~/ui/download";
import { listenForPageFileDrops } from "~/ui/page-file-drop";
import { detectPlatform } from "~/ui/platform";
import { printText } from "~/ui/print";
import { TextChunkTracker } from "~/storage/text-chunks";
import {
  activateTab,
  activateTabAt,
  addTab,
  clearModified,
  closeOtherTabs,
  closeTab,
  duplicateTab,
  markModified,
  moveTab,
  moveTabBy,
  orderTabs,
  removeTabForSync,
  renameTab,
  type TabMeta,
  type TabsState,
  updateTab,
} from "./tabs-model";

/** Undo steps kept per tab (spec: 50). */
export const NOTEPAD_HISTORY_DEPTH = 50;
/** Every edit is stored at most this long after it happened (spec: within 1 second). */
export const SAVE_DELAY_MS = 700;
/** Retry interval after a failed write (storage full, transient errors). */
export const SAVE_RETRY_MS = 2000;
/** The textarea placeholder (spec). */
export const NOTEPAD_PLACEHOLDER = "Start typing your text here...";

const CHANNEL_NAME = "plainpad-notepad";

/** CSS font stacks behind the seven family names. */
const FONT_STACKS: Record<NotepadSettings["fontFamily"], string> = {
  Consolas: 'Consolas, "Liberation Mono", Menlo, monospace',
  Monaco: 'Monaco, Menlo, "DejaVu Sans Mono", monospace',
  Arial: 'Arial, "Liberation Sans", Helvetica, sans-serif',
  "Times New Roman": '"Times New Roman", "Liberation Serif", Times, serif',
  "Courier New": '"Courier New", "Liberation Mono", Courier, monospace',
  Georgia: 'Georgia, "DejaVu Serif", serif',
  Verdana: 'Verdana, "DejaVu Sans", sans-serif',
};

/** Messages between notepad windows (BroadcastChannel). */
type SyncMessage =
  | { type: "saved"; origin: string; id: string; revision: number }
  | { type: "deleted"; origin: string; ids: string[] }
  | { type: "order"; origin: string; order: string[] };

/** Per-tab editing data that is not metadata. */
interface TabDoc {
  /** The tab's editor state, created the first time it is shown. */
  state: EditorState | null;
  /** The text of a tab never shown yet (dropped once `state` exists). */
  content: string | null;
  /** Scroll position to restore when the tab is shown again. */
  scroll: StateEffect<unknown> | null;
  /** Options the state was last configured with. */
  options: EditorViewOptions | null;
  /** Revision of the stored record this tab is based on (0: never stored). */
  revision: number;
  /** Has changes not yet written to IndexedDB. */
  dirty: boolean;
  /** Bumped by each change; lets a finished save tell whether newer changes arrived. */
  changeCount: number;
  /**
   * Epoch ms of the last edit, stored as the tab's lastModified. Kept here rather than in the
   * UI store, which changes only on a tab's first edit (so typing does not re-render the tabs).
   */
  lastEditAt: number;
  saving: boolean;
  /** The page is going away while a save runs: write the newer changes as soon as it ends. */
  flushAfterSave: boolean;
  timer: ReturnType<typeof setTimeout> | null;
  /** Which pieces of the text are stored already, so a save writes only the changed ones. */
  chunks: TextChunkTracker;
}

/** Result of a Replace All. */
export interface ReplaceAllResult {
  count: number;
  message: string;
}

/**
 * The notepad's engine: one EditorView, one EditorState per tab (swapped with setState, so each
 * tab keeps its own undo history, selection and scroll), autosave to IndexedDB of changed tabs
 * only, cross-window sync, files and downloads. The React UI reads the zustand store and calls
 * these methods. Browser only.
 */
export class NotepadController {
  readonly store: NotepadStore;
  private view: EditorView | null = null;
  private readonly compartments: EditorCompartments = createEditorCompartments();
  private readonly docs = new Map<string, TabDoc>();
  private extensions: Extension[] | null = null;
  private channel: BroadcastChannel | null = null;
  private readonly origin = Math.random().toString(36).slice(2);
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private darkTheme = false;
  private disposed = false;
  /** IndexedDB could not be opened at start: saves are not attempted (the notice says so). */
  private storageUnavailable = false;
  /** Order and delete writes still running. */
  private pendingWrites = 0;
  private readonly cleanups: (() => void)[] = [];

  constructor(store: NotepadStore) {
    this.store = store;
  }

  // ---------------------------------------------------------------- lifecycle

  /** Reads settings and stored tabs, then shows the active tab in `parent`. */
  async start(parent: HTMLElement, dark: boolean): Promise<void> {
    this.darkTheme = dark;
    const { settings, keptAside: settingsAside } = readNotepadSettings();
    const notices: Notice[] = [];
    if (settingsAside) {
      notices.push({
        id: "settings-unreadable",
        kind: "warning",
        message: `Your saved notepad settings could not be read, so the defaults are used. The unreadable data is kept in browser storage under "${settingsAside}".`,
      });
    }
    // Settings show at once, so nothing done while the tabs load starts from the defaults.
    this.store.setState({ settings });
    let tabs: TabsState | null = null;
    try {
      const result = await loadNotepadTabs();
      if (result.keptAside.length) {
        notices.push({
          id: "tabs-unreadable",
          kind: "warning",
          message: `Some saved tabs could not be read. Their data was kept aside in browser storage (${result.keptAside.length} item${result.keptAside.length === 1 ? "" : "s"}) and was not deleted; the readable tabs are open.`,
        });
      }
      if (result.tabs.length) {
        const metas: TabMeta[] = result.tabs.map((tab) => ({
          id: tab.id,
          name: tab.name,
          lastModified: tab.lastModified,
          isModified: tab.isModified,
        }));
        const stored = readActiveTabId();
        const activeId = metas.some((tab) => tab.id === stored) ? (stored as string) : metas[0].id;
        tabs = { tabs: metas, activeId };
        for (const tab of result.tabs)
          this.docs.set(tab.id, this.newDoc(tab.content, tab.revision));
        // Legacy tabs were just written to IndexedDB; nothing else is dirty.
      }
    } catch (error) {
      console.error(error);
      this.storageUnavailable = true;
      notices.push({
        id: "storage-unavailable",
        kind: "error",
        message:
          "Browser storage is not available in this window (private mode or storage turned off), so tabs cannot be kept after you close the page. Download anything important.",
        offerDownloadAll: true,
      });
    }
    if (this.disposed) return;
    if (!tabs) {
      tabs = this.store.getState().tabs;
      tabs = { ...tabs, tabs: tabs.tabs.map((tab) => ({ ...tab, lastModified: Date.now() })) };
      this.docs.set(tabs.activeId, this.newDoc("", 0));
    }
    this.store.setState({
      tabs,
      notices: [...this.store.getState().notices, ...notices],
    });
    this.view = new EditorView({ state: this.stateFor(tabs.activeId), parent });
    this.store.setState({ loaded: true });
    this.refreshStatus();
    this.listen();
    this.prepareStatesWhenIdle();
    try {
      void navigator.storage?.persist?.();
    } catch {
      // Not offered by every browser; the notice about clearing site data still applies.
    }
  }

  /** Writes pending changes, closes the channel and destroys the view. */
  dispose(): void {
    this.flushAll();
    this.disposed = true;
    for (const cleanup of this.cleanups) cleanup();
    this.channel?.close();
    this.view?.destroy();
    this.view = null;
  }

  /**
   * Builds the editor states of tabs not shown yet, one per idle period, so the first switch to
   * a big tab does not pay for parsing its text.
   */
  private prepareStatesWhenIdle(): void {
    const idle =
      typeof window.requestIdleCallback === "function"
        ? (fn: () => void) => window.requestIdleCallback(fn, { timeout: 2000 })
        : (fn: () => void) => window.setTimeout(fn, 50);
    const step = () => {
      if (this.disposed) return;
      const next = [...this.docs.entries()].find(([, doc]) => !doc.state);
      if (!next) return;
      this.stateFor(next[0]);
      idle(step);
    };
    idle(step);
  }

  private listen(): void {
    const onHide = () => this.flushAll();
    const onVisibility = () => {
      if (document.visibilityState === "hidden") this.flushAll();
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      this.flushAll();
      // Only warn when the browser refused our writes: otherwise everything is stored.
      if (this.store.getState().storageFull || this.storageUnavailable) event.preventDefault();
    };
    window.addEventListener("pagehide", onHide);
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("beforeunload", onBeforeUnload);
    // Files dropped beside the text (tab bar, toolbar, status bar) open in tabs too.
    this.cleanups.push(listenForPageFileDrops((files) => void this.openFiles(files)));
    this.cleanups.push(() => {
      window.removeEventListener("pagehide", onHide);
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("beforeunload", onBeforeUnload);
    });
    if (typeof BroadcastChannel !== "undefined") {
      this.channel = new BroadcastChannel(CHANNEL_NAME);
      this.channel.onmessage = (event: MessageEvent<SyncMessage>) =>
        void this.onSyncMessage(event.data);
    }
  }

  // ---------------------------------------------------------------- editor states

  private newDoc(content: string, revision: number): TabDoc {
    return {
      state: null,
      content,
      scroll: null,
      options: null,
      revision,
      dirty: false,
      changeCount: 0,
      lastEditAt: 0,
      saving: false,
      flushAfterSave: false,
      timer: null,
      chunks: new TextChunkTracker(),
    };
  }

  private editorOptions(): EditorViewOptions {
    const { settings } = this.store.getState();
    return resolveEditorOptions({
      theme: this.darkTheme ? "dark" : "light",
      lineNumbers: settings.showLineNumbers,
      wordWrap: settings.wordWrap,
      fontSize: settings.fontSize,
      fontFamily: FONT_STACKS[settings.fontFamily],
      tabSize: 4,
      placeholder: NOTEPAD_PLACEHOLDER,
      spellCheck: true,
      ariaLabel: "Document text",
      historyDepth: NOTEPAD_HISTORY_DEPTH,
    });
  }

  private sharedExtensions(): Extension[] {
    if (!this.extensions) {
      this.extensions = [
        baseEditorExtensions(),
        // Words and characters of each tab, kept per edit (the status bar and stats read them).
        wordCount(),
        Prec.high(
          keymap.of([
            // Both redo keys on every platform (CodeMirror's defaults differ by platform).
            { key: "Mod-y", run: (view) => redo(view) || true },
            { key: "Mod-Shift-z", run: (view) => redo(view) || true },
            { key: "Mod-f", run: () => (this.openFind(false), true) },
            { key: "Mod-h", run: () => (this.openFind(true), true) },
          ]),
        ),
        EditorView.updateListener.of((update) => this.onUpdate(update)),
        EditorView.domEventHandlers({
          drop: (event) => {
            const files = event.dataTransfer?.files;
            if (!files || files.length === 0) return false;
            event.preventDefault();
            void this.openFiles(Array.from(files));
            return true;
          },
        }),
        EditorView.theme({
          "&": { height: "100%" },
          ".cm-scroller": { overflow: "auto" },
          ".cm-content": { paddingBottom: "2rem" },
        }),
      ];
    }
    return this.extensions;
  }

  /** The state of tab `id`, created or reconfigured to the current options as needed. */
  private stateFor(id: string): EditorState {
    const doc = this.docs.get(id) ?? this.newDoc("", 0);
    this.docs.set(id, doc);
    const options = this.editorOptions();
    if (!doc.state) {
      doc.state = EditorState.create({
        doc: doc.content ?? "",
        extensions: [configurableExtensions(this.compartments, options), this.sharedExtensions()],
      });
      doc.content = null;
      doc.options = options;
    } else if (doc.options && !sameOptions(doc.options, options)) {
      doc.state = doc.state.update({
        effects: this.reconfigureEffects(doc.options, options),
      }).state;
      doc.options = options;
    }
    return doc.state;
  }

  private reconfigureEffects(
    previous: EditorViewOptions,
    next: EditorViewOptions,
  ): StateEffect<unknown>[] {
    const effects: StateEffect<unknown>[] = [];
    if (previous.theme !== next.theme)
      effects.push(this.compartments.theme.reconfigure(editorTheme(next.theme)));
    if (previous.lineNumbers !== next.lineNumbers) {
      effects.push(
        this.compartments.lineNumbers.reconfigure(lineNumbersExtension(next.lineNumbers)),
      );
    }
    if (previous.wordWrap !== next.wordWrap) {
      effects.push(this.compartments.wordWrap.reconfigure(wordWrapExtension(next.wordWrap)));
    }
    if (previous.fontSize !== next.fontSize) {
      effects.push(this.compartments.fontSize.reconfigure(fontSizeExtension(next.fontSize)));
    }
    if (previous.fontFamily !== next.fontFamily) {
      effects.push(this.compartments.fontFamily.reconfigure(fontFamilyExtension(next.fontFamily)));
    }
    return effects;
  }

  /** Applies the current settings/theme to the shown tab (others catch up when shown). */
  private applyOptions(): void {
    const view = this.view;
    if (!view) return;
    const id = this.store.getState().tabs.activeId;
    const doc = this.docs.get(id);
    const options = this.editorOptions();
    if (!doc || !doc.options || sameOptions(doc.options, options)) return;
    view.dispatch({ effects: this.reconfigureEffects(doc.options, options) });
    doc.options = options;
  }

  /** Follows the site theme (light/dark). */
  setDarkTheme(dark: boolean): void {
    this.darkTheme = dark;
    this.applyOptions();
  }

  private onUpdate(update: ViewUpdate): void {
    const id = this.store.getState().tabs.activeId;
    const doc = this.docs.get(id);
    if (doc) doc.state = update.state;
    if (update.docChanged) {
      const external = update.transactions.every(
        (tr) => tr.annotation(Transaction.remote) === true,
      );
      if (!external) this.noteChange(id);
    }
    const countChanged =
      update.startState.field(textStatsField, false) !== update.state.field(textStatsField, false);
    if (update.docChanged || update.selectionSet || countChanged) this.refreshStatus();
  }

  /** The view of the active tab (for focus and tests). */
  getView(): EditorView | null {
    return this.view;
  }

  /** True when every tab's changes are written to IndexedDB (tests and the unload warning). */
  isAllStored(): boolean {
    for (const doc of this.docs.values()) if (doc.dirty || doc.saving) return false;
    return this.pendingWrites === 0;
  }

  /** Current text of a tab. */
  getContent(id: string): string {
    const doc = this.docs.get(id);
    if (!doc) return "";
    return doc.state ? doc.state.doc.toString() : (doc.content ?? "");
  }

  // ---------------------------------------------------------------- status

  private refreshStatus(): void {
    const view = this.view;
    if (!view) return;
    const state = view.state;
    const head = state.selection.main.head;
    const line = state.doc.lineAt(head);
    const previous = this.store.getState().status;
    const next = {
      ...previous,
      line: line.number,
      column: head - line.from + 1,
      lines: state.doc.lines,
      chars: state.doc.length,
      selectionEmpty: state.selection.ranges.every((range) => range.empty),
      canUndo: undoStepsLeft(state) > 0,
      canRedo: canRedo(state),
      // Kept up to date per edit from the touched lines (null while a big tab is first counted).
      words: state.field(textStatsField, false)?.words ?? null,
    };
    if (
      Object.keys(next).some(
        (key) => next[key as keyof typeof next] !== previous[key as keyof typeof previous],
      )
    ) {
      this.store.setState({ status: next });
    }
  }

  // ---------------------------------------------------------------- autosave

  private noteChange(id: string): void {
    const now = Date.now();
    const { tabs } = this.store.getState();
    const marked = markModified(tabs, id, now);
    // Only the first edit changes the tab list; later keystrokes do not notify the UI store.
    if (marked !== tabs) this.store.setState({ tabs: marked });
    const doc = this.docs.get(id);
    if (doc) doc.lastEditAt = now;
    this.markDirty(id);
  }

  /** Marks a tab as changed; `immediate` for new tabs, renames and such one-off changes. */
  private markDirty(id: string, immediate = false): void {
    const doc = this.docs.get(id);
    if (!doc) return;
    doc.dirty = true;
    doc.changeCount += 1;
    this.scheduleSave(id, immediate ? 0 : SAVE_DELAY_MS);
  }

  private scheduleSave(id: string, delay: number): void {
    const doc = this.docs.get(id);
    if (!doc || !this.store.getState().loaded || doc.timer) return;
    // Not restarted by later keystrokes, so continuous typing is still stored every ~0.7 s.
    doc.timer = setTimeout(() => {
      doc.timer = null;
      void this.saveNow(id);
    }, delay);
  }

  /** Starts writing every changed tab now (page hidden or closing). */
  flushAll(): void {
    if (!this.store.getState().loaded) return;
    for (const [id, doc] of this.docs) {
      if (!doc.dirty) continue;
      if (doc.timer) clearTimeout(doc.timer);
      doc.timer = null;
      if (doc.saving) doc.flushAfterSave = true;
      else void this.saveNow(id);
    }
  }

  /**
   * Writes tab `id` if it has unstored changes. `closing`: the page or the notepad is going
   * away and this write finishes a flush, so it runs even after dispose().
   */
  private async saveNow(id: string, closing = false): Promise<void> {
    const doc = this.docs.get(id);
    const meta = this.store.getState().tabs.tabs.find((tab) => tab.id === id);
    if (!doc || !meta || !doc.dirty || this.storageUnavailable) return;
    if (this.disposed && !closing) return;
    if (doc.saving) {
      this.scheduleSave(id, SAVE_DELAY_MS);
      return;
    }
    doc.saving = true;
    const changeCount = doc.changeCount;
    // The text as it is now: the state's document (immutable) or the text of an unshown tab.
    const text = doc.state ? doc.state.doc : (doc.content ?? "");
    const plan = doc.chunks.plan(text);
    try {
      const result = await saveTab(
        {
          id,
          name: meta.name,
          content: plan.chunks,
          lastModified: Math.max(meta.lastModified, doc.lastEditAt),
          isModified: meta.isModified,
        },
        doc.revision,
      );
      if (result.ok) {
        plan.commit();
        doc.revision = result.revision;
        if (doc.changeCount === changeCount) doc.dirty = false;
        this.post({ type: "saved", origin: this.origin, id, revision: result.revision });
        if (this.store.getState().storageFull) this.setStorageFull(false);
      } else {
        // Another window replaced the record (and its chunks): write everything next time.
        doc.chunks.reset();
        this.resolveConflict(id, result.conflict, text.toString());
      }
    } catch (error) {
      if (isQuotaError(error)) {
        this.setStorageFull(true);
      } else {
        console.error("Saving a notepad tab failed", error);
        this.addNotice({
          id: "save-failed",
          kind: "warning",
          message:
            "A tab could not be stored in the browser just now. Your text is kept in this window and saving is retried.",
          offerDownloadAll: true,
        });
      }
      this.scheduleRetry();
    } finally {
      doc.saving = false;
    }
    const flushNow = doc.flushAfterSave;
    doc.flushAfterSave = false;
    if (doc.dirty && this.docs.get(id) === doc && !this.store.getState().storageFull) {
      if (flushNow) {
        // The page may be closing: write now, not on a timer that may never run.
        if (doc.timer) clearTimeout(doc.timer);
        doc.timer = null;
        void this.saveNow(id, true);
      } else {
        this.scheduleSave(id, SAVE_DELAY_MS);
      }
    }
  }

  private scheduleRetry(): void {
    if (this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.flushAll();
    }, SAVE_RETRY_MS);
  }

  private setStorageFull(full: boolean): void {
    this.store.setState((s) => ({
      storageFull: full,
      notices: full
        ? s.notices.some((n) => n.id === "storage-full")
          ? s.notices
          : [
              ...s.notices,
              {
                id: "storage-full",
                kind: "error",
                message:
                  "Browser storage is full: your latest edits are not stored yet. They are kept in this window and saving is retried; download your tabs to keep a copy.",
                offerDownloadAll: true,
              },
            ]
        : s.notices.filter((n) => n.id !== "storage-full" && n.id !== "save-failed"),
    }));
  }

  /**
   * Another window stored a different version of this tab since we read it: both versions are
   * kept. This tab keeps what the user sees here; the other window's version opens as a new tab.
   */
  private resolveConflict(id: string, stored: StoredTab, localContent: string): void {
    const doc = this.docs.get(id);
    if (!doc) return;
    doc.revision = stored.revision;
    if (stored.content !== localContent) {
      const now = Date.now();
      const name = `${stored.name} (other window)`;
      const { state: tabs, tab } = addTab(this.store.getState().tabs, now, {
        name,
        isModified: true,
        activate: false,
      });
      this.store.setState({ tabs });
      this.docs.set(tab.id, this.newDoc(stored.content, 0));
      this.markDirty(tab.id);
      this.saveOrder();
      this.addNotice({
        id: `conflict-${id}-${now}`,
        kind: "info",
        message: `"${stored.name}" was also changed in another window. Both versions are kept: the other window's version is in the tab "${name}".`,
      });
    }
    // Retry our own write on top of the stored revision.
    doc.dirty = true;
    this.scheduleSave(id, 0);
  }

  private post(message: SyncMessage): void {
    try {
      this.channel?.postMessage(message);
    } catch {
      // A closed channel (page unloading) needs no message.
    }
  }

  private saveOrder(): void {
    if (!this.store.getState().loaded) return;
    const order = this.store.getState().tabs.tabs.map((tab) => tab.id);
    // A tab never stored yet (the untouched first tab) must exist in storage for the order to
    // restore it.
    for (const id of order) {
      const doc = this.docs.get(id);
      if (doc && doc.revision === 0 && !doc.dirty && !doc.saving) this.markDirty(id, true);
    }
    this.pendingWrites += 1;
    saveTabOrder(order)
      .then(() => this.post({ type: "order", origin: this.origin, order }))
      .catch((error: unknown) => console.error("Saving the tab order failed", error))
      .finally(() => (this.pendingWrites -= 1));
  }

  private async onSyncMessage(message: SyncMessage): Promise<void> {
    if (!message || message.origin === this.origin || this.disposed) return;
    if (message.type === "order") {
      this.store.setState((s) => ({ tabs: orderTabs(s.tabs, message.order) }));
      return;
    }
    if (message.type === "deleted") {
      for (const id of message.ids) {
        const doc = this.docs.get(id);
        // A tab with unstored edits here stays (it will be stored again): never drop text.
        if (!doc || doc.dirty || doc.saving) continue;
        const before = this.store.getState().tabs;
        const after = removeTabForSync(before, id, Date.now());
        this.docs.delete(id);
        this.store.setState({ tabs: after });
        if (
          !after.tabs.some((tab) => tab.id === after.activeId) ||
          before.activeId !== after.activeId
        ) {
          this.showActive(after.activeId);
        }
        if (!this.docs.has(after.activeId)) this.docs.set(after.activeId, this.newDoc("", 0));
      }
      return;
    }
    const existing = this.docs.get(message.id);
    if (existing && (existing.revision >= message.revision || existing.dirty || existing.saving))
      return;
    const stored = await readStoredTab(message.id);
    if (!stored || this.disposed) return;
    const doc = this.docs.get(message.id);
    if (doc && (doc.revision >= stored.revision || doc.dirty || doc.saving)) return;
    const patch = {
      name: stored.name,
      isModified: stored.isModified,
      lastModified: stored.lastModified,
    };
    if (!doc) {
      this.docs.set(stored.id, this.newDoc(stored.content, stored.revision));
      this.store.setState((s) => ({
        tabs: { ...s.tabs, tabs: [...s.tabs.tabs, { id: stored.id, ...patch }] },
      }));
      return;
    }
    doc.revision = stored.revision;
    doc.chunks.reset();
    this.store.setState((s) => ({ tabs: updateTab(s.tabs, stored.id, patch) }));
    this.replaceContent(stored.id, stored.content);
  }

  /** Replaces a tab's text with another window's version (not an undoable edit, not re-saved). */
  private replaceContent(id: string, content: string): void {
    const doc = this.docs.get(id);
    if (!doc) return;
    if (!doc.state) {
      doc.content = content;
      return;
    }
    if (doc.state.doc.toString() === content) return;
    const spec = {
      changes: { from: 0, to: doc.state.doc.length, insert: content },
      annotations: [Transaction.remote.of(true), Transaction.addToHistory.of(false)],
    };
    if (this.store.getState().tabs.activeId === id && this.view) {
      const head = Math.min(this.view.state.selection.main.head, content.length);
      this.view.dispatch({ ...spec, selection: EditorSelection.cursor(head) });
    } else {
      doc.state = doc.state.update(spec).state;
    }
  }

  // ---------------------------------------------------------------- notices

  /** Shows a notice (replacing one with the same id). */
  addNotice(notice: Notice): void {
    this.store.setState((s) => ({
      notices: [...s.notices.filter((n) => n.id !== notice.id), notice],
    }));
  }

  /** Hides a notice. */
  dismissNotice(id: string): void {
    this.store.setState((s) => ({ notices: s.notices.filter((n) => n.id !== id) }));
  }

  // ---------------------------------------------------------------- tabs

  /**
   * False until the stored tabs are shown. Tab and settings actions wait for it: a tab made
   * from the placeholder state would vanish on load, and its active id would overwrite the
   * stored one.
   */
  private get ready(): boolean {
    return this.store.getState().loaded && !this.disposed;
  }

  /** Resolves once the stored tabs are shown. */
  private whenReady(): Promise<void> {
    if (this.ready) return Promise.resolve();
    return new Promise((resolve) => {
      const unsubscribe = this.store.subscribe((state) => {
        if (!state.loaded) return;
        unsubscribe();
        resolve();
      });
    });
  }

  private setTabs(tabs: TabsState): void {
    if (!this.ready) return;
    const previous = this.store.getState().tabs;
    if (tabs === previous) return;
    this.store.setState({ tabs });
    if (tabs.activeId !== previous.activeId) this.showActive(tabs.activeId, previous.activeId);
    writeActiveTabId(tabs.activeId);
  }

  /** Swaps the view to tab `id`'s state, remembering the old tab's state and scroll. */
  private showActive(id: string, previousId?: string): void {
    const view = this.view;
    if (!view) return;
    if (previousId) {
      const old = this.docs.get(previousId);
      if (old) {
        old.state = view.state;
        old.scroll = view.scrollSnapshot();
      }
    }
    const state = this.stateFor(id);
    view.setState(state);
    const doc = this.docs.get(id);
    if (doc?.scroll) view.dispatch({ effects: doc.scroll });
    this.refreshStatus();
  }

  /** Shows tab `id`. */
  activate(id: string): void {
    this.setTabs(activateTab(this.store.getState().tabs, id));
  }

  /** Shows the tab at 0-based `index` (Ctrl/Cmd+1..9). */
  activateAt(index: number): void {
    this.setTabs(activateTabAt(this.store.getState().tabs, index));
  }

  /** Opens a new tab (empty, or with text) and shows it. */
  newTab(name?: string, content = ""): string | null {
    if (!this.ready) return null;
    const { state, tab } = addTab(this.store.getState().tabs, Date.now(), { name });
    this.docs.set(tab.id, this.newDoc(content, 0));
    this.setTabs(state);
    this.markDirty(tab.id, true);
    this.saveOrder();
    this.focus();
    return tab.id;
  }

  /** Closes a tab, asking first when it has changes not downloaded. Returns whether it closed. */
  closeTab(id: string): boolean {
    const tabs = this.store.getState().tabs;
    const tab = tabs.tabs.find((t) => t.id === id);
    if (!tab || tabs.tabs.length <= 1) return false;
    if (tab.isModified && !window.confirm(`${tab.name} has unsaved changes. Close anyway?`))
      return false;
    this.setTabs(closeTab(tabs, id));
    this.forget([id]);
    return true;
  }

  /** Closes every tab but `id`, asking once per modified tab. */
  closeOthers(id: string): void {
    const tabs = this.store.getState().tabs;
    const closing = tabs.tabs.filter((tab) => tab.id !== id);
    const confirmed = closing.filter(
      (tab) => !tab.isModified || window.confirm(`${tab.name} has unsaved changes. Close anyway?`),
    );
    if (confirmed.length === closing.length) {
      const { state, closed } = closeOtherTabs(tabs, id);
      this.setTabs(activateTab(state, id));
      this.forget(closed);
      return;
    }
    let state = activateTab(tabs, id);
    for (const tab of confirmed) state = closeTab(state, tab.id);
    this.setTabs(activateTab(state, id));
    this.forget(confirmed.map((tab) => tab.id));
  }

  private forget(ids: string[]): void {
    if (ids.length === 0) return;
    for (const id of ids) {
      const doc = this.docs.get(id);
      if (doc?.timer) clearTimeout(doc.timer);
      this.docs.delete(id);
    }
    if (!this.store.getState().loaded) return;
    this.pendingWrites += 1;
    deleteStoredTabs(ids)
      .then(() => this.post({ type: "deleted", origin: this.origin, ids }))
      .catch((error: unknown) => console.error("Deleting stored tabs failed", error))
      .finally(() => (this.pendingWrites -= 1));
    this.saveOrder();
  }

  /** Copies tab `id` into "name (Copy)" right after it. */
  duplicate(id: string): void {
    if (!this.ready) return;
    const content = this.getContent(id);
    const { state, tab } = duplicateTab(this.store.getState().tabs, id, Date.now());
    if (!tab) return;
    this.docs.set(tab.id, this.newDoc(content, 0));
    this.setTabs(state);
    this.markDirty(tab.id, true);
    this.saveOrder();
  }

  /** Renames a tab (blank names ignored, 30 characters at most). */
  rename(id: string, name: string): void {
    if (!this.ready) return;
    const before = this.store.getState().tabs;
    const after = renameTab(before, id, name, Date.now());
    this.store.setState({ renamingId: null });
    if (after === before) return;
    this.store.setState({ tabs: after });
    this.markDirty(id, true);
  }

  /** Starts or stops the inline rename of a tab. */
  setRenaming(id: string | null): void {
    this.store.setState({ renamingId: id });
  }

  /** Moves a tab to a new position (drag and drop). */
  moveTo(from: number, to: number): void {
    this.setTabs(moveTab(this.store.getState().tabs, from, to));
    this.saveOrder();
  }

  /** Moves a tab one step left or right (keyboard). */
  moveBy(id: string, delta: number): void {
    this.setTabs(moveTabBy(this.store.getState().tabs, id, delta));
    this.saveOrder();
  }

  // ---------------------------------------------------------------- files

  /** Opens text files, each in its own tab; refused files are reported. */
  async openFiles(files: File[]): Promise<void> {
    await this.whenReady();
    for (const file of files) {
      const extension = file.name.includes(".")
        ? file.name.slice(file.name.lastIndexOf(".")).toLowerCase()
        : "";
      try {
        if (!NOTEPAD_FILE_EXTENSIONS.includes(extension)) {
          throw new FileRejectedError(file.name, "unsupported-type");
        }
        const { name, content } = await readLocalTextFile(file);
        const tabName = name.slice(0, 30) || undefined;
        this.newTab(tabName, content);
      } catch (error) {
        if (error instanceof FileRejectedError) {
          this.addNotice({
            id: `rejected-${file.name}`,
            kind: "error",
            message: fileRejectionMessage(error.fileName, error.reason),
          });
        } else {
          console.error(error);
          this.addNotice({
            id: `rejected-${file.name}`,
            kind: "error",
            message: `"${file.name}" could not be read.`,
          });
        }
      }
    }
  }

  /** Downloads the active tab as name(.txt) and clears its modified flag. */
  download(id = this.store.getState().tabs.activeId): void {
    const tab = this.store.getState().tabs.tabs.find((t) => t.id === id);
    if (!tab) return;
    downloadText(this.getContent(id), withTxtExtension(tab.name));
    const before = this.store.getState().tabs;
    const after = clearModified(before, id);
    if (after !== before) {
      this.store.setState({ tabs: after });
      this.markDirty(id);
    }
  }

  /** Downloads every tab as one .zip of .txt files. */
  downloadAll(): void {
    const files: Record<string, Uint8Array> = {};
    const used = new Set<string>();
    for (const tab of this.store.getState().tabs.tabs) {
      const base = safeFileName(tab.name);
      let name = withTxtExtension(base);
      for (let n = 2; used.has(name.toLowerCase()); n++) {
        name = withTxtExtension(`${base} (${n})`);
      }
      used.add(name.toLowerCase());
      files[name] = strToU8(this.getContent(tab.id));
    }
    const zipped = zipSync(files, { level: 6 });
    downloadBlob(new Blob([zipped as BlobPart], { type: "application/zip" }), "plainpad-tabs.zip");
  }

  /** Prints the active tab. */
  print(): void {
    const tabs = this.store.getState().tabs;
    const tab = tabs.tabs.find((t) => t.id === tabs.activeId);
    printText({ title: tab?.name ?? "Untitled", text: this.getContent(tabs.activeId) });
  }

  // ---------------------------------------------------------------- editing

  /** Focuses the text. */
  focus(): void {
    this.view?.focus();
  }

  /** Inserts text at the cursor (replacing the selection) and focuses the editor. */
  insertText(text: string): void {
    const view = this.view;
    if (!view) return;
    view.dispatch(view.state.replaceSelection(text), { scrollIntoView: true, userEvent: "input" });
    view.focus();
  }

  /** Inserts the current local date and time (F5). */
  insertDateTime(): void {
    this.insertText(new Date().toLocaleString());
  }

  /** Undo in the active tab. */
  undo(): void {
    if (this.view) undoWithinLimit(this.view);
    this.focus();
  }

  /** Redo in the active tab. */
  redo(): void {
    if (this.view) redo(this.view);
    this.focus();
  }

  /** Selects the whole document. */
  selectAll(): void {
    if (this.view) selectAll(this.view);
    this.focus();
  }

  private selectedText(): string {
    const state = this.view?.state;
    if (!state) return "";
    return state.selection.ranges
      .filter((range) => !range.empty)
      .map((range) => state.sliceDoc(range.from, range.to))
      .join(state.lineBreak);
  }

  /** Copies the selection to the clipboard. */
  async copy(): Promise<void> {
    const text = this.selectedText();
    if (!text) return;
    if (!(await writeClipboardText(text))) this.clipboardRefused("copy");
    this.focus();
  }

  /** Says how to get around a clipboard the browser refused (permission or no API). */
  private clipboardRefused(action: ClipboardAction): void {
    this.addNotice({
      id: "clipboard",
      kind: "error",
      message: clipboardRefusedMessage(action, detectPlatform()),
    });
  }

  /** Cuts the selection to the clipboard. */
  async cut(): Promise<void> {
    const view = this.view;
    const text = this.selectedText();
    if (!view || !text) return;
    if (!(await writeClipboardText(text))) {
      // Keep the text when the clipboard refused it: cutting would lose it.
      this.clipboardRefused("cut");
      return;
    }
    view.dispatch(view.state.replaceSelection(""), { userEvent: "delete.cut" });
    this.focus();
  }

  /** Pastes the clipboard text at the cursor; a refused clipboard gets a notice. */
  async paste(): Promise<void> {
    const text = await readClipboardText();
    if (text === null) {
      this.clipboardRefused("paste");
      this.focus();
    } else if (text) {
      this.insertText(text);
    }
  }

  // ---------------------------------------------------------------- find / replace

  /** Opens the find bar (and the replace row when `replace`). */
  openFind(replace: boolean): void {
    this.store.setState((s) => ({
      findOpen: true,
      replaceOpen: replace || (s.findOpen && s.replaceOpen),
      findFocusRequest: s.findFocusRequest + 1,
    }));
  }

  /** Closes the find bar. */
  closeFind(): void {
    this.store.setState({ findOpen: false, replaceOpen: false });
    this.focus();
  }

  /**
   * Selects the next case-insensitive match of `query` after the selection, wrapping to the
   * start. Returns false when there is none.
   */
  findNext(query: string): boolean {
    const view = this.view;
    if (!view || !query) return false;
    const state = view.state;
    const from = state.selection.main.to;
    const normalise = (text: string) => text.toLowerCase();
    let cursor = new SearchCursor(
      state.doc,
      query.toLowerCase(),
      from,
      state.doc.length,
      normalise,
    );
    cursor.next();
    if (cursor.done) {
      cursor = new SearchCursor(state.doc, query.toLowerCase(), 0, state.doc.length, normalise);
      cursor.next();
    }
    if (cursor.done) return false;
    view.dispatch({
      selection: EditorSelection.single(cursor.value.from, cursor.value.to),
      scrollIntoView: true,
    });
    return true;
  }

  /**
   * Replaces every exact, case-sensitive occurrence of `find` with `replace` (one undo step).
   * Both must be non-empty (spec).
   */
  replaceAll(find: string, replace: string): ReplaceAllResult {
    const view = this.view;
    if (!find || !replace)
      return { count: 0, message: "Enter both the text to find and its replacement." };
    if (!view) return { count: 0, message: "" };
    const changes: { from: number; to: number; insert: string }[] = [];
    const cursor = new SearchCursor(view.state.doc, find);
    while (!cursor.next().done)
      changes.push({ from: cursor.value.from, to: cursor.value.to, insert: replace });
    if (changes.length) view.dispatch({ changes, userEvent: "input.replace" });
    const count = changes.length;
    return {
      count,
      message:
        count === 0
          ? `No occurrences of "${find}".`
          : `Replaced ${count} occurrence${count === 1 ? "" : "s"}.`,
    };
  }

  // ---------------------------------------------------------------- settings

  /** Changes settings, stores them and applies them to the editor. */
  updateSettings(patch: Partial<NotepadSettings>): void {
    if (!this.ready) return;
    const settings = { ...this.store.getState().settings, ...patch };
    settings.fontSize = clampFontSize(settings.fontSize);
    this.store.setState({ settings });
    writeNotepadSettings(settings);
    this.applyOptions();
  }

  /** Font size one step up (+1) or down (-1). */
  stepFontSize(direction: 1 | -1): void {
    this.updateSettings({
      fontSize: this.store.getState().settings.fontSize + direction * NOTEPAD_FONT_SIZE.step,
    });
  }

  /** Font size back to 14. */
  resetFontSize(): void {
    this.updateSettings({ fontSize: DEFAULT_NOTEPAD_SETTINGS.fontSize });
  }
}

function sameOptions(a: EditorViewOptions, b: EditorViewOptions): boolean {
  return (Object.keys(a) as (keyof EditorViewOptions)[]).every((key) => a[key] === b[key]);
}
