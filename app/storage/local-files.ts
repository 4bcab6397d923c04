import { decodeTextFile, type FileRejection, MAX_FILE_BYTES } from "~/text/file-checks";
import { DEFAULT_LINE_ENDING, type LineEnding } from "~/text/line-endings";
import type { TextEncodingId } from "~/text/text-encoding";

/**
 * A text file read from the user's computer. `content` keeps the file's line breaks (the editors'
 * CodeMirror documents read \r\n, \r and \n alike); saving it as
 * `encodeText(applyLineEnding(content, lineEnding), encoding)` gives the file's bytes back.
 */
export interface LocalTextFile {
  name: string;
  content: string;
  /** The encoding the file was stored in, detected from its bytes. */
  encoding: TextEncodingId;
  /** The file's line ending (the majority when mixed), or LF when it has no line break. */
  lineEnding: LineEnding;
  /** True when the file mixed line endings; saving writes `lineEnding` throughout. */
  mixedLineEndings: boolean;
  /** The file's modification time (ms since the epoch) when read, to notice later changes. */
  lastModified: number;
  /** The file's size in bytes when read. */
  size: number;
}

/** A file the user picked that cannot be opened as text. */
export class FileRejectedError extends Error {
  constructor(
    readonly fileName: string,
    readonly reason: FileRejection,
  ) {
    super(`${fileName}: ${reason}`);
    this.name = "FileRejectedError";
  }
}

/**
 * Reads a picked or dropped file as text, detecting its encoding and line ending. Rejects with
 * FileRejectedError when it is over 50 MB (checked before reading a byte) or is not text.
 */
export async function readLocalTextFile(file: File): Promise<LocalTextFile> {
  if (file.size > MAX_FILE_BYTES) throw new FileRejectedError(file.name, "too-large");
  const result = decodeTextFile(new Uint8Array(await file.arrayBuffer()));
  if (!result.ok) throw new FileRejectedError(file.name, result.reason);
  return {
    name: file.name,
    content: result.text,
    encoding: result.encoding,
    lineEnding: result.lineEnding ?? DEFAULT_LINE_ENDING,
    mixedLineEndings: result.mixedLineEndings,
    lastModified: file.lastModified,
    size: file.size,
  };
}
