// @vitest-environment jsdom
import "fake-indexeddb/auto";
import { renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { metaOf } from "~/document/document-meta";
import { openPlainpadDb } from "~/storage/db";
import { EDITOR_DOCUMENT_ID, editorDocumentStore } from "~/storage/editor-document";
import { IDB } from "~/storage/keys";
import { useDocumentTracking } from "./editor-lifecycle";
import { changeFileFormat, renameEditorDocument } from "./editor-meta";
import { EditorPersistence, showOtherWindowVersion } from "./editor-persistence";
import { useEditorStore } from "./editor-store";
import { shownEditorDocument } from "./editor-test-support";

/**
 * The simple editor's storage as a follower of its document's change feed (issue 51), over
 * the real document engine (IndexedDB in memory): a window is a view double whose update
 * listener runs the one edit handler, as the page's `onUpdate` does, and storage hears of a
 * change only through the feed.
 */

const pages: { unmount(): void }[] = [];

/** One /editor/ window: its shown document, its feed and its storage, started. */
async function editorWindow(text = "") {
  const { documents, view } = shownEditorDocument(text);
  const persistenceRef = { current: null as EditorPersistence | null };
  const getPersistence = () =>
    (persistenceRef.current ??= new EditorPersistence({
      currentState: () => documents.state,
      adoptRemote: (doc) => showOtherWindowVersion(documents, doc),
    }));
  // The page's own wiring: storage and the store's copy of the meta follow the feed.
  const page = renderHook(() =>
    useDocumentTracking(getPersistence, persistenceRef, documents.feed),
  );
  pages.push(page);
  const persistence = getPersistence();
  await persistence.load();
  persistence.start();
  const noted = vi.spyOn(persistence.sync, "noteChange");
  return { documents, view, persistence, noted };
}

beforeEach(async () => {
  const db = await openPlainpadDb();
  await db.clear(IDB.stores.editorDraft);
  useEditorStore.setState({ fileName: "Untitled.txt", isDirty: false, loaded: true });
});
afterEach(() => {
  for (const page of pages.splice(0)) page.unmount();
  vi.restoreAllMocks();
});

describe("the simple editor's storage follows its change feed", () => {
  it("stores typing after the debounce, with the unsaved mark", async () => {
    const { view, persistence, noted } = await editorWindow();

    view.dispatch({ changes: { from: 0, insert: "typed here" }, userEvent: "input.type" });

    expect(noted).toHaveBeenCalledWith(EDITOR_DOCUMENT_ID, false);
    await persistence.sync.whenStored();
    const stored = await editorDocumentStore.read(EDITOR_DOCUMENT_ID);
    expect(String(stored?.content)).toBe("typed here");
    expect(stored?.isModified).toBe(true);
  });

  it("stores a rename at once", async () => {
    const { documents, persistence, noted } = await editorWindow("some text");

    renameEditorDocument(documents, "notes.md");

    expect(noted).toHaveBeenCalledWith(EDITOR_DOCUMENT_ID, true);
    await persistence.sync.whenStored();
    const stored = await editorDocumentStore.read(EDITOR_DOCUMENT_ID);
    expect(stored?.name).toBe("notes.md");
    expect(String(stored?.content)).toBe("some text");
  });

  it("stores a change of the document's meta at once, from its state", async () => {
    const { documents, view, persistence, noted } = await editorWindow("line one\nline two");

    changeFileFormat(documents, { lineEnding: "crlf" });

    expect(metaOf(view.state).file.lineEnding).toBe("crlf");
    expect(noted).toHaveBeenCalledWith(EDITOR_DOCUMENT_ID, true);
    await persistence.sync.whenStored();
    const stored = await editorDocumentStore.read(EDITOR_DOCUMENT_ID);
    expect(stored?.file.lineEnding).toBe("crlf");
    // The file no longer matches its bytes on disk until saved again.
    expect(stored?.isModified).toBe(true);
    // The status bar's copy follows the document's meta.
    expect(useEditorStore.getState().file.lineEnding).toBe("crlf");
  });

  it("shows another window's text without storing it again", async () => {
    const first = await editorWindow();
    const second = await editorWindow();

    first.view.dispatch({ changes: { from: 0, insert: "from the first window" } });
    first.documents.changeShownMeta({ driveFileId: "drive-file-1" });
    await first.persistence.sync.whenStored();

    await vi.waitFor(() => {
      expect(second.view.state.doc.toString()).toBe("from the first window");
      expect(metaOf(second.view.state).driveFileId).toBe("drive-file-1");
    });
    // Its text arrived as another window's: not undoable here, and not written back (which
    // would start the two windows writing each other's versions in turn).
    expect(second.noted).not.toHaveBeenCalled();
    expect(second.persistence.sync.isAllStored()).toBe(true);
    expect(second.persistence.sync.revisionOf(EDITOR_DOCUMENT_ID)).toBe(
      first.persistence.sync.revisionOf(EDITOR_DOCUMENT_ID),
    );
  });
});
