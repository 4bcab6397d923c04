import { LanguageStatus } from "~/ui/language-status";
import { useLayoutEffect, useRef } from "react";
import { useShallow } from "zustand/react/shallow";
import { formatCount } from "~/text/number-format";
import { FileStatus } from "~/ui/file-status";
import { selectionsLabel } from "~/text/number-format";
import { BackupReminder } from "~/ui/keep-safe";
import { FolderCopiesStatus } from "./folder-copies";
import { NotepadLiveStatus } from "./notepad-live-status";
import { StoringStatus } from "~/ui/storing-status";
import { DriveSyncStatusView } from "./drive-sync-view";
import type { NotepadController } from "./notepad-controller";
import type { NotepadStore, NotepadUiState } from "./notepad-store";

/**
 * A span whose text follows the store without React re-rendering it: the status figures
 * change on every keystroke, and writing one text node costs far less than a render and
 * commit of the notepad's tree (zustand's "transient updates"). React renders the span
 * empty and never touches its content, so the two never disagree.
 */
function LiveText<T>({
  store,
  select,
  format,
  testId,
}: {
  store: NotepadStore;
  select: (state: NotepadUiState) => T;
  format: (value: T) => string;
  testId: string;
}) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    let shown: { value: T } | null = null;
    const write = (state: NotepadUiState) => {
      const value = select(state);
      if (shown && Object.is(shown.value, value)) return;
      shown = { value };
      if (ref.current) ref.current.textContent = format(value);
    };
    write(store.getState());
    return store.subscribe(write);
  }, [store, select, format]);
  return <span ref={ref} data-testid={testId} />;
}

// Module-level selectors and formats: stable, so the subscriptions are made once.
const selectLine = (state: NotepadUiState) => state.status.line;
const selectLines = (state: NotepadUiState) => state.status.lines;
const selectChars = (state: NotepadUiState) => state.status.chars;
const selectWords = (state: NotepadUiState) => state.status.words;
const selectSelections = (state: NotepadUiState) => state.status.selections;
const selectKeyModeStatus = (state: NotepadUiState) => state.keyModeStatus;
const asIs = (text: string) => text;
const lineText = (line: number) => `Line ${line}`;
const linesStat = (lines: number) => `Lines: ${formatCount(lines)}`;
const wordsStat = (words: number | null) => `Words: ${words === null ? "…" : formatCount(words)}`;
const charsStat = (chars: number) => `Chars: ${formatCount(chars)}`;

/**
 * The cursor's line, the spec's Lines, Words and Chars of the active tab, the selections and
 * the key mode: one readout, in the status bar (there is no second bar counting the same).
 */
export function StatusFigures({ store }: { store: NotepadStore }) {
  return (
    <>
      <LiveText store={store} select={selectLine} format={lineText} testId="status-line" />
      {/* The three counts wrap as one item, so a phone's narrow bar never splits them. */}
      <span className="flex items-center gap-x-3 whitespace-nowrap" data-testid="status-counts">
        <LiveText store={store} select={selectLines} format={linesStat} testId="status-lines" />
        <LiveText store={store} select={selectWords} format={wordsStat} testId="status-words" />
        <LiveText store={store} select={selectChars} format={charsStat} testId="status-chars" />
      </span>
      <LiveText
        store={store}
        select={selectSelections}
        format={selectionsLabel}
        testId="status-selections"
      />
      <LiveText store={store} select={selectKeyModeStatus} format={asIs} testId="status-vim-mode" />
    </>
  );
}

/** The status bar's tab name ("Untitled" when empty) and its "• Modified" marker. */
export function StatusTabName({ store }: { store: NotepadStore }) {
  const { name, isModified } = store(
    useShallow((s) => {
      const tab = s.tabs.tabs.find((t) => t.id === s.tabs.activeId) ?? s.tabs.tabs[0];
      return { name: tab?.name ?? "", isModified: tab?.isModified ?? false };
    }),
  );
  return (
    <>
      <span className="font-semibold" data-testid="status-name">
        {name || "Untitled"}
      </span>
      {isModified && <span data-testid="status-modified">• Modified</span>}
    </>
  );
}

/** The active tab's name. */
export function activeTabName(state: NotepadUiState): string {
  const tab = state.tabs.tabs.find((t) => t.id === state.tabs.activeId) ?? state.tabs.tabs[0];
  return tab?.name ?? "Untitled";
}

/** Where the active tab lives, its line ending and encoding (click either to change it). */
export function NotepadFileStatus({
  store,
  controller,
}: {
  store: NotepadStore;
  controller: NotepadController;
}) {
  const activeFile = store((s) => s.activeFile);
  const language = store((s) => s.language);
  return (
    <>
      <LanguageStatus
        view={language}
        chosen={activeFile.file.language ?? null}
        onChoose={(id) => controller.languages.choose(id)}
        onForce={() => controller.languages.force()}
      />
      <FileStatus
        file={activeFile.file}
        inDrive={activeFile.inDrive}
        mixedLineEndings={activeFile.mixed}
        onLineEnding={(lineEnding) => controller.editor.setFileFormat({ lineEnding })}
        onEncoding={(encoding) => controller.editor.setFileFormat({ encoding })}
        onReopen={(encoding) => void controller.saves.reopen(encoding)}
      />
    </>
  );
}

/** The notepad's status bar: the tab, its figures, its file, the backup offer and storage. */
export function NotepadStatusBar({
  store,
  controller,
  storing,
  storageFull,
}: {
  store: NotepadStore;
  controller: NotepadController;
  storing: boolean;
  storageFull: boolean;
}) {
  return (
    <footer
      className="flex flex-wrap items-center gap-x-3 gap-y-0.5 border-t sm:gap-x-4 border-slate-200 bg-slate-100 px-3 py-1 text-xs text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200"
      data-testid="status-bar"
      aria-label="Status bar"
    >
      <StatusTabName store={store} />
      <StatusFigures store={store} />
      <span className="ml-auto flex flex-wrap items-center gap-x-3">
        <NotepadLiveStatus store={store} />
        <NotepadFileStatus store={store} controller={controller} />
      </span>
      <DriveSyncStatusView store={store} drive={controller.drive} />
      <FolderCopiesStatus
        keeper={controller.backups.folder}
        onOpen={() => store.setState({ modal: "folder-copies" })}
      />
      <BackupReminder collection="notepad" onBackUp={() => void controller.backups.backUpAll()} />
      <StoringStatus busy={storing && !storageFull} />
      {!(storing && !storageFull) && (
        // On a phone the file status's "this browser only" says where the tabs are; the
        // sentence would take two more lines of a small screen.
        <span className={storageFull ? undefined : "max-sm:hidden"}>
          {storageFull
            ? "Not stored yet: storage full"
            : "Tabs are kept in this browser; clearing site data deletes them"}
        </span>
      )}
    </footer>
  );
}
