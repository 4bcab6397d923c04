import type { EditorState, Extension } from "@codemirror/state";
import { applyToDocument, type DocumentView } from "~/document/apply-to-document";
import type { ChangeFeed } from "~/document/change-feed";
import type { ChangeOrigin } from "~/document/change-origin";
import {
  type DocumentMeta,
  documentMeta,
  metaOf,
  newDocumentMeta,
  setMeta,
} from "~/document/document-meta";
import { markModifiedOnEdit } from "~/document/modified-on-edit";
import type { DocumentFileFormat } from "~/storage/document-records";
import { noteBackup } from "~/storage/keep-safe";
import { DEFAULT_FILE_NAME, normalizeFileName } from "~/text/file-name";
import { useEditorStore } from "./editor-store";

/**
 * The simple editor's document meta (issue 51): its name, unsaved flag and time of the last
 * change, its Drive file, file format (with the chosen language) and mixed line endings live in
 * the document's `EditorState` (`documentMeta`), are read with `metaOf(view.state)` and changed
 * only by a `setMeta` transaction with an origin (the person's rename or save: `user`; a
 * document opened or the stored draft: `open`; another window's version: `other-window`; an
 * edit marks itself: `markModifiedOnEdit`), so each change reaches the document's feed (storage,
 * the store's copy) with its origin. The editor's store keeps a copy for display only.
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

/**
 * Changes the meta of the document shown in `view` (nothing before the view exists), as a
 * transaction with `origin`: this window's change (`user`) is stored at once by the storage
 * follower; a document opened or the stored draft (`open`) is stored by whoever put it in.
 */
export function changeEditorMeta(
  view: DocumentView | null,
  patch: Partial<DocumentMeta>,
  origin: ChangeOrigin = "user",
): void {
  if (view) applyToDocument({ view, held: null }, { effects: setMeta.of(patch) }, origin);
}

/** The unsaved flag set now, unless it is set already (then its time stays). */
function modifiedNow(state: EditorState): Partial<DocumentMeta> {
  return metaOf(state).isModified ? {} : { isModified: true, lastModified: Date.now() };
}

/**
 * Renames the document (".txt" added when it has no extension; a blank name is "Untitled.txt")
 * and marks it unsaved: the person's change, stored at once. False when the name is unchanged.
 */
export function renameEditorDocument(view: DocumentView | null, input: string): boolean {
  if (!view) return false;
  const name = normalizeFileName(input);
  if (name === metaOf(view.state).name) return false;
  changeEditorMeta(view, { name, isModified: true, lastModified: Date.now() });
  return true;
}

/** Names the document after the file it was saved as (its unsaved flag is the save's). */
export function nameAfterSavedFile(view: DocumentView | null, fileName: string): void {
  if (view) changeEditorMeta(view, { name: normalizeFileName(fileName) });
}

/**
 * The text is what its file holds: `saved` (written, downloaded or in Drive: a backup as far as
 * the backup reminder is concerned) or `reloaded` (read again from disk: not a backup). Clears
 * the unsaved flag, stored at once.
 */
export function markEditorSaved(view: DocumentView | null, how: "saved" | "reloaded"): void {
  if (how === "saved") noteBackup("editor", Date.now());
  if (view && metaOf(view.state).isModified) changeEditorMeta(view, { isModified: false });
}

/** Changes how the next save writes the file (encoding or line ending); marks it unsaved. */
export function changeFileFormat(
  view: DocumentView | null,
  format: Partial<Pick<DocumentFileFormat, "encoding" | "lineEnding">>,
): void {
  if (!view) return;
  const { file } = metaOf(view.state);
  const next = { ...file, ...format };
  if (next.encoding === file.encoding && next.lineEnding === file.lineEnding) return;
  // The file on disk no longer matches the document until it is saved again (stored with
  // the meta's change, at once).
  changeEditorMeta(view, { file: next, mixedLineEndings: false, ...modifiedNow(view.state) });
}

/**
 * Picks the document's language (null: from its name again); stored with the document. Not
 * a change of the text or its bytes: the unsaved flag stays as it is.
 */
export function chooseLanguage(view: DocumentView | null, language: string | null): void {
  if (!view) return;
  const { file } = metaOf(view.state);
  if ((file.language ?? null) === language) return;
  changeEditorMeta(view, { file: { ...file, language } });
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
