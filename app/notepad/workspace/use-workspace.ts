import { useStore } from "zustand";
import type { WorkspaceSession, WorkspaceState } from "./workspace-session";

/** A value of the workspace session for React: re-renders when the selected value changes. */
export function useWorkspace<T>(
  session: WorkspaceSession,
  select: (state: WorkspaceState) => T,
): T {
  return useStore(session.store, select);
}
