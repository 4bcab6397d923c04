// @vitest-environment jsdom
import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { originOf } from "~/document/change-origin";
import { metaOf } from "~/document/document-meta";
import type { SaveDisk } from "~/document/file-save";
import { openPlainpadDb } from "~/storage/db";
import type { DocumentHistory } from "~/storage/document-history";
import { EDITOR_DOCUMENT_ID, editorDocumentStore } from "~/storage/editor-document";
import { IDB } from "~/storage/keys";
import { FileReadTracker } from "~/ui/file-read-progress";
import type { EditorDocumentSet } from "./editor-document-set";
import { type EditorFileHost, saveEditorFile } from "./editor-files";
import { markEditorSaved, projectMetaIntoStore, renameEditorDocument } from "./editor-meta";
import { EditorPersistence, showOtherWindowVersion } from "./editor-persistence";
import { useEditorStore } from "./editor-store";
import { shownEditorDocument } from "./editor-test-support";

/**
 * The simple editor's name and unsaved flag live in its document's state (issue 51): changed
 * only by transactions with an origin, stored from the state, and copied into the store for
 * display by the projection. A window is a view double whose update listener runs the one edit
 * handler, over the real document engine (IndexedDB in memory), in Node.
 */

const stops: (() => void)[] = [];

/**
 * One /editor/ window: its shown document (with the editor's meta extensions), its feed, its
 * started storage, and (unless told not to) the store's copy following its feed.
 */
async function editorWindow(text = "", { project = true } = {}) {
  const { documents, view, leave } = shownEditorDocument(text);
  const persistence = new EditorPersistence({
    currentState: () => documents.state,
    adoptRemote: (doc) => showOtherWindowVersion(documents, doc),
  });
  const stopFollowing = persistence.follow(documents.feed);
  const stopProjecting = project ? projectMetaIntoStore(documents.feed) : () => undefined;
  stops.push(() => {
    stopProjecting();
    stopFollowing();
    persistence.dispose();
  });
  await persistence.load();
  persistence.start();
  const noted = vi.spyOn(persistence.sync, "noteChange");
  return { documents, view, leave, persistence, noted };
}

/** The stored record of the editor's document, read back. */
async function storedRecord() {
  return editorDocumentStore.read(EDITOR_DOCUMENT_ID);
}

beforeEach(async () => {
  const db = await openPlainpadDb();
  await db.clear(IDB.stores.editorDraft);
  useEditorStore.setState({ fileName: "Untitled.txt", isDirty: false, loaded: true });
});
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  vi.restoreAllMocks();
});

