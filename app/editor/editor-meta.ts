import type { EditorState, Extension } from "@codemirror/state";
import type { ChangeFeed } from "~/document/change-feed";
import { type DocumentMeta, documentMeta, metaOf, newDocumentMeta } from "~/document/document-meta";
import { markModifiedOnEdit } from "~/document/modified-on-edit";
import type { DocumentFileFormat } from "~/storage/document-records";
import { noteBackup } from "~/storage/keep-safe";
import { DEFAULT_FILE_NAME, normalizeFileName } from "~/text/file-name";
import type { EditorDocumentSet } from "./editor-document-set";
import { useEditorStore } from "./editor-store";

/**
 * The simple editor's document meta (issue 51): its name, unsaved flag and time of the last
 * change, its Drive file, file format (with the chosen language) and mixed line endings live in
 * the document's `EditorState` (`documentMeta`), are read from its document set (`shownMeta`)
 * and changed only by the set's `setMeta` transaction with an origin (the person's rename or
 * save: `user`; a document opened or the stored draft: `open`; another window's version:
 * `other-window`; an edit marks itself: `markModifiedOnEdit`), so each change reaches the
 * set's feed (storage, the store's copy) with its origin. The store keeps a copy for display.
 */

/**
 * The meta extensions of the simple editor's state: an unnamed document is "Untitled.txt" (the
 * notepad's are "Untitled-N"), and an edit marks it unsaved in its own transaction.
 */
export function editorMeta(): Extension {
  return [
    documentMeta.init(() => newDocumentMeta({ name: DEFAULT_FILE_NAME })),
    markModifiedOnEdit(),
  ];
}

/** The simple editor's document, or null once another took its place (a save finishing late). */
type ShownDocument = EditorDocumentSet | null;

/** The unsaved flag set now, unless it is set already (then its time stays). */
function modifiedNow(meta: DocumentMeta): Partial<DocumentMeta> {
  return meta.isModified ? {} : { isModified: true, lastModified: Date.now() };
}

/**
 * Renames the document (".txt" added when it has no extension; a blank name is "Untitled.txt")
 * and marks it unsaved: the person's change, stored at once. False when the name is unchanged.
 */
export function renameEditorDocument(documents: ShownDocument, input: string): boolean {
  if (!documents?.state) return false;
  const name = normalizeFileName(input);
  if (name === documents.shownMeta.name) return false;
  documents.changeShownMeta({ name, isModified: true, lastModified: Date.now() });
  return true;
}

/** Names the document after the file it was saved as (its unsaved flag is the save's). */
export function nameAfterSavedFile(documents: ShownDocument, fileName: string): void {
  documents?.changeShownMeta({ name: normalizeFileName(fileName) });
}

/**
 * The text is what its file holds: `saved` (written, downloaded or in Drive: a backup as far as
 * the backup reminder is concerned) or `reloaded` (read again from disk: not a backup). Clears
 * the unsaved flag, stored at once.
 */
export function markEditorSaved(documents: ShownDocument, how: "saved" | "reloaded"): void {
  if (how === "saved") noteBackup("editor", Date.now());
  if (documents?.shownMeta.isModified) documents.changeShownMeta({ isModified: false });
}

/** Changes how the next save writes the file (encoding or line ending); marks it unsaved. */
export function changeFileFormat(
  documents: ShownDocument,
  format: Partial<Pick<DocumentFileFormat, "encoding" | "lineEnding">>,
): void {
  if (!documents?.state) return;
  const meta = documents.shownMeta;
  const next = { ...meta.file, ...format };
  if (next.encoding === meta.file.encoding && next.lineEnding === meta.file.lineEnding) return;
  // The file on disk no longer matches the document until it is saved again (stored with
  // the meta's change, at once).
  documents.changeShownMeta({ file: next, mixedLineEndings: false, ...modifiedNow(meta) });
}

/**
 * Picks the document's language (null: from its name again); stored with the document. Not
 * a change of the text or its bytes: the unsaved flag stays as it is.
 */
export function chooseLanguage(documents: ShownDocument, language: string | null): void {
  if (!documents?.state) return;
  const { file } = documents.shownMeta;
  if ((file.language ?? null) === language) return;
  documents.changeShownMeta({ file: { ...file, language } });
}

/** Puts the meta of `state` in the store's copy (what the header, status bar and language show). */
function showMetaInStore(state: EditorState): void {
  const { name, isModified, driveFileId, file, mixedLineEndings } = metaOf(state);
  const shown = useEditorStore.getState();
  if (
    shown.fileName === name &&
    shown.isDirty === isModified &&
    shown.fileId === driveFileId &&
    shown.file === file &&
    shown.mixedLineEndings === mixedLineEndings
  ) {
    return;
  }
  useEditorStore.setState({
    fileName: name,
    isDirty: isModified,
    fileId: driveFileId,
    file,
    mixedLineEndings,
  });
}

/**
 * Keeps the store's copy of the meta (`fileName`, `isDirty`, `fileId`, `file`,
 * `mixedLineEndings`, which the header, the status bar and the language follow) equal to the
 * document's: a projection written only here, from each change of meta the feed carries (a
 * replaced document is announced with its state). Returns the unsubscribe.
 */
export function projectMetaIntoStore(feed: ChangeFeed): () => void {
  return feed.subscribe(({ meta, state }) => {
    if (meta && state) showMetaInStore(state);
  });
}
