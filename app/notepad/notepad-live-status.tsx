import { LiveStatus } from "~/ui/live-status";
import type { NotepadStore } from "./notepad-store";
import { useTabLiveStore } from "./tab-live";

/** The active tab's live status in the status bar (nothing for an ordinary tab). */
export function NotepadLiveStatus({ store }: { store: NotepadStore }) {
  const activeId = store((s) => s.tabs.activeId);
  const entry = useTabLiveStore((s) => s.tabs[activeId] ?? null);
  if (!entry) return null;
  return <LiveStatus live={entry.live} joining={entry.joining} />;
}
