import { FileUp } from "lucide-react";
import { useRef } from "react";
import { FileRejectedError, readLocalTextFile } from "~/storage/local-files";
import { fileRejectionMessage } from "~/text/file-checks";
import type { CompareChoice } from "./compare-dialog";

/**
 * "Compare with a file…": a file from the computer to compare with (any browser: a plain file
 * input). It is read as Open reads a file (encoding detected, binary and oversized files
 * refused) and is only shown: nothing is written to it, and the document is not changed by
 * choosing it.
 */
export function CompareFileButton({
  className,
  onChosen,
  onFailed,
}: {
  className: string;
  onChosen: (choice: CompareChoice) => void;
  onFailed: (message: string) => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const countRef = useRef(0);

  async function read(file: File) {
    try {
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
          : `"${file.name}" could not be read. Your text is unchanged.`,
      );
    }
  }

  return (
    <>
      <button type="button" className={className} onClick={() => inputRef.current?.click()}>
        <FileUp size={16} aria-hidden="true" /> Compare with a file…
      </button>
      <input
        ref={inputRef}
        type="file"
        hidden
        aria-hidden="true"
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) void read(file);
        }}
      />
    </>
  );
}
