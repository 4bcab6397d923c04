import { decodeTextFile, type FileRejection, MAX_FILE_BYTES } from "~/text/file-checks";

/** A text file read from the user's computer. */
export interface LocalTextFile {
  name: string;
  content: string;
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
 * Reads a picked or dropped file as UTF-8 text. Rejects with FileRejectedError when it is over
 * 50 MB (checked before reading a byte) or is not text.
 */
export async function readLocalTextFile(file: File): Promise<LocalTextFile> {
  if (file.size > MAX_FILE_BYTES) throw new FileRejectedError(file.name, "too-large");
  const result = decodeTextFile(new Uint8Array(await file.arrayBuffer()));
  if (!result.ok) throw new FileRejectedError(file.name, result.reason);
  return { name: file.name, content: result.text };
}
