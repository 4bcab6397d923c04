import type { Text } from "@codemirror/state";
import { useCallback, useMemo, useState } from "react";
import type { EditorHeaderProps } from "./editor-header";
import { markEditorSaved } from "./editor-meta";
import { useEditorStore } from "./editor-store";
import type { EditorDocument } from "./use-editor-document";

/** Which document, and which state of its text, a Drive save started from. */
interface DocumentVersion {
  generation: number;
  doc: Text | null;
}

/** What the header's Drive controls are given (EditorHeader's Drive props). */
export type EditorDrive = Pick<
  EditorHeaderProps,
  "getVersion" | "onDriveOpen" | "onDriveSaved" | "driveAutoOpen"
> & {
  /** The landing page asked to open from Drive: the controls start that flow once. */
  requestAutoOpen(): void;
};

/**
 * The simple editor's Google Drive handling: a file opened from Drive replaces the document
 * (asking first when changes would be lost), and a finished save gives the document its Drive
 * id and clears the unsaved marker only when it is still the document, and the text, it
 * started from.
 */
export function useEditorDrive(
  document: Pick<EditorDocument, "documents" | "generation" | "replaceDocument">,
): EditorDrive {
  const [driveAutoOpen, setDriveAutoOpen] = useState(false);
  const { documents, generation, replaceDocument } = document;
  const getVersion = useCallback(
    (): DocumentVersion => ({ generation: generation(), doc: documents.state?.doc ?? null }),
    [generation, documents],
  );
  const onDriveOpen = useCallback(
    (file: { id: string; name: string; content: string }) => {
      if (replaceDocument({ name: file.name, content: file.content, fileId: file.id })) {
        useEditorStore.getState().notify(null);
      }
    },
    [replaceDocument],
  );
  const onDriveSaved = useCallback(
    (id: string, savedVersion: unknown) => {
      const saved = savedVersion as DocumentVersion;
      // Another document was opened while the upload ran: the id is not its.
      if (saved.generation !== generation()) return;
      // Text typed while the upload ran is not in Drive yet: it stays marked unsaved.
      // CodeMirror documents are immutable, so "unchanged" is one identity check.
      const unchanged = documents.state?.doc === saved.doc;
      documents.changeShownMeta({ driveFileId: id });
      if (unchanged) markEditorSaved(documents, "saved");
    },
    [generation, documents],
  );
  const requestAutoOpen = useCallback(() => setDriveAutoOpen(true), []);
  return useMemo(
    () => ({ driveAutoOpen, getVersion, onDriveOpen, onDriveSaved, requestAutoOpen }),
    [driveAutoOpen, getVersion, onDriveOpen, onDriveSaved, requestAutoOpen],
  );
}
