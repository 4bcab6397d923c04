import type { EditorView } from "@codemirror/view";
import { lazy, Suspense } from "react";
import { metaOf } from "~/document/document-meta";
import { restoreVersion, restoredMessage } from "~/document/history-snapshots";
import type { DocumentHistory } from "~/storage/document-history";
import { EDITOR_DOCUMENT_ID } from "~/storage/editor-document";
import { applyLineEnding } from "~/text/line-endings";
import { ExportDialog } from "~/ui/export-dialog";
import { HistoryDialog } from "~/ui/history-dialog";
import { applyComparedChanges, compareKeysOf } from "~/ui/compare-dialog";
import { editorTheme } from "~/codemirror/themes";
import { EDITOR_COMMANDS } from "./commands";
import { useEditorStore } from "./editor-store";
import { useEditorLiveStore } from "./editor-live-store";
import type { EditorLive } from "./use-editor-live";

// The Share dialog (and its QR code) load when Share is first used.
const ShareDialog = lazy(() =>
  import("~/ui/share-dialog").then((module) => ({ default: module.ShareDialog })),
);

// The Live collaboration dialog (and its QR codes) load when the command is first used.
const LiveDialog = lazy(() =>
  import("~/ui/live-dialog").then((module) => ({ default: module.LiveDialog })),
);

/**
 * The simple editor's History, Export, Share and Live collaboration dialogs, each shown while
 * the store says so.
 */
export function EditorDialogs({
  getView,
  getHistory,
  getContent,
  live,
}: {
  getView: () => EditorView | null;
  getHistory: () => DocumentHistory;
  getContent: () => string;
  live: EditorLive;
}) {
  const liveDialogOpen = useEditorLiveStore((s) => s.dialogOpen);
  const liveHandle = useEditorLiveStore((s) => (s.ended || s.joining ? null : s.live));
  const historyDialogOpen = useEditorStore((s) => s.historyDialogOpen);
  const exportDialogOpen = useEditorStore((s) => s.exportDialogOpen);
  const shareDialogOpen = useEditorStore((s) => s.shareDialogOpen);
  const markdown = useEditorStore((s) => s.language.id === "markdown");
  return (
    <>
      {historyDialogOpen && (
        <HistoryDialog
          history={getHistory()}
          docId={EDITOR_DOCUMENT_ID}
          documentName={useEditorStore.getState().fileName}
          currentText={getContent}
          compare={{
            extensions: editorTheme(useEditorStore.getState().settings.theme),
            keys: compareKeysOf(EDITOR_COMMANDS, useEditorStore.getState().platform),
            apply: (changes) => applyComparedChanges(getView(), changes),
          }}
          onRestore={(text, version) => {
            useEditorStore.getState().setHistoryDialogOpen(false);
            if (restoreVersion(getView(), text)) {
              useEditorStore
                .getState()
                .notify({ kind: "info", text: restoredMessage(version.createdAt) });
            }
          }}
          onClose={() => useEditorStore.getState().setHistoryDialogOpen(false)}
        />
      )}
      {exportDialogOpen && (
        <ExportDialog
          documentName={useEditorStore.getState().fileName}
          getText={getContent}
          formattedFrom={markdown ? { docKey: useEditorStore.getState().documentKey } : null}
          onClose={() => useEditorStore.getState().setExportDialogOpen(false)}
        />
      )}
      {shareDialogOpen && (
        <Suspense fallback={null}>
          <ShareDialog
            documentName={useEditorStore.getState().fileName}
            // With the document's own line endings, as a download would have them.
            getText={() => {
              const state = getView()?.state;
              const lineEnding = state ? metaOf(state).file.lineEnding : "lf";
              return applyLineEnding(getContent(), lineEnding);
            }}
            onClose={() => useEditorStore.getState().setShareDialogOpen(false)}
          />
        </Suspense>
      )}
      {liveDialogOpen && (
        <Suspense fallback={null}>
          <LiveDialog
            documentName={useEditorStore.getState().fileName}
            live={liveHandle}
            actions={live}
            onClose={() => useEditorLiveStore.setState({ dialogOpen: false })}
          />
        </Suspense>
      )}
    </>
  );
}
