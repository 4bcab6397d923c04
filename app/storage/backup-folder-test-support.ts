import type { BackupDirectory } from "./backup-folder";

/**
 * Test support for the folder copies: a folder in memory that behaves as Chromium's directory
 * handles do. A writable writes to a swap and replaces the file on close; move() renames and
 * refuses an existing name; `failNextWrite` makes the next write throw (a full disk, a crash).
 */

/** An in-memory folder, with its files and a log of what was done to them. */
export type MemoryFolder = BackupDirectory & {
  files: Map<string, Uint8Array>;
  log: string[];
  failNextWrite(error: Error): void;
  text(name: string): string;
};

/** A new empty in-memory folder named "Backups". */
export function memoryFolder(
  options: { moveOverExisting?: boolean; withMove?: boolean } = {},
): MemoryFolder {
  const files = new Map<string, Uint8Array>();
  const log: string[] = [];
  let failNextWrite: Error | null = null;
  const folder: MemoryFolder = {
    name: "Backups",
    files,
    log,
    failNextWrite: (error) => (failNextWrite = error),
    text: (name) => new TextDecoder().decode(files.get(name)),
    async getFileHandle(name, opts) {
      if (!files.has(name)) {
        if (!opts?.create) throw new DOMException("no such file", "NotFoundError");
        files.set(name, new Uint8Array());
      }
      let current = name;
      return {
        async getFile() {
          const bytes = files.get(current);
          if (!bytes) throw new DOMException("no such file", "NotFoundError");
          return new Blob([bytes as Uint8Array<ArrayBuffer>]);
        },
        async createWritable() {
          let swap = new Uint8Array();
          return {
            async write(data) {
              if (failNextWrite) {
                const error = failNextWrite;
                failNextWrite = null;
                throw error;
              }
              swap =
                typeof data === "string"
                  ? new TextEncoder().encode(data)
                  : new Uint8Array(data as ArrayBuffer);
            },
            async close() {
              files.set(current, swap);
              log.push(`write ${current}`);
            },
          };
        },
        move:
          options.withMove === false
            ? undefined
            : async (newName: string) => {
                if (files.has(newName) && !options.moveOverExisting) {
                  throw new DOMException("exists", "InvalidModificationError");
                }
                files.set(newName, files.get(current)!);
                files.delete(current);
                log.push(`move ${current} -> ${newName}`);
                current = newName;
              },
      };
    },
    async removeEntry(name) {
      if (!files.delete(name)) throw new DOMException("no such file", "NotFoundError");
      log.push(`remove ${name}`);
    },
  };
  return folder;
}
