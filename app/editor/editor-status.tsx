import { FileStatus } from "~/ui/file-status";
import type { TextEncodingId } from "~/text/text-encoding";
import { selectionsLabel } from "~/text/number-format";
import { LanguageStatus } from "~/ui/language-status";
import { BackupReminder } from "~/ui/keep-safe";
import { StoringStatus } from "~/ui/storing-status";
import { useEditorStore } from "./editor-store";
import { LiveStatus } from "~/ui/live-status";
import { useEditorLiveStore } from "./editor-live-store";
import { changeFileFormat, chooseLanguage } from "./editor-meta";
import type { EditorDocumentSet } from "./editor-document-set";

/**
 * The editor's status bar: the document's language (a click picks another), where it lives, its
 * line ending and its encoding (a click on either changes it for the next save), and the weekly
 * offer of a backup.
 */
export function EditorStatusBar({
  documents,
  onBackUp,
  onReopen,
}: {
  /** The document (its meta changes through its set). */
  documents: EditorDocumentSet;
  onBackUp: () => void;
  /** Reads the document's file again in another encoding. */
  onReopen: (encoding: TextEncodingId) => void;
}) {
  const file = useEditorStore((s) => s.file);
  const inDrive = useEditorStore((s) => s.fileId !== null);
  const mixedLineEndings = useEditorStore((s) => s.mixedLineEndings);
  const storing = useEditorStore((s) => s.storing);
  const language = useEditorStore((s) => s.language);
  const selections = useEditorStore((s) => s.selections);
  const keyModeStatus = useEditorStore((s) => s.keyModeStatus);
  const live = useEditorLiveStore((s) => s.live);
  const joining = useEditorLiveStore((s) => s.joining);
  return (
    <footer
      aria-label="Status bar"
      className="flex flex-wrap items-center justify-end gap-x-3 gap-y-0.5 border-t border-slate-200 bg-slate-100 px-3 py-0.5 text-xs text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200"
    >
      {keyModeStatus && <span>{keyModeStatus}</span>}
      {selections > 1 && <span className="mr-auto">{selectionsLabel(selections)}</span>}
      {live && <LiveStatus live={live} joining={joining} />}
      <BackupReminder collection="editor" onBackUp={onBackUp} />
      <StoringStatus busy={storing} />
      <LanguageStatus
        view={language}
        chosen={file.language ?? null}
        onChoose={(id) => chooseLanguage(documents, id)}
        onForce={() => useEditorStore.getState().setLanguageView({ ...language, forced: true })}
      />
      <FileStatus
        file={file}
        inDrive={inDrive}
        mixedLineEndings={mixedLineEndings}
        onLineEnding={(lineEnding) => changeFileFormat(documents, { lineEnding })}
        onEncoding={(encoding) => changeFileFormat(documents, { encoding })}
        onReopen={onReopen}
      />
    </footer>
  );
}
