import { canWriteFiles } from "~/storage/disk-files";
import type { DocumentFileFormat } from "~/storage/document-records";
import { confidenceLabel, type EncodingGuess } from "~/text/detect-encoding";
import { encodingLabel } from "~/text/text-encoding";
import type { SaveOutcome, SaveRetry } from "./file-save";

/**
 * What the save flow tells the user, in both editors: the notice after a save, the message of a
 * the user can retry, and what an opened file's encoding and line endings mean.
 */

/** The label of the notice's button that runs `retry`. */
export function retryLabel(retry: SaveRetry): string {
  return retry === "save" ? "Save" : "Save as…";
}

/**
 * Told when an opened file's encoding was guessed from its text (a legacy one such as
 * Shift_JIS): which, how sure, and where to choose another.
 */
export function guessedEncodingMessage(
  fileName: string,
  guess: EncodingGuess,
  canReopen: boolean,
): string {
  const read = `"${fileName}" was read as ${encodingLabel(guess.encoding)}, a guess ${confidenceLabel(guess.confidence)}.`;
  return canReopen
    ? `${read} If the text looks wrong, click the encoding in the status bar and choose another under "Reopen with encoding".`
    : `${read} If the text looks wrong, this browser cannot reopen the file in another encoding: open it in Chrome or Edge, or save it as UTF-8 from the program that made it.`;
}

/** Told when an opened file mixed line endings. */
export function mixedLineEndingsMessage(fileName: string): string {
  return `"${fileName}" mixes line endings. Plainpad shows every line the same way and will save them all as shown in the status bar.`;
}

/** Where a document lives, for the status bar: "notes.txt · on this computer" and so on. */
export function documentLocation(file: DocumentFileFormat, inDrive: boolean): string {
  if (file.disk) return `${file.disk.handle.name} · on this computer`;
  if (inDrive) return "Google Drive";
  return "this browser only";
}

/** What to tell the user after a save, and the button that helps after a failure. */
export interface SaveNotice {
  kind: "info" | "error";
  text: string;
  retry: SaveRetry | null;
}

/** The notice for a save's outcome (none after a cancel). */
export function saveOutcomeNotice(outcome: SaveOutcome): SaveNotice | null {
  switch (outcome.kind) {
    case "written":
      return { kind: "info", text: `Saved "${outcome.name}" on this computer.`, retry: null };
    case "downloaded":
      return {
        kind: "info",
        text: canWriteFiles()
          ? `Downloaded "${outcome.name}". To save into a file of your choice and keep saving there, use Save as….`
          : `Downloaded "${outcome.name}" (this browser saves by downloading).`,
        retry: null,
      };
    case "reload":
      return {
        kind: "info",
        text: outcome.reopened
          ? `Reopened "${outcome.name}" as ${encodingLabel(outcome.file.encoding)}. Undo brings back the text you had; Save writes it in that encoding.`
          : `Reloaded "${outcome.name}" from disk. Undo brings back the text you had.`,
        retry: null,
      };
    case "failed":
      return { kind: "error", text: outcome.message, retry: outcome.retry };
    case "cancelled":
      return null;
  }
}
