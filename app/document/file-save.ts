import type { DiskFileLink, DocumentFileFormat } from "~/storage/document-records";
import { FileRejectedError } from "~/storage/local-files";
import { fileRejectionMessage } from "~/text/file-checks";
import {
  DiskFileError,
  diskFileState,
  ensureWritePermission,
  pickSaveLocation,
  readPickedFile,
  writeDiskFile,
} from "~/storage/disk-files";
import { downloadBlob } from "~/storage/download";
import { applyLineEnding } from "~/text/line-endings";
import {
  encodeText,
  encodingLabel,
  findUnencodable,
  type TextEncodingId,
  unencodableMessage,
} from "~/text/text-encoding";
import { prepareEncoder } from "~/text/legacy-encodings";

/**
 * Save and Save As for both editors: into the document's file on this computer where the
 * browser allows it (File System Access API), as a download elsewhere. The bytes keep the
 * document's encoding and line ending. Nothing here marks a document saved: the save flow
 * (save-flow.ts) does that from the outcome, and only when it says the bytes were written.
 */

/**
 * What a save does on this computer: the browser's file functions (storage/disk-files) in the
 * page, a fake in Node tests.
 */
export interface SaveDisk {
  ensureWritePermission: typeof ensureWritePermission;
  diskFileState: typeof diskFileState;
  writeDiskFile: typeof writeDiskFile;
  pickSaveLocation: typeof pickSaveLocation;
  readPickedFile: typeof readPickedFile;
  /** Saves `bytes` as a download named `name`. */
  download(bytes: Uint8Array<ArrayBuffer>, name: string): void;
}

/** The browser's disk: files on this computer where it allows, downloads elsewhere. */
export const browserDisk: SaveDisk = {
  ensureWritePermission,
  diskFileState,
  writeDiskFile,
  pickSaveLocation,
  readPickedFile,
  download: (bytes, name) => downloadBlob(new Blob([bytes], { type: PLAIN_TEXT_TYPE }), name),
};

const PLAIN_TEXT_TYPE = "text/plain";

/** What helps after a failed save: the same save again from a click, or a new file. */
export type SaveRetry = "save" | "save-as";

/** A document to save. */
export interface SaveRequest {
  /** Its name (the download name, the save dialog's suggestion). */
  name: string;
  /** Its text, lines joined with "\n". */
  text: string;
  file: DocumentFileFormat;
}

/** What the user chose when the file changed on disk since it was read or last saved. */
export type ChangedOnDiskChoice = "overwrite" | "save-as" | "reload" | "cancel";

/** What a save asks the page. */
export interface SaveHost {
  /** The file changed on disk: ask what to do (a dialog). */
  askChangedOnDisk(fileName: string): Promise<ChangedOnDiskChoice>;
  /**
   * The user chose Overwrite: this is the file's text as it is on disk, about to be replaced.
   * The editors keep it as a version in the document's history, so Overwrite loses nothing.
   */
  keepOverwritten?(diskText: string): Promise<unknown>;
}

/** How a save ended. */
export type SaveOutcome =
  /** Written into a file on this computer; `name` is that file's name. */
  | { kind: "written"; name: string; file: DocumentFileFormat }
  /** Downloaded (no file to write into, or the browser cannot write files). */
  | { kind: "downloaded"; name: string }
  /** The user chose to load the file as it is on disk instead. */
  | {
      kind: "reload";
      name: string;
      text: string;
      file: DocumentFileFormat;
      mixedLineEndings: boolean;
      /** Set when the file was reopened in an encoding the user chose. */
      reopened?: boolean;
    }
  | { kind: "cancelled" }
  /**
   * Nothing was written; `message` says why in the user's terms, and `retry` names what helps
   * ("save-as": a new file; "save": the same save from a click).
   */
  | { kind: "failed"; message: string; retry: SaveRetry | null };

/** The file's bytes as the document's encoding and line ending write them. */
export function documentBytes(text: string, file: DocumentFileFormat): Uint8Array<ArrayBuffer> {
  return encodeText(applyLineEnding(text, file.lineEnding), file.encoding);
}

