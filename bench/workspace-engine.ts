// The workspace engine as the bench runs it in Node (bundled by esbuild from app/workspace/),
// with a WorkspaceFolder over the real disk.
import { open, readdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { loadLegacyEncoders } from "~/text/legacy-encodings";
import { compileSearch } from "~/text/search";
import { encodeText } from "~/text/text-encoding";
import { applyLineEnding } from "~/text/line-endings";
import { findInFolder } from "~/workspace/find-in-files";
import { walkShownFiles } from "~/workspace/folder-walk";
import { QuickOpenIndex } from "~/workspace/fuzzy-rank";
import { applyReplacePlan, planReplace, undoReplace } from "~/workspace/replace-plan";
import type { FileStamp, FolderEntry, WorkspaceFolder } from "~/workspace/workspace-folder";

export class DiskFolder implements WorkspaceFolder {
  readonly writable = true;
  readonly name: string;

  constructor(private readonly root: string) {
    this.name = path.basename(root);
  }

  async list(folder: string): Promise<FolderEntry[]> {
    const entries = await readdir(path.join(this.root, folder), { withFileTypes: true });
    return entries.map((entry) => ({
      name: entry.name,
      path: folder === "" ? entry.name : `${folder}/${entry.name}`,
      kind: entry.isDirectory() ? "folder" : "file",
    }));
  }

  async stat(file: string): Promise<FileStamp> {
    const info = await stat(path.join(this.root, file));
    return { size: info.size, lastModified: info.mtimeMs };
  }

  async read(file: string) {
    const read = await this.readUpTo(file, Infinity);
    if (read === "too-large") throw new Error("unreachable: no file is over Infinity bytes");
    return read;
  }

  /**
   * One open file for its size, time and bytes (as a browser's File gives them together), as
   * the page's folders do (`HandleFolder.readUpTo`): a file over `maxBytes` is not read.
   */
  async readUpTo(file: string, maxBytes: number) {
    const handle = await open(path.join(this.root, file));
    try {
      const info = await handle.stat();
      if (info.size > maxBytes) return "too-large" as const;
      const bytes = await handle.readFile();
      return { bytes: new Uint8Array(bytes), size: info.size, lastModified: info.mtimeMs };
    } finally {
      await handle.close();
    }
  }

  async write(file: string, bytes: Uint8Array): Promise<FileStamp> {
    await writeFile(path.join(this.root, file), bytes);
    return this.stat(file);
  }

  // The bench changes files only by writing them: the tree's file commands are not measured.
  kindOf = notMeasured;
  createFile = notMeasured;
  createFolder = notMeasured;
  rename = notMeasured;
  move = notMeasured;
  remove = notMeasured;
}

function notMeasured(): never {
  throw new Error("The workspace bench does not create, rename, move or delete files.");
}

export {
  applyLineEnding,
  applyReplacePlan,
  compileSearch,
  encodeText,
  findInFolder,
  loadLegacyEncoders,
  planReplace,
  QuickOpenIndex,
  undoReplace,
  walkShownFiles,
};
