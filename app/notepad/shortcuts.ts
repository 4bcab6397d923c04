/** The notepad's keyboard shortcuts as [action, keys] rows for the platform (spec section 9). */
export function notepadShortcuts(isMac: boolean): [string, string][] {
  const m = isMac ? "⌘" : "Ctrl+";
  return [
    ["New tab", `${m}N`],
    ["Open file", `${m}O`],
    ["Save (download)", `${m}S`],
    ["Print", `${m}P`],
    ["Undo", `${m}Z`],
    ["Redo", isMac ? "⌘⇧Z or ⌘Y" : "Ctrl+Y or Ctrl+Shift+Z"],
    ["Find", `${m}F`],
    ["Find and replace", `${m}H`],
    ["Select all", `${m}A`],
    ["Cut / Copy / Paste", `${m}X / ${m}C / ${m}V`],
    ["Font size up / down", `${m}+ / ${m}−`],
    ["Reset font size", `${m}0`],
    ["Go to tab 1–9", `${m}1 … ${m}9`],
    ["Move tab left / right", `${m}⇧PageUp / ${m}⇧PageDown`],
    ["Rename focused tab", "F2 (or double-click the tab)"],
    ["Insert date and time", "F5"],
    ["Context menu", "Right-click or Shift+F10"],
    ["Close menus and dialogs", "Escape"],
  ];
}