/**
 * Save (Ctrl/Cmd+S): into the document's file when it has one (asking for permission from the
 * click, and first whether to overwrite when the file changed on disk); a refused permission
 * goes on as Save As. A document without a file is downloaded under its name. Call from the
 * click or key handler: permission prompts and pickers need the user's gesture.
 */
export async function saveDocument(
  request: SaveRequest,
  host: SaveHost,
  files: SaveDisk = browserDisk,
): Promise<SaveOutcome> {
  const refused = (await encoderMissing(request)) ?? refusedCharacters(request);
  if (refused) return refused;
  const disk = request.file.disk;
  if (!disk) return download(request, files);
  try {
    if (!(await files.ensureWritePermission(disk.handle))) return saveDocumentAs(request, files);
    const state = await files.diskFileState(disk);
    if (state.changed) {
      const choice = await host.askChangedOnDisk(disk.handle.name);
      if (choice === "cancel") return { kind: "cancelled" };
      if (choice === "save-as") return saveDocumentAs(request, files);
      if (choice === "reload") return reloadFromDisk(disk.handle, state.file, files);
      if (host.keepOverwritten) await keepOverwritten(state.file, host.keepOverwritten, files);
    }
    const bytes = documentBytes(request.text, request.file);
    const written = await files.writeDiskFile(disk.handle, bytes);
    return { kind: "written", name: disk.handle.name, file: { ...request.file, disk: written } };
  } catch (error) {
    return failure(error, disk.handle.name);
  }
}

/**
 * Save As (Ctrl/Cmd+Shift+S): the system's save dialog, suggesting the document's name, then
 * the document belongs to the chosen file. Without the File System Access API it downloads.
 */
export async function saveDocumentAs(
  request: SaveRequest,
  files: SaveDisk = browserDisk,
): Promise<SaveOutcome> {
  const refused = (await encoderMissing(request)) ?? refusedCharacters(request);
  if (refused) return refused;
  let handle: FileSystemFileHandle | null | "unavailable";
  try {
    handle = await files.pickSaveLocation({
      suggestedName: request.name,
      extensions: [".txt", ".md", ".csv", ".log", ".json", ".html", ".xml", ".css", ".js"],
      description: "Text file",
      mimeType: PLAIN_TEXT_TYPE,
    });
  } catch (error) {
    return failure(error, request.name);
  }
  if (handle === "unavailable") return download(request, files);
  if (handle === null) return { kind: "cancelled" };
  try {
    const written = await files.writeDiskFile(handle, documentBytes(request.text, request.file));
    return { kind: "written", name: handle.name, file: { ...request.file, disk: written } };
  } catch (error) {
    return failure(error, handle.name);
  }
}

/**
 * Downloads the document under its name, in its encoding and line ending (the Download button;
 * Save where no file can be written), once the encoder of a legacy encoding has loaded. Refuses,
 * with the message, characters its encoding cannot hold.
 */
export async function downloadDocument(
  request: SaveRequest,
  files: SaveDisk = browserDisk,
): Promise<SaveOutcome> {
  const refused = (await encoderMissing(request)) ?? refusedCharacters(request);
  return refused ?? download(request, files);
}

function download(request: SaveRequest, files: SaveDisk): SaveOutcome {
  files.download(documentBytes(request.text, request.file), request.name);
  return { kind: "downloaded", name: request.name };
}

/** Hands the disk's text to `keep`; a file that cannot be read or kept does not stop the save. */
async function keepOverwritten(
  file: File,
  keep: (diskText: string) => Promise<unknown>,
  files: SaveDisk,
): Promise<void> {
  try {
    const read = await files.readPickedFile({ file, handle: null });
    await keep(read.text.toString());
  } catch (error) {
    // The user chose to overwrite; the history is a safety net, not a condition of the save.
    console.error("Keeping the file's text before overwriting it failed", error);
  }
}

/**
 * Reads the document's file again in `encoding` ("Reopen with encoding" in the status bar):
 * a "reload" outcome with its text, or "failed" when the bytes are not valid in it or the file
 * cannot be read.
 */
