import { LayoutPanelTop } from "lucide-react";
import { Link } from "react-router";
import { useShallow } from "zustand/react/shallow";
import { EDITOR_FONT_SIZE } from "~/storage/editor-settings";
import type { CommandSurface } from "~/ui/command-menus";
import { commandById } from "~/ui/commands";
import { CommandButton, CommandToolbar, ICON_BUTTON_CLASS } from "~/ui/command-toolbar";
import {
  EDITOR_COMMANDS,
  EDITOR_HEADER_COMMANDS,
  EDITOR_TOOLBAR,
  type EditorCommandContext,
  type EditorCommandState,
  FONT_SIZE_SLOT,
} from "./commands";
import { useEditorStore } from "./editor-store";

/** The registry's surface for the editor's current state (one shallow-compared slice). */
export function useEditorCommandSurface(
  ctx: EditorCommandContext,
): CommandSurface<EditorCommandContext, EditorCommandState> {
  const state = useEditorStore(
    useShallow((s): EditorCommandState => ({
      canUndo: s.canUndo,
      canRedo: s.canRedo,
      textAlign: s.settings.textAlign,
      fontSize: s.settings.fontSize,
      fontSizeMin: EDITOR_FONT_SIZE.min,
      fontSizeMax: EDITOR_FONT_SIZE.max,
      theme: s.settings.theme,
      searchOpen: s.searchOpen,
      settingsOpen: s.settingsOpen,
      previewMode: s.previewMode,
      markdown: s.language.id === "markdown",
    })),
  );
  const platform = useEditorStore((s) => s.platform);
  return { commands: EDITOR_COMMANDS, ctx, state, platform };
}

/**
 * The formatting and tools toolbar, generated from the command registry: one row; on a narrow
 * screen what does not fit goes into its "More" menu.
 */
export function EditorToolbar({ ctx }: { ctx: EditorCommandContext }) {
  const surface = useEditorCommandSurface(ctx);
  return (
    <CommandToolbar
      label="Editor toolbar"
      layout={EDITOR_TOOLBAR}
      surface={surface}
      className="relative isolate z-10 border-b border-slate-200 bg-slate-50 px-2 py-1 dark:border-slate-700 dark:bg-slate-900"
      slots={{
        [FONT_SIZE_SLOT]: (
          <span
            className="min-w-10 text-center text-sm tabular-nums text-slate-700 dark:text-slate-200"
            aria-live="polite"
            title="Font size"
          >
            <span className="sr-only">Font size </span>
            {surface.state.fontSize}px
          </span>
        ),
      }}
      after={
        <Link
          to="/online-notepad/"
          title="Advanced Notepad"
          aria-label="Advanced Notepad"
          className={`${ICON_BUTTON_CLASS} text-sm`}
        >
          <LayoutPanelTop aria-hidden="true" size={18} />
          <span className="hidden md:inline">Advanced Notepad</span>
        </Link>
      }
    />
  );
}

/** The header's Download and Print buttons (with visible text), from the registry too. */
export function EditorHeaderCommands({ ctx }: { ctx: EditorCommandContext }) {
  const surface = useEditorCommandSurface(ctx);
  return (
    <>
      {EDITOR_HEADER_COMMANDS.map((id) => (
        <CommandButton key={id} command={commandById(EDITOR_COMMANDS, id)} surface={surface} text />
      ))}
    </>
  );
}
