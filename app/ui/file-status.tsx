import type { DocumentFileFormat } from "~/storage/document-records";
import { LINE_ENDINGS, type LineEnding } from "~/text/line-endings";
import { isUnicodeEncoding, TEXT_ENCODINGS, type TextEncodingId } from "~/text/text-encoding";
import { prepareEncoder } from "~/text/legacy-encodings";
import { documentLocation } from "~/document/save-messages";
import { MenuButton } from "./menu-button";
import type { MenuEntry } from "./menu-popup";

// The encodings most files are in (and Windows-1252), then the rarer ones: UTF-16 without a
// byte-order mark and the legacy encodings.
const COMMON_ENCODINGS = TEXT_ENCODINGS.filter(
  (e) => (isUnicodeEncoding(e.id) && !e.id.endsWith("-nobom")) || e.id === "windows-1252",
);
const OTHER_ENCODINGS = TEXT_ENCODINGS.filter((e) => !COMMON_ENCODINGS.includes(e));

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
  onReopen,
}: {
  file: DocumentFileFormat;
  inDrive: boolean;
  /** The file had more than one kind of line ending (it is saved with the majority's). */
  mixedLineEndings?: boolean;
  onLineEnding: (lineEnding: LineEnding) => void;
  onEncoding: (encoding: TextEncodingId) => void;
  /** Reads the file again in another encoding (offered when the document has a file on disk). */
  onReopen?: (encoding: TextEncodingId) => void;
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
      <MenuButton
        label="Encoding: choose how the text is saved"
        text={encoding.shortLabel}
        placement="above"
        entries={encodingMenu(
          file.encoding,
          (id) => {
            // A legacy encoding's encoder loads now, so the save that follows finds it here.
            void prepareEncoder(id).catch(() => undefined);
            onEncoding(id);
          },
          file.disk && onReopen ? onReopen : null,
        )}
        className={STATUS_BUTTON_CLASS}
      />
    </>
  );
}

/**
 * The encoding menu: the common encodings as radios (how the next save writes), the other
 * legacy ones in a submenu, and "Reopen with encoding" when the file can be read again.
 */
function encodingMenu(
  chosen: TextEncodingId,
  choose: (id: TextEncodingId) => void,
  reopen: ((id: TextEncodingId) => void) | null,
): MenuEntry[] {
  const radio = (option: (typeof TEXT_ENCODINGS)[number]): MenuEntry => ({
    kind: "radio",
    id: `encoding-${option.id}`,
    label: option.label,
    checked: option.id === chosen,
    onSelect: () => choose(option.id),
  });
  const entries: MenuEntry[] = [
    { kind: "label", id: "encoding-save-as", label: "Save as" },
    ...COMMON_ENCODINGS.map(radio),
    {
      kind: "submenu",
      id: "encoding-more",
      label: "More encodings",
      entries: OTHER_ENCODINGS.map(radio),
    },
  ];
  if (reopen) {
    entries.push({ kind: "separator", id: "encoding-reopen-separator" });
    entries.push({
      kind: "submenu",
      id: "encoding-reopen",
      label: "Reopen with encoding",
      entries: TEXT_ENCODINGS.map((option) => ({
        kind: "item",
        id: `reopen-${option.id}`,
        label: option.label,
        onSelect: () => reopen(option.id),
      })),
    });
  }
  return entries;
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