export async function reopenDocument(
  disk: DiskFileLink,
  encoding: TextEncodingId,
  files: SaveDisk = browserDisk,
): Promise<SaveOutcome> {
  const name = disk.handle.name;
  try {
    const file = await disk.handle.getFile();
    const read = await files.readPickedFile({ file, handle: disk.handle }, { encoding });
    return {
      kind: "reload",
      name,
      text: read.text.toString(),
      file: read.format,
      mixedLineEndings: read.mixedLineEndings,
      reopened: true,
    };
  } catch (error) {
    const message =
      error instanceof FileRejectedError
        ? fileRejectionMessage(name, error.reason)
        : `"${name}" could not be read again (it may have been moved or deleted). The document is unchanged.`;
    return { kind: "failed", message, retry: null };
  }
}

async function reloadFromDisk(
  handle: FileSystemFileHandle,
  file: File,
  files: SaveDisk,
): Promise<SaveOutcome> {
  const read = await files.readPickedFile({ file, handle });
  return {
    kind: "reload",
    name: handle.name,
    text: read.text.toString(),
    file: read.format,
    mixedLineEndings: read.mixedLineEndings,
  };
}

/**
 * Waits for the encoder of a legacy encoding (Shift_JIS, GBK…; loading since the file was opened
 * or its encoding chosen, else from now); a failed load (offline before the app was stored)
 * refuses the save with a message.
 */
async function encoderMissing(request: SaveRequest): Promise<SaveOutcome | null> {
  try {
    await prepareEncoder(request.file.encoding);
    return null;
  } catch {
    return encoderMissingOutcome(request, "could not be loaded (is this browser offline?)");
  }
}

function encoderMissingOutcome(request: SaveRequest, why: string): SaveOutcome {
  const label = encodingLabel(request.file.encoding);
  return {
    kind: "failed",
    message: `"${request.name}" was not saved: the ${label} encoder ${why}. Your text is safe. Try again, or choose UTF-8 in the status bar.`,
    retry: "save",
  };
}

/** Characters the encoding cannot hold, told; call once `encoderMissing` said it is loaded. */
function refusedCharacters(request: SaveRequest): SaveOutcome | null {
  const found = findUnencodable(request.text, request.file.encoding);
  if (found.total === 0) return null;
  return {
    kind: "failed",
    message: unencodableMessage(request.name, encodingLabel(request.file.encoding), found),
    retry: null,
  };
}

/** The message for a failed save: what happened, that the text is safe, what helps. */
export function saveFailureMessage(error: DiskFileError): {
  message: string;
  retry: SaveRetry | null;
} {
  const name = `"${error.fileName}"`;
  const kept = "Your text is still here, marked unsaved.";
  switch (error.reason) {
    case "not-found":
      return {
        message: `${name} was not saved: it is no longer where it was on your computer (moved, renamed or deleted). ${kept} Use Save as… to save it again.`,
        retry: "save-as",
      };
    case "permission-denied":
      return {
        message: `${name} was not saved: Plainpad was not allowed to write to it. ${kept} Use Save as… to save it as another file.`,
        retry: "save-as",
      };
    case "no-space":
      return {
        message: `${name} was not saved: the disk is full. ${kept} Free some space and save again, or use Save as… to save it elsewhere.`,
        retry: "save-as",
      };
    case "no-user-gesture":
      return {
        message: `${name} was not saved yet: the browser asks for your click before Plainpad may write to a file. ${kept}`,
        retry: "save",
      };
    case "changed-on-disk":
      return {
        message: `${name} was not saved: it changed on disk. ${kept}`,
        retry: "save",
      };
    case "failed": {
      const cause = error.cause instanceof Error && error.cause.message ? error.cause.message : "";
      return {
        message: `${name} could not be saved${cause ? ` (${cause})` : ""}. ${kept} Try again, or use Save as… to save it elsewhere.`,
        retry: "save-as",
      };
    }
  }
}

function failure(error: unknown, fileName: string): SaveOutcome {
  const diskError =
    error instanceof DiskFileError ? error : new DiskFileError(fileName, "failed", error);
  if (diskError.reason === "failed") console.error(error);
  return { kind: "failed", ...saveFailureMessage(diskError) };
}
