import type { Text } from "@codemirror/state";
import type { EditorView } from "@codemirror/view";
import { useCallback, useMemo, useState } from "react";
import type { EditorHeaderProps } from "./editor-header";
import { changeEditorMeta, markEditorSaved } from "./editor-meta";
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
  getView: () => EditorView | null,
  document: Pick<EditorDocument, "generation" | "replaceDocument">,
): EditorDrive {
  const [driveAutoOpen, setDriveAutoOpen] = useState(false);
  const { generation, replaceDocument } = document;
  const getVersion = useCallback(
    (): DocumentVersion => ({ generation: generation(), doc: getView()?.state.doc ?? null }),
    [generation, getView],
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
      const unchanged = getView()?.state.doc === saved.doc;
      changeEditorMeta(getView(), { driveFileId: id });
      if (unchanged) markEditorSaved(getView(), "saved");
    },
    [generation, getView],
  );
  const requestAutoOpen = useCallback(() => setDriveAutoOpen(true), []);
  return useMemo(
    () => ({ driveAutoOpen, getVersion, onDriveOpen, onDriveSaved, requestAutoOpen }),
    [driveAutoOpen, getVersion, onDriveOpen, onDriveSaved, requestAutoOpen],
  );
}
