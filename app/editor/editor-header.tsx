import { Logo } from "~/chrome/logo";
import { ThemeToggle } from "~/chrome/theme-toggle";
import { DriveControls } from "./drive-controls";
import type { EditorActions } from "./editor-actions";
import { useEditorStore } from "./editor-store";
import { FileNameField } from "./file-name-field";
import { EditorHeaderCommands } from "./editor-toolbar";

/** Props of EditorHeader. */
export interface EditorHeaderProps {
  actions: EditorActions;
  getContent: () => string;
  getVersion: () => unknown;
  onDriveOpen: (file: { id: string; name: string; content: string }) => void;
  onDriveSaved: (fileId: string, savedVersion: unknown) => void;
  driveAutoOpen: boolean;
}

/** Header: logo, file name + unsaved marker, site theme, Drive, Download, Print. */
export function EditorHeader({
  actions,
  getContent,
  getVersion,
  onDriveOpen,
  onDriveSaved,
  driveAutoOpen,
}: EditorHeaderProps) {
  const fileName = useEditorStore((s) => s.fileName);
  const fileId = useEditorStore((s) => s.fileId);
  return (
    <header className="relative z-20 flex flex-wrap items-center gap-x-2 gap-y-1 border-b border-slate-200 bg-white px-3 py-2 max-sm:px-2 dark:border-slate-700 dark:bg-slate-950">
      <Logo />
      <span
        aria-hidden="true"
        className="mx-1 hidden h-6 w-px bg-slate-300 sm:block dark:bg-slate-700"
      />
      <div className="flex min-w-0 items-center gap-1">
        <FileNameField onRename={actions.renameDocument} />
        <UnsavedBadge />
      </div>
      {/* On a phone the buttons get a row of their own (no gaps) and the theme toggle stays up
          beside the name; 40 px wide there (44 tall), so nine buttons fit in 390 px. */}
      <div className="ml-auto flex flex-wrap items-center gap-1 max-sm:order-last max-sm:w-full max-sm:justify-between max-sm:gap-0 max-sm:[&>button]:min-w-10 max-sm:[&>button]:px-1 max-sm:[&>div>button]:min-w-10 max-sm:[&>div>button]:px-1">
        <DriveControls
          getContent={getContent}
          getVersion={getVersion}
          fileName={fileName}
          fileId={fileId}
          onOpen={onDriveOpen}
          onSaved={onDriveSaved}
          autoOpen={driveAutoOpen}
        />
        <EditorHeaderCommands ctx={actions} />
      </div>
      <div className="max-sm:ml-auto">
        <ThemeToggle />
      </div>
    </header>
  );
}

/** The "Unsaved changes" marker; only this re-renders when the first keystroke marks changes. */
function UnsavedBadge() {
  const isDirty = useEditorStore((s) => s.isDirty);
  return (
    <span role="status" className="text-sm">
      {isDirty && (
        <span
          className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900 dark:text-amber-100"
          title="Unsaved changes"
        >
          <span aria-hidden="true">● </span>
          Unsaved changes
        </span>
      )}
    </span>
  );
}
