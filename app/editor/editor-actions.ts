/** Everything the toolbar, header, shortcuts and menus can ask the editor to do. */
export interface EditorActions {
  newDocument(): void;
  openFilePicker(): void;
  openFile(file: File): void;
  undo(): void;
  redo(): void;
  bold(): void;
  italic(): void;
  underline(): void;
  alignLeft(): void;
  alignCenter(): void;
  alignRight(): void;
  bulletList(): void;
  numberedList(): void;
  copy(): void;
  cut(): void;
  paste(): void;
  openSearch(): void;
  toggleSettings(): void;
  download(): void;
  print(): void;
}
