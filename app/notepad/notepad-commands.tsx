import { useMemo } from "react";
import { useShallow } from "zustand/react/shallow";
import { type CommandSurface, menuEntriesFor } from "~/ui/command-menus";
import { CommandToolbar } from "~/ui/command-toolbar";
import { ContextMenu } from "~/ui/context-menu";
import { MenuBar } from "~/ui/menu-bar";
import type { Platform } from "~/ui/platform";
import {
  FONT_SIZE_SLOT,
  NOTEPAD_COMMANDS,
  NOTEPAD_CONTEXT_MENU,
  NOTEPAD_MENUS,
  NOTEPAD_TAB_CONTEXT_MENU,
  NOTEPAD_TOOLBAR,
  type NotepadCommandContext,
  type NotepadCommandState,
} from "./commands";
import { prepareDriveForMenu } from "./drive-menu-items";
import type { NotepadStore } from "./notepad-store";
import type { WorkspaceSession } from "./workspace/workspace-session";
import { useWorkspace } from "./workspace/use-workspace";

/**
 * The notepad's command surfaces, all generated from the registry (`commands.ts`): the menu
 * bar, the icon toolbar (one row; what does not fit goes into "More") and the right-click
 * menu. Each subscribes to the few values that enable or check its items, so typing (which
 * changes the undo and selection flags at most once) re-renders these alone.
 */

/** The state commands are enabled and checked by, as one shallow-compared slice. */
function useCommandState(store: NotepadStore, session: WorkspaceSession): NotepadCommandState {
  const { syncEnabled, syncInterval, tabIncluded, ...state } = store(
    useShallow((s) => ({
      canUndo: s.status.canUndo,
      canRedo: s.status.canRedo,
      selectionEmpty: s.status.selectionEmpty,
      canCloseTab: s.tabs.tabs.length > 1,
      settings: s.settings,
      fullscreen: s.fullscreen,
      previewMode: s.previewMode,
      keyMode: s.keyMode,
      markdown: s.language.id === "markdown",
      syncEnabled: s.driveSync.enabled,
      syncInterval: s.driveSync.interval,
      tabIncluded: s.driveSync.tabs[s.tabs.activeId] !== undefined,
    })),
  );
  const sync = useMemo(
    () => ({ enabled: syncEnabled, interval: syncInterval, tabIncluded }),
    [syncEnabled, syncInterval, tabIncluded],
  );
  const open = useWorkspace(session, (s) => s.folder !== null);
  const panelShown = useWorkspace(session, (s) => s.panelShown);
  const workspace = useMemo(() => ({ open, panelShown }), [open, panelShown]);
  return { ...state, sync, workspace };
}

/** The surface of the registry for the current state. */
function useSurface(
  store: NotepadStore,
  ctx: NotepadCommandContext,
  platform: Platform,
  session: WorkspaceSession,
): CommandSurface<NotepadCommandContext, NotepadCommandState> {
  const state = useCommandState(store, session);
  return { commands: NOTEPAD_COMMANDS, ctx, state, platform };
}

/** The menu bar and icon toolbar row. */
export function NotepadCommandRow({
  store,
  ctx,
  platform,
  workspace,
}: {
  store: NotepadStore;
  ctx: NotepadCommandContext;
  platform: Platform;
  workspace: WorkspaceSession;
}) {
  const surface = useSurface(store, ctx, platform, workspace);
  const fontSize = surface.state.settings.fontSize;
  const menus = NOTEPAD_MENUS.map((menu) => ({
    id: menu.id,
    label: menu.label,
    entries: menuEntriesFor(menu.entries, surface),
  }));
  return (
    <div
      className="relative z-30 flex flex-wrap items-center gap-x-2 border-b border-slate-200 px-2 py-1 dark:border-slate-700"
      // The File menu offers Drive commands: load Google's sign-in code while the user is in it.
      onPointerOver={(event) => prepareDriveForMenu(event.target)}
      onFocus={(event) => prepareDriveForMenu(event.target)}
    >
      <MenuBar menus={menus} label="Notepad menu" />
      <CommandToolbar
        label="Notepad tools"
        layout={NOTEPAD_TOOLBAR}
        surface={surface}
        className="flex-1 basis-full sm:basis-0"
        slots={{
          [FONT_SIZE_SLOT]: (
            <span
              className="w-8 text-center text-xs tabular-nums text-slate-700 dark:text-slate-200"
              aria-label={`Font size ${fontSize}`}
              data-testid="font-size"
            >
              {fontSize}
            </span>
          ),
        }}
      />
    </div>
  );
}

/**
 * A right-click menu: the text's (spec section 4's items and enable rules) or, with
 * `of="tab"`, a tab's (rename, duplicate, share, close).
 */
export function NotepadContextMenu({
  store,
  ctx,
  platform,
  x,
  y,
  onClose,
  of = "text",
  workspace,
}: {
  store: NotepadStore;
  ctx: NotepadCommandContext;
  platform: Platform;
  workspace: WorkspaceSession;
  x: number;
  y: number;
  onClose: () => void;
  of?: "text" | "tab";
}) {
  const surface = useSurface(store, ctx, platform, workspace);
  return (
    <ContextMenu
      x={x}
      y={y}
      label={of === "tab" ? "Tab actions" : undefined}
      entries={menuEntriesFor(
        of === "tab" ? NOTEPAD_TAB_CONTEXT_MENU : NOTEPAD_CONTEXT_MENU,
        surface,
        {
          labels: "button",
        },
      )}
      onClose={onClose}
    />
  );
}
