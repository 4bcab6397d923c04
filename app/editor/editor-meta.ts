import { applyToDocument, type DocumentView } from "~/document/apply-to-document";
import type { ChangeFeed } from "~/document/change-feed";
import type { ChangeOrigin } from "~/document/change-origin";
import { type DocumentMeta, metaOf, setMeta } from "~/document/document-meta";
import type { DocumentFileFormat } from "~/storage/document-records";
import { useEditorStore } from "./editor-store";

/**
 * The simple editor's document meta (issue 51): its Drive file, file format (with the chosen
 * language) and mixed line endings live in the document's `EditorState` (`documentMeta`), are
 * read with `metaOf(view.state)` and changed only by a `setMeta` transaction, so a change
 * reaches the document's feed (storage, the store's copy) with its origin. The name and the
 * unsaved flag are still kept by the editor's store (`editor-store.ts`).
 */

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
  useEditorStore.getState().markDirty();
  changeEditorMeta(view, { file: next, mixedLineEndings: false });
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

/**
 * Keeps the store's copy of the meta (`fileId`, `file`, `mixedLineEndings`, which the status
 * bar, the header and the language follow) equal to the document's: a projection written only
 * here, from each change of meta the feed carries. Returns the unsubscribe.
 */
export function projectMetaIntoStore(feed: ChangeFeed): () => void {
  return feed.subscribe(({ meta, state }) => {
    if (!meta || !state) return;
    const { driveFileId, file, mixedLineEndings } = metaOf(state);
    useEditorStore.setState({ fileId: driveFileId, file, mixedLineEndings });
  });
}
