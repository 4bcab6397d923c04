import type { Text } from "@codemirror/state";
import { FileUp } from "lucide-react";
import { useRef } from "react";
import { pickFiles } from "~/storage/disk-files";
import { FileRejectedError, readLocalTextFile } from "~/storage/local-files";
import { fileRejectionMessage } from "~/text/file-checks";

/** The file chosen, as the compare dialog lists its choices (a `CompareChoice`). */
export interface ChosenFile {
  id: string;
  /** `the file "notes.txt"` */
  label: string;
  text: () => string | Text;
}

/**
 * "Compare with a file…": a file from the computer to compare with, picked as Open picks one
 * and read as Open reads it (encoding detected, binary and oversized files refused). It is only
 * shown: nothing is written to it, and choosing it does not change the document.
 */
export function CompareFileButton({
  className,
  extensions,
  onChosen,
  onFailed,
}: {
  className: string;
  /** The file types offered, as Open offers them (".txt", ".md"…). */
  extensions: readonly string[];
  onChosen: (choice: ChosenFile) => void;
  onFailed: (message: string) => void;
}) {
  const countRef = useRef(0);

  async function choose() {
    let file: File | undefined;
    try {
      const [picked] = await pickFiles({ multiple: false, extensions, description: "Text files" });
      if (!picked) return; // cancelled
      file = picked.file;
      const { text } = await readLocalTextFile(file);
      countRef.current += 1;
      onChosen({
        id: `file-${countRef.current}`,
        label: `the file "${file.name}"`,
        text: () => text,
      });
    } catch (error) {
      onFailed(
        error instanceof FileRejectedError
          ? fileRejectionMessage(error.fileName, error.reason)
          : `${file ? `"${file.name}"` : "The file"} could not be read. Your text is unchanged.`,
      );
    }
  }

  return (
    <button type="button" className={className} onClick={() => void choose()}>
      <FileUp size={16} aria-hidden="true" /> Compare with a file…
    </button>
  );
}
