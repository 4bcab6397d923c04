import type { DocumentFileFormat } from "~/storage/document-records";
import { LINE_ENDINGS, type LineEnding } from "~/text/line-endings";
import { TEXT_ENCODINGS, type TextEncodingId } from "~/text/text-encoding";
import { documentLocation } from "./document-file-save";
import { MenuButton } from "./menu-button";

const STATUS_BUTTON_CLASS =
  "rounded px-1.5 py-0.5 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-blue-600 dark:hover:bg-slate-800";

/**
 * The status bar's file figures, as in Windows Notepad: where the document lives ("notes.txt ·
 * on this computer", "Google Drive", "this browser only"), its line ending and its encoding.
 * A click on the line ending or the encoding opens a menu that changes it for the next save.
 */
export function FileStatus({
  file,
  inDrive,
  mixedLineEndings = false,
  onLineEnding,
  onEncoding,
}: {
  file: DocumentFileFormat;
  inDrive: boolean;
  /** The file had more than one kind of line ending (it is saved with the majority's). */
  mixedLineEndings?: boolean;
  onLineEnding: (lineEnding: LineEnding) => void;
  onEncoding: (encoding: TextEncodingId) => void;
}) {
  const lineEnding = LINE_ENDINGS.find((e) => e.id === file.lineEnding) ?? LINE_ENDINGS[0];
  const encoding = TEXT_ENCODINGS.find((e) => e.id === file.encoding) ?? TEXT_ENCODINGS[0];
  return (
    <>
      <span data-testid="status-location">{documentLocation(file, inDrive)}</span>
      {mixedLineEndings && (
        <span data-testid="status-mixed" title="Each line break will be saved as the one shown">
          Mixed line endings
        </span>
      )}
      <ChoiceMenuButton
        label="Line endings: choose how lines end when saved"
        text={lineEnding.label}
        idPrefix="line-ending"
        options={LINE_ENDINGS}
        chosen={file.lineEnding}
        onChoose={onLineEnding}
      />
      <ChoiceMenuButton
        label="Encoding: choose how the text is saved"
        text={encoding.shortLabel}
        idPrefix="encoding"
        options={TEXT_ENCODINGS}
        chosen={file.encoding}
        onChoose={onEncoding}
      />
    </>
  );
}

/** A status bar button showing the current choice; its menu lists the options as radios. */
function ChoiceMenuButton<T extends string>({
  label,
  text,
  idPrefix,
  options,
  chosen,
  onChoose,
}: {
  label: string;
  text: string;
  idPrefix: string;
  options: readonly { id: T; label: string }[];
  chosen: T;
  onChoose: (id: T) => void;
}) {
  return (
    <MenuButton
      label={label}
      text={text}
      placement="above"
      entries={options.map((option) => ({
        kind: "radio" as const,
        id: `${idPrefix}-${option.id}`,
        label: option.label,
        checked: option.id === chosen,
        onSelect: () => onChoose(option.id),
      }))}
      className={STATUS_BUTTON_CLASS}
    />
  );
}
