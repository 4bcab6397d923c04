import { lazy, Suspense } from "react";
import type { NotepadController } from "./notepad-controller";
import type { NotepadStore } from "./notepad-store";
import { activeTabName } from "./status-figures";
import { useTabLiveStore } from "./tab-live";

// The Live collaboration dialog (and its QR codes) load when the command is first used.
const LiveDialog = lazy(() =>
  import("~/ui/live-dialog").then((module) => ({ default: module.LiveDialog })),
);

/** The Live collaboration dialog for the active tab (issue 44). */
export function NotepadLiveDialog({
  controller,
  store,
}: {
  controller: NotepadController;
  store: NotepadStore;
}) {
  // The tab the dialog was opened for (a tab's right-click menu shows that tab first).
  const id = store.getState().tabs.activeId;
  const entry = useTabLiveStore((s) => s.tabs[id] ?? null);
  const close = () => store.setState({ modal: null });
  return (
    <Suspense fallback={null}>
      <LiveDialog
        documentName={activeTabName(store.getState())}
        live={entry && !entry.ended && !entry.joining ? entry.live : null}
        actions={{
          start: (userName) => controller.live.start(id, userName),
          stop: (options) => controller.live.stop(id, options),
          endForEveryone: () => controller.live.endForEveryone(id),
        }}
        onClose={close}
      />
    </Suspense>
  );
}