describe("the simple editor's name and unsaved flag live in its document's state", () => {
  it("an edit marks the document unsaved in its own transaction; stored and shown", async () => {
    const { view, persistence, noted } = await editorWindow("saved text");
    expect(metaOf(view.state).isModified).toBe(false);

    view.dispatch({ changes: { from: 0, insert: "more " }, userEvent: "input.type" });

    // Written with the text, after the debounce (typing never writes at once).
    expect(noted).toHaveBeenCalledWith(EDITOR_DOCUMENT_ID, false);
    // One transaction: the text and the flag (no dispatch from inside the view's update).
    expect(view.heard).toHaveLength(1);
    expect(metaOf(view.state).isModified).toBe(true);
    expect(metaOf(view.state).lastModified).toBeGreaterThan(0);
    expect(useEditorStore.getState().isDirty).toBe(true);
    await persistence.sync.whenStored();
    const stored = await storedRecord();
    expect(String(stored?.content)).toBe("more saved text");
    expect(stored?.isModified).toBe(true);
  });

  it("a save clears the unsaved flag through the state: stored and shown", async () => {
    const { documents, view, persistence } = await editorWindow();
    view.dispatch({ changes: { from: 0, insert: "to keep" }, userEvent: "input.type" });
    expect(useEditorStore.getState().isDirty).toBe(true);
    const downloads: string[] = [];

    await saveEditorFile(hostOf(documents), "save", downloadOnly(downloads));

    expect(downloads).toEqual(["Untitled.txt"]);
    const last = view.heard.at(-1)!;
    expect(metaOf(last.startState).isModified).toBe(true);
    expect(metaOf(view.state).isModified).toBe(false);
    expect(useEditorStore.getState().isDirty).toBe(false);
    await persistence.sync.whenStored();
    expect((await storedRecord())?.isModified).toBe(false);
  });

  it("a save that ends after the page let its view go leaves the document and the page alone", async () => {
    const { documents, view, leave } = await editorWindow();
    view.dispatch({ changes: { from: 0, insert: "to keep" }, userEvent: "input.type" });
    const heard = view.heard.length;
    useEditorStore.getState().notify(null);

    // The person leaves /editor/ (within the site) while the download is being made.
    await saveEditorFile(hostOf(documents), "save", downloadOnly([], leave));

    expect(view.heard).toHaveLength(heard);
    expect(metaOf(view.state).isModified).toBe(true);
    // No "Downloaded …" notice waiting in the editor's store for the next visit.
    expect(useEditorStore.getState().notice).toBeNull();
  });

  it("a rename is the state's, marks it unsaved and is stored at once", async () => {
    const { documents, view, persistence, noted } = await editorWindow("some text");

    expect(renameEditorDocument(documents, "notes")).toBe(true);
    expect(renameEditorDocument(documents, "notes.txt")).toBe(false);

    expect(metaOf(view.state)).toMatchObject({ name: "notes.txt", isModified: true });
    expect(useEditorStore.getState()).toMatchObject({ fileName: "notes.txt", isDirty: true });
    expect(noted).toHaveBeenCalledTimes(1);
    expect(noted).toHaveBeenCalledWith(EDITOR_DOCUMENT_ID, true);
    await persistence.sync.whenStored();
    expect(await storedRecord()).toMatchObject({ name: "notes.txt", isModified: true });
  });

  it("another window's rename arrives with the origin other-window and is not stored again", async () => {
    const first = await editorWindow("shared text", { project: false });
    const second = await editorWindow("", { project: true });
    first.view.dispatch({ changes: { from: 0, insert: "x" } });
    await first.persistence.sync.whenStored();
    await vi.waitFor(() => expect(second.view.state.doc.toString()).toBe("xshared text"));
    second.noted.mockClear();

    renameEditorDocument(first.documents, "plan.md");
    await first.persistence.sync.whenStored();

    await vi.waitFor(() => expect(metaOf(second.view.state).name).toBe("plan.md"));
    const arrived = second.view.heard.at(-1)!;
    expect(originOf(arrived)).toBe("other-window");
    expect(metaOf(second.view.state).isModified).toBe(true);
    // The store's copy (here the second window's) follows its document.
    expect(useEditorStore.getState().fileName).toBe("plan.md");
    // Not written back: that window stored it.
    expect(second.noted).not.toHaveBeenCalled();
    expect(second.persistence.sync.isAllStored()).toBe(true);
  });

  it("another window's saved text does not mark this one unsaved", async () => {
    const first = await editorWindow("", { project: false });
    const second = await editorWindow("", { project: false });
    first.view.dispatch({ changes: { from: 0, insert: "typed there" } });
    markEditorSaved(first.documents, "saved");
    await first.persistence.sync.whenStored();

    await vi.waitFor(() => expect(second.view.state.doc.toString()).toBe("typed there"));
    // A text change, but another window's: the flag is as that window stored it.
    expect(originOf(second.view.heard.at(-1)!)).toBe("other-window");
    expect(metaOf(second.view.state).isModified).toBe(false);
    expect(second.noted).not.toHaveBeenCalled();
  });
});

/** A disk that only downloads (a document with no file on this computer asks nothing else). */
function downloadOnly(downloads: string[], whileDownloading = () => {}): SaveDisk {
  const unused = (): never => {
    throw new Error("a download needs no file on this computer");
  };
  return {
    ensureWritePermission: unused,
    diskFileState: unused,
    writeDiskFile: unused,
    pickSaveLocation: unused,
    readPickedFile: unused,
    download: (_bytes, name) => {
      downloads.push(name);
      whileDownloading();
    },
  };
}

/** Open and Save's view of the editor's document (its History unused by a download). */
function hostOf(documents: EditorDocumentSet): EditorFileHost {
  return {
    documents,
    getHistory: () => ({}) as DocumentHistory,
    generation: () => 0,
    replaceDocument: () => false,
    fileReads: new FileReadTracker(),
  };
}
