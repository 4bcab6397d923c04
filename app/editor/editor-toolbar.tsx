import {
  AlignCenter,
  AlignLeft,
  AlignRight,
  AArrowDown,
  AArrowUp,
  Bold,
  ClipboardPaste,
  Copy,
  FilePlus2,
  FolderOpen,
  Italic,
  LayoutPanelTop,
  List,
  ListOrdered,
  Moon,
  Redo2,
  Scissors,
  Search,
  Settings,
  Sun,
  Droplet,
  Underline,
  Undo2,
} from "lucide-react";
import { Link } from "react-router";
import { EDITOR_FONT_SIZE } from "~/storage/editor-settings";
import { useEditorStore } from "./editor-store";
import type { EditorActions } from "./editor-actions";
import { ICON_BUTTON_CLASS, ToolbarButton, ToolbarDivider } from "./toolbar-button";

/**
 * The formatting and tools toolbar. Wraps onto several rows on narrow screens, so every button
 * stays reachable on a phone.
 */
export function EditorToolbar({ actions }: { actions: EditorActions }) {
  const settings = useEditorStore((s) => s.settings);
  const searchOpen = useEditorStore((s) => s.searchOpen);
  const settingsOpen = useEditorStore((s) => s.settingsOpen);
  const setSettings = useEditorStore((s) => s.setSettings);
  const changeFontSize = useEditorStore((s) => s.changeFontSize);
  return (
    <div
      role="toolbar"
      aria-label="Editor toolbar"
      className="isolate flex flex-wrap items-center gap-0.5 border-b border-slate-200 bg-slate-50 px-2 py-1 dark:border-slate-700 dark:bg-slate-900"
    >
      <ToolbarButton label="New" icon={FilePlus2} onClick={actions.newDocument} />
      <ToolbarButton label="Open" icon={FolderOpen} onClick={actions.openFilePicker} />
      <ToolbarDivider />
      <ToolbarButton label="Undo" icon={Undo2} onClick={actions.undo} />
      <ToolbarButton label="Redo" icon={Redo2} onClick={actions.redo} />
      <ToolbarDivider />
      <ToolbarButton label="Bold" icon={Bold} onClick={actions.bold} />
      <ToolbarButton label="Italic" icon={Italic} onClick={actions.italic} />
      <ToolbarButton label="Underline" icon={Underline} onClick={actions.underline} />
      <ToolbarDivider />
      <ToolbarButton
        label="Align left"
        icon={AlignLeft}
        pressed={settings.textAlign === "left"}
        onClick={() => setSettings({ textAlign: "left" })}
      />
      <ToolbarButton
        label="Align center"
        icon={AlignCenter}
        pressed={settings.textAlign === "center"}
        onClick={() => setSettings({ textAlign: "center" })}
      />
      <ToolbarButton
        label="Align right"
        icon={AlignRight}
        pressed={settings.textAlign === "right"}
        onClick={() => setSettings({ textAlign: "right" })}
      />
      <ToolbarDivider />
      <ToolbarButton label="Bullet list" icon={List} onClick={actions.bulletList} />
      <ToolbarButton label="Numbered list" icon={ListOrdered} onClick={actions.numberedList} />
      <ToolbarDivider />
      <ToolbarButton
        label="Decrease font size"
        icon={AArrowDown}
        disabled={settings.fontSize <= EDITOR_FONT_SIZE.min}
        onClick={() => changeFontSize(-EDITOR_FONT_SIZE.step)}
      />
      <span
        className="min-w-10 text-center text-sm tabular-nums text-slate-700 dark:text-slate-200"
        aria-live="polite"
        title="Font size"
      >
        <span className="sr-only">Font size </span>
        {settings.fontSize}px
      </span>
      <ToolbarButton
        label="Increase font size"
        icon={AArrowUp}
        disabled={settings.fontSize >= EDITOR_FONT_SIZE.max}
        onClick={() => changeFontSize(EDITOR_FONT_SIZE.step)}
      />
      <ToolbarDivider />
      <ToolbarButton
        label="Light theme"
        icon={Sun}
        pressed={settings.theme === "light"}
        onClick={() => setSettings({ theme: "light" })}
      />
      <ToolbarButton
        label="Dark theme"
        icon={Moon}
        pressed={settings.theme === "dark"}
        onClick={() => setSettings({ theme: "dark" })}
      />
      <ToolbarButton
        label="Blue theme"
        icon={Droplet}
        pressed={settings.theme === "blue"}
        onClick={() => setSettings({ theme: "blue" })}
      />
      <ToolbarDivider />
      <ToolbarButton label="Copy" icon={Copy} onClick={actions.copy} />
      <ToolbarButton label="Cut" icon={Scissors} onClick={actions.cut} />
      <ToolbarButton label="Paste" icon={ClipboardPaste} onClick={actions.paste} />
      <ToolbarDivider />
      <ToolbarButton label="Find" icon={Search} pressed={searchOpen} onClick={actions.openSearch} />
      <ToolbarButton
        label="Settings"
        icon={Settings}
        pressed={settingsOpen}
        onClick={actions.toggleSettings}
      />
      <Link
        to="/online-notepad/"
        title="Advanced Notepad"
        aria-label="Advanced Notepad"
        className={`${ICON_BUTTON_CLASS} text-sm`}
      >
        <LayoutPanelTop aria-hidden="true" size={18} />
        <span className="hidden md:inline">Advanced Notepad</span>
      </Link>
    </div>
  );
}
