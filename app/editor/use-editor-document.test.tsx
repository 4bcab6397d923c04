// @vitest-environment jsdom
import "fake-indexeddb/auto";
import { EditorState } from "@codemirror/state";
import { renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { CodeEditorHandle } from "~/codemirror";
import { FileReadTracker } from "~/ui/file-read-progress";
import { useDocumentTracking } from "./editor-lifecycle";
import { useEditorDocument } from "./use-editor-document";

/** The editor's view as `initialise` uses it, without the DOM. */
function handleOf(text: string): CodeEditorHandle {
  let state = EditorState.create({ doc: text });
  const view = {
    get state() {
      return state;
    },
    dispatch: () => undefined,
    focus: () => undefined,
  };
  return {
    view,
    compartments: {},
    resetDocument: (doc: string) => (state = EditorState.create({ doc })),
  } as unknown as CodeEditorHandle;
}

describe("the simple editor's document", () => {
  it("leaving the page while the stored draft loads leaves no storage behind", async () => {
    const handle = handleOf("");
    const fileReads = new FileReadTracker();
    const page = renderHook(() => {
      const document = useEditorDocument(() => handle, fileReads);
      useDocumentTracking(
        document.getPersistence,
        document.persistenceRef,
        document.documents.feed,
      );
      return document;
    });
    const document = page.result.current;

    // The view is ready: the stored draft is read. The person leaves before it has loaded.
    const initialising = document.initialise(handle, () => undefined);
    page.unmount();
    await initialising;

    // The page's storage went with it: none was made again and started after it had gone,
    // which would follow other windows with no one to stop it.
    expect(document.persistenceRef.current).toBeNull();
  });
});
