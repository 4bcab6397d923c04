import type { Text } from "@codemirror/state";
import { type PickedFile, readPickedFile } from "~/storage/disk-files";
import type { DocumentFileFormat } from "~/storage/document-records";
import { FileRejectedError, isAbortError } from "~/storage/local-files";
import { fileRejectionMessage, notepadOpens } from "~/text/file-checks";
import { safeFileName, withTxtExtension } from "~/text/file-name";
import type { FileReadTracker } from "~/ui/file-read-progress";
import type { EncodingGuess } from "~/text/detect-encoding";

/** The longest tab name (spec). */
export const TAB_NAME_MAX = 30;

/** A tab name from a file name (Drive or disk): at most 30 characters, never blank. */
export function tabNameFromFile(fileName: string): string | undefined {
  return fileName.trim().slice(0, TAB_NAME_MAX).trim() || undefined;
}

/** What reading dropped or picked files gave. */
export interface ReadTabFiles {
  opened: {
    name: string | undefined;
    content: Text;
    /** Encoding, line ending and the file on disk (when the browser gave its handle). */
    file: DocumentFileFormat;
    mixedLineEndings: boolean;
    /** Set when the encoding was guessed from the text (Shift_JIS, GBK…). */
    guessed?: EncodingGuess;
  }[];
  rejected: { fileName: string; message: string }[];
  /** The file whose read the user cancelled (the files after it are not read), if any. */
  cancelled: string | null;
}

/**
 * Reads text files for new tabs, one after another with `reads` showing the progress of a big
 * one; refused files come back with the message to show. Cancel stops at that file.
 */
export async function readTabFiles(
  files: readonly PickedFile[],
  reads: FileReadTracker,
): Promise<ReadTabFiles> {
  const result: ReadTabFiles = { opened: [], rejected: [], cancelled: null };
  for (const picked of files) {
    const { file } = picked;
    try {
      if (!notepadOpens(file.name)) {
        throw new FileRejectedError(file.name, "unsupported-type");
      }
      const read = await reads.track(file, (options) => readPickedFile(picked, options));
      result.opened.push({
        name: tabNameFromFile(read.name),
        content: read.text,
        file: read.format,
        mixedLineEndings: read.mixedLineEndings,
        guessed: read.guessed,
      });
    } catch (error) {
      if (isAbortError(error)) {
        result.cancelled = file.name;
        break;
      }
      if (!(error instanceof FileRejectedError)) console.error(error);
      result.rejected.push({
        fileName: file.name,
        message:
          error instanceof FileRejectedError
            ? fileRejectionMessage(error.fileName, error.reason)
            : `"${file.name}" could not be read.`,
      });
    }
  }
  return result;
}

/** Every tab as one .zip of .txt files, names made safe and unique. */
export async function zipTabs(tabs: readonly { name: string; content: string }[]): Promise<Blob> {
  // fflate builds its tables when it loads, so it comes with the first download, not the page.
  const { strToU8, zipSync } = await import("fflate");
  const files: Record<string, Uint8Array> = {};
  const used = new Set<string>();
  for (const tab of tabs) {
    const base = safeFileName(tab.name);
    let name = withTxtExtension(base);
    for (let n = 2; used.has(name.toLowerCase()); n++) name = withTxtExtension(`${base} (${n})`);
    used.add(name.toLowerCase());
    files[name] = strToU8(tab.content);
  }
  return new Blob([zipSync(files, { level: 6 }) as BlobPart], { type: "application/zip" });
}
