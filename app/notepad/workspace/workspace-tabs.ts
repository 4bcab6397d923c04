import { EditorSelection } from "@codemirror/state";
import { EditorView } from "@codemirror/view";
import type { PickedFile } from "~/storage/disk-files";
import { type Notice, type NotepadStore, whenLoaded } from "../notepad-store";
import type { TabStates } from "../tab-states";
import type { FilePlace, WorkspaceTabs } from "./workspace-session";

/** What the workspace's tabs need of the notepad (its controller). */
export interface WorkspaceTabsHost {
  readonly store: NotepadStore;
  readonly states: TabStates;
  readonly tabs: {
    openFiles(picked: readonly PickedFile[], options: { show: () => boolean }): Promise<string[]>;
    activate(id: string): void;
  };
  getView(): EditorView | null;
  activeId(): string;
  addNotice(notice: Notice): void;
}

/** The notepad's tabs as the workspace session uses them. */
export function workspaceTabsOf(host: WorkspaceTabsHost): WorkspaceTabs {
  return {
    ready: () => whenLoaded(host.store),
    diskTabs: () =>
      host.store.getState().tabs.tabs.flatMap((tab) => {
        const handle = host.states.get(tab.id)?.file.disk?.handle;
        return handle ? [{ id: tab.id, handle }] : [];
      }),
    activeTab: () => {
      const id = host.activeId();
      return { id, handle: host.states.get(id)?.file.disk?.handle ?? null };
    },
    hasTab: (id) => host.store.getState().tabs.tabs.some((tab) => tab.id === id),
    openPicked: async (picked, show) => (await host.tabs.openFiles([picked], { show }))[0] ?? null,
    activate: (id) => host.tabs.activate(id),
    placeCursor: (id, place) => placeCursor(host, id, place),
    addNotice: (notice) => host.addNotice(notice),
  };
}

/** Puts the cursor of the shown tab at a line and column (clamped to the text) and shows it. */
function placeCursor(host: WorkspaceTabsHost, id: string, place: FilePlace): void {
  const view = host.getView();
  if (!view || host.activeId() !== id) return;
  const doc = view.state.doc;
  const line = doc.line(Math.min(Math.max(1, place.line), doc.lines));
  const column = Math.min(Math.max(1, place.column ?? 1), line.length + 1);
  const at = line.from + column - 1;
  view.dispatch({
    selection: EditorSelection.cursor(at),
    effects: EditorView.scrollIntoView(at, { y: "center" }),
  });
  view.focus();
}
