import { history, undo } from "@codemirror/commands";
import { EditorState, Text } from "@codemirror/state";
import { describe, expect, it } from "vitest";
import {
  type DiskFileLink,
  type DocumentFileFormat,
  newFileFormat,
} from "~/storage/document-records";
import type { SnapshotReason } from "~/storage/history-store";
import { applyLineEnding } from "~/text/line-endings";
import type { HeldDocument } from "./apply-to-document";
import { ChangeFeed } from "./change-feed";
import { originOf } from "./change-origin";
import { viewDouble } from "./document-test-support";
import type { ChangedOnDiskChoice, SaveDisk } from "./file-save";
import { type SaveFlowHost, saveWithFlow } from "./save-flow";
import type { SaveNotice } from "./save-messages";
import { followForHistory, snapshotReasonOf } from "./history-snapshots";

/** A file on a fake disk: its name, bytes and modification time. */
interface FakeFile {
  name: string;
  bytes: Uint8Array;
  lastModified: number;
}

function handleOf(file: FakeFile): FileSystemFileHandle {
  return {
    kind: "file",
    name: file.name,
    getFile: async () =>
      ({ name: file.name, size: file.bytes.length, lastModified: file.lastModified }) as File,
  } as unknown as FileSystemFileHandle;
}

/**
 * A disk without a browser: files by name, a save dialog that answers `picked` (a name, null
 * for a cancel), and the downloads made.
 */
function fakeDisk(files: FakeFile[], picked: string | null = null) {
  const downloads: { name: string; bytes: Uint8Array }[] = [];
  const find = (handle: FileSystemFileHandle) => files.find((f) => f.name === handle.name);
  const linkOf = (file: FakeFile): DiskFileLink => ({
    handle: handleOf(file),
    lastModified: file.lastModified,
    size: file.bytes.length,
  });
  let clock = 100;
  const disk: SaveDisk = {
    ensureWritePermission: async () => true,
    diskFileState: async (link) => {
      const file = find(link.handle)!;
      const changed = file.lastModified !== link.lastModified || file.bytes.length !== link.size;
      return { file: (await link.handle.getFile()) as File, changed };
    },
    writeDiskFile: async (handle, bytes) => {
      let file = find(handle);
      if (!file) files.push((file = { name: handle.name, bytes, lastModified: 0 }));
      file.bytes = bytes;
      file.lastModified = ++clock;
      return linkOf(file);
    },
    pickSaveLocation: async () =>
      picked === null ? null : handleOf({ name: picked, bytes: new Uint8Array(), lastModified: 0 }),
    readPickedFile: async ({ file }) => {
      const onDisk = files.find((f) => f.name === file.name)!;
      const text = new TextDecoder().decode(onDisk.bytes);
      return {
        name: onDisk.name,
        text: Text.of(text.split(/\r\n|\n/)),
        encoding: "utf-8",
        lineEnding: text.includes("\r\n") ? "crlf" : "lf",
        mixedLineEndings: false,
        lastModified: onDisk.lastModified,
        size: onDisk.bytes.length,
        format: {
          encoding: "utf-8",
          lineEnding: text.includes("\r\n") ? "crlf" : "lf",
          disk: linkOf(onDisk),
        },
      };
    },
    download: (bytes, name) => downloads.push({ name, bytes }),
  };
  return { disk, downloads, linkOf };
}

const utf8 = (text: string) => new TextEncoder().encode(text);
const read = (file: FakeFile | undefined) => new TextDecoder().decode(file?.bytes);

let documents = 0;

/**
 * An editor's document as the flow's host: its state shown in a view (whose update listener
 * publishes to the document's feed, as the edit handler does) or held, with History following
 * the feed as the editors wire it; `snapshots` holds what History kept, by the flow or by its
 * follower.
 */
function editorDocument(
  text: string,
  file: DocumentFileFormat,
  options: { shown?: boolean; choice?: ChangedOnDiskChoice } = {},
) {
  const state = EditorState.create({ doc: text, extensions: [history()] });
  const feed = new ChangeFeed();
  const view =
    options.shown === false
      ? null
      : viewDouble(state, (update) => feed.publishTransactions("doc", update.transactions));
  const held: HeldDocument = { state };
  const doc = {
    name: "notes.txt",
    file,
    mixedLineEndings: true,
    modified: true,
    gone: false,
    view,
    held,
    notices: [] as SaveNotice[],
    snapshots: [] as { text: string; reason: SnapshotReason }[],
    asked: [] as string[],
    text: () => (view ? view.state.doc : held.state!.doc),
  };
  followForHistory(feed, {
    history: () => ({
      noteEdit: () => undefined,
      snapshotNow: async (_id, snapshot, reason) => {
        doc.snapshots.push({ text: snapshot.text.toString(), reason });
        return null;
      },
    }),
    name: () => doc.name,
  });
  const host: SaveFlowHost = {
    key: `document-${++documents}`,
    current: () => (doc.gone ? null : { name: doc.name, text: doc.text(), file: doc.file }),
    target: () => ({ view, held, feed: { feed, id: "doc" } }),
    askChangedOnDisk: async (fileName) => {
      doc.asked.push(fileName);
      return options.choice ?? "cancel";
    },
    recordSnapshot: async (snapshot, reason) =>
      doc.snapshots.push({ text: snapshot.toString(), reason }),
    setFile: (format, mixed) => {
      doc.file = format;
      doc.mixedLineEndings = mixed;
    },
    rename: (fileName) => (doc.name = fileName),
    markSaved: () => (doc.modified = false),
    notify: (notice) => doc.notices.push(notice),
  };
  return { doc, host };
}

/** Runs `during` as each write starts, before its bytes land: what happens while a write runs. */
function whileWriting(disk: SaveDisk, during: () => void | Promise<void>): void {
  const write = disk.writeDiskFile;
  disk.writeDiskFile = async (handle, bytes) => {
    await during();
    return write(handle, bytes);
  };
}

/** Where a test's document stands: its file (`onDisk`, or none) and the save dialog's answer. */
interface Setup {
  /** The document's format beyond UTF-8 and LF (its file link is the setup's). */
  format?: Partial<Omit<DocumentFileFormat, "disk">>;
  /** Whether the document is linked to "notes.txt" on the disk, holding "old\r\ntext". */
  linked?: boolean;
  /** Text another program writes to the file after the document was linked to it. */
  theirs?: string;
  /** What the save dialog answers: a file name, or null for a cancel. */
  picked?: string | null;
  shown?: boolean;
  choice?: ChangedOnDiskChoice;
}

/**
 * A fake disk (holding "notes.txt" when `linked`, the default) and an editor document of
 * `text` on it, as `setup` says.
 */
function documentOnDisk(
  text: string,
  { format, linked = true, theirs, picked = null, ...options }: Setup = {},
) {
  const onDisk: FakeFile = { name: "notes.txt", bytes: utf8("old\r\ntext"), lastModified: 1 };
  const files = linked ? [onDisk] : [];
  const { disk, downloads, linkOf } = fakeDisk(files, picked);
  const link = linked ? linkOf(onDisk) : null;
  if (theirs !== undefined) {
    onDisk.bytes = utf8(theirs);
    onDisk.lastModified = 50;
  }
  const { doc, host } = editorDocument(
    text,
    { ...newFileFormat(), ...format, disk: link },
    options,
  );
  return { onDisk, files, disk, downloads, doc, host };
}

describe("the save flow both editors share", () => {
  it("writes the file in its line ending, marks it saved and keeps its format", async () => {
    const { onDisk, disk, doc, host } = documentOnDisk("new\ntext", {
      format: { lineEnding: "crlf" },
    });

    const outcome = await saveWithFlow(host, "save", disk);

    expect(outcome.kind).toBe("written");
    expect(read(onDisk)).toBe("new\r\ntext");
    expect(doc.modified).toBe(false);
    expect(doc.file).toMatchObject({ encoding: "utf-8", lineEnding: "crlf" });
    // The document's link is the file as now written: the next Save does not ask.
    expect(doc.file.disk?.lastModified).toBe(onDisk.lastModified);
    expect(doc.mixedLineEndings).toBe(false);
    expect(doc.notices).toEqual([
      { kind: "info", text: 'Saved "notes.txt" on this computer.', retry: null },
    ]);
  });

  it("keeps the document unsaved when it was edited while the write ran", async () => {
    const { onDisk, disk, doc, host } = documentOnDisk("new");
    whileWriting(disk, () => doc.view!.dispatch({ changes: { from: 3, insert: "er" } }));

    await saveWithFlow(host, "save", disk);

    expect(read(onDisk)).toBe("new");
    expect(doc.modified).toBe(true);
  });

  it("keeps a format changed while the write ran, and the document unsaved", async () => {
    // Interleaving: Save starts writing UTF-8 / LF; during the write the person picks
    // Windows-1252 and CRLF and a language. The write's outcome put back the format from
    // before (undoing the change) and marked the document saved, though the file holds the old
    // format. Only the file link is the save's to set.
    const { onDisk, disk, doc, host } = documentOnDisk("a\nb");
    whileWriting(disk, () => {
      // What the status bar's encoding and line ending choices do (the document is modified).
      doc.file = {
        ...doc.file,
        encoding: "windows-1252",
        lineEnding: "crlf",
        language: "markdown",
      };
      doc.modified = true;
    });

    const outcome = await saveWithFlow(host, "save", disk);

    expect(outcome.kind).toBe("written");
    expect(read(onDisk)).toBe("a\nb");
    expect(doc.file).toMatchObject({
      encoding: "windows-1252",
      lineEnding: "crlf",
      language: "markdown",
    });
    // The link is the file as now written: the next Save (in the new format) does not ask.
    expect(doc.file.disk?.lastModified).toBe(onDisk.lastModified);
    expect(doc.modified).toBe(true);
    await saveWithFlow(host, "save", disk);
    expect(doc.asked).toEqual([]);
    expect(read(onDisk)).toBe("a\r\nb");
    expect(doc.modified).toBe(false);
  });

  it("a language picked while the write ran stays, and the document is saved", async () => {
    const { disk, doc, host } = documentOnDisk("a\nb");
    whileWriting(disk, () => {
      doc.file = { ...doc.file, language: "markdown" };
    });

    await saveWithFlow(host, "save", disk);

    expect(doc.file.language).toBe("markdown");
    expect(doc.modified).toBe(false);
  });

  it("a download keeps the document unsaved when its format changed meanwhile", async () => {
    const { disk, downloads, doc, host } = documentOnDisk("a\nb", { linked: false });
    disk.download = (bytes, name) => {
      downloads.push({ name, bytes });
      doc.file = { ...doc.file, lineEnding: "crlf" };
    };

    await saveWithFlow(host, "save", disk);

    expect(new TextDecoder().decode(downloads[0]!.bytes)).toBe("a\nb");
    expect(doc.file.lineEnding).toBe("crlf");
    expect(doc.modified).toBe(true);
  });

  it("Save As writes the chosen file and renames the document after it", async () => {
    const { files, disk, doc, host } = documentOnDisk("# Title", {
      linked: false,
      format: { encoding: "utf-16le" },
      picked: "chosen.md",
    });

    const outcome = await saveWithFlow(host, "save-as", disk);

    expect(outcome).toMatchObject({ kind: "written", name: "chosen.md" });
    expect(doc.name).toBe("chosen.md");
    expect(doc.file.disk?.handle.name).toBe("chosen.md");
    expect(doc.file.encoding).toBe("utf-16le");
    // UTF-16 LE with its byte order mark.
    expect(Array.from(files[0]!.bytes.slice(0, 4))).toEqual([0xff, 0xfe, 0x23, 0x00]);
    expect(doc.modified).toBe(false);
  });

  it("a cancelled save dialog changes nothing", async () => {
    const { files, disk, downloads, doc, host } = documentOnDisk("text", { linked: false });

    const outcome = await saveWithFlow(host, "save-as", disk);

    expect(outcome.kind).toBe("cancelled");
    expect(files).toEqual([]);
    expect(downloads).toEqual([]);
    expect(doc).toMatchObject({ name: "notes.txt", modified: true, notices: [] });
    expect(doc.file.disk).toBeNull();
  });

  it("refuses text its encoding cannot hold, says which, and marks nothing saved", async () => {
    const { onDisk, disk, downloads, doc, host } = documentOnDisk("café 日本", {
      format: { encoding: "windows-1252" },
    });

    const outcome = await saveWithFlow(host, "save", disk);

    expect(outcome.kind).toBe("failed");
    expect(read(onDisk)).toBe("old\r\ntext");
    expect(downloads).toEqual([]);
    expect(doc.modified).toBe(true);
    expect(doc.notices).toHaveLength(1);
    expect(doc.notices[0]!.kind).toBe("error");
    expect(doc.notices[0]!.text).toContain('"notes.txt"');
    expect(doc.notices[0]!.text).toContain("日");
  });

  it("downloads a document without a file, in its line ending, and marks it saved", async () => {
    const { disk, downloads, doc, host } = documentOnDisk("a\nb", {
      linked: false,
      format: { lineEnding: "crlf" },
    });

    const outcome = await saveWithFlow(host, "save", disk);

    expect(outcome).toEqual({ kind: "downloaded", name: "notes.txt" });
    expect(downloads.map((d) => [d.name, new TextDecoder().decode(d.bytes)])).toEqual([
      ["notes.txt", applyLineEnding("a\nb", "crlf")],
    ]);
    expect(doc.modified).toBe(false);
  });

  it("a lost permission goes on as Save As", async () => {
    const { onDisk, files, disk, doc, host } = documentOnDisk("mine", { picked: "copy.txt" });
    disk.ensureWritePermission = async () => false;

    await saveWithFlow(host, "save", disk);

    expect(read(onDisk)).toBe("old\r\ntext");
    expect(read(files.find((f) => f.name === "copy.txt"))).toBe("mine");
    // The document belongs to the new file from now on (its name stays: a Save, not Save As).
    expect(doc.file.disk?.handle.name).toBe("copy.txt");
    expect(doc.modified).toBe(false);
  });

  it("changed on disk, 'overwrite' keeps the disk's text in History and writes mine", async () => {
    const { onDisk, disk, doc, host } = documentOnDisk("mine", {
      theirs: "theirs",
      choice: "overwrite",
    });

    await saveWithFlow(host, "save", disk);

    expect(doc.asked).toEqual(["notes.txt"]);
    expect(doc.snapshots).toEqual([{ text: "theirs", reason: "before-overwrite" }]);
    expect(read(onDisk)).toBe("mine");
    expect(doc.modified).toBe(false);
  });

  it("changed on disk, 'reload' puts the disk's text in the shown document as an undoable edit", async () => {
    const { onDisk, disk, doc, host } = documentOnDisk("mine", {
      theirs: "theirs\r\nnow",
      choice: "reload",
    });

    const outcome = await saveWithFlow(host, "save", disk);

    expect(outcome.kind).toBe("reload");
    expect(read(onDisk)).toBe("theirs\r\nnow");
    expect(doc.text().toString()).toBe("theirs\nnow");
    expect(doc.modified).toBe(false);
    expect(doc.file).toMatchObject({ lineEnding: "crlf", disk: { lastModified: 50 } });
    const [tr] = doc.view!.heard;
    // Through the apply path: History keeps the text it replaced, and Undo brings it back.
    expect(originOf(tr!)).toBe("restore");
    expect(doc.snapshots).toEqual([{ text: "mine", reason: "reloaded-from-disk" }]);
    expect(
      snapshotReasonOf({ docChanged: true, startState: tr!.startState, transactions: [tr!] }),
    ).toBe("reloaded-from-disk");
    undo(doc.view!);
    expect(doc.text().toString()).toBe("mine");
    expect(doc.notices[0]!.text).toBe(
      'Reloaded "notes.txt" from disk. Undo brings back the text you had.',
    );
  });

  it("changed on disk, 'reload' of a document not shown keeps its text in History first", async () => {
    const { disk, doc, host } = documentOnDisk("mine", {
      theirs: "theirs",
      choice: "reload",
      shown: false,
    });

    await saveWithFlow(host, "save", disk);

    expect(doc.snapshots).toEqual([{ text: "mine", reason: "reloaded-from-disk" }]);
    expect(doc.text().toString()).toBe("theirs");
    expect(doc.modified).toBe(false);
  });

  it("'reload' of a document whose state is not built yet hands the text to the host", async () => {
    const { disk, doc, host } = documentOnDisk("mine", {
      theirs: "theirs",
      choice: "reload",
      shown: false,
    });
    const held: string[] = [];
    const text = doc.text();
    doc.held.state = null;
    host.current = () => ({ name: doc.name, text, file: doc.file });
    host.holdText = (reloaded) => held.push(reloaded);

    await saveWithFlow(host, "save", disk);

    expect(held).toEqual(["theirs"]);
    expect(doc.snapshots).toEqual([{ text: "mine", reason: "reloaded-from-disk" }]);
    expect(doc.modified).toBe(false);
  });

  it("changed on disk, 'cancel' changes nothing, and the outcome of a document gone is not applied", async () => {
    const { onDisk, disk, doc, host } = documentOnDisk("mine", { theirs: "old\r\ntext" });

    await saveWithFlow(host, "save", disk);
    expect(read(onDisk)).toBe("old\r\ntext");
    expect(doc).toMatchObject({ modified: true, notices: [] });

    const gone = documentOnDisk("text", { linked: false, picked: "elsewhere.txt" });
    whileWriting(gone.disk, () => {
      gone.doc.gone = true;
    });
    await saveWithFlow(gone.host, "save-as", gone.disk);
    expect(gone.doc).toMatchObject({ name: "notes.txt", modified: true, notices: [] });
  });

  it("a second Save while the first is writing waits for it, then writes the newer text", async () => {
    const { onDisk, disk, doc, host } = documentOnDisk("one");
    // The first write is slow (a big file, a busy disk): it lands when `finishFirst` is called.
    let finishFirst = () => undefined as void;
    let firstStarted = () => undefined as void;
    const started = new Promise<void>((resolve) => (firstStarted = resolve));
    let writes = 0;
    whileWriting(disk, async () => {
      if (writes++ > 0) return;
      firstStarted();
      await new Promise<void>((resolve) => (finishFirst = resolve));
    });

    const first = saveWithFlow(host, "save", disk);
    await started;
    // The person types on and presses Save again while the first write runs.
    doc.view!.dispatch({ changes: { from: 3, insert: " two" } });
    const second = saveWithFlow(host, "save", disk);
    // Whatever the second save can do before the first write lands, it does now.
    await new Promise((resolve) => setTimeout(resolve, 0));
    finishFirst();
    await Promise.all([first, second]);

    // The file holds the newer text, and the document says saved only because it does; our own
    // first write is not mistaken for a change made on disk by someone else.
    expect(read(onDisk)).toBe("one two");
    expect(doc.modified).toBe(false);
    expect(doc.asked).toEqual([]);
    expect(doc.file.disk?.lastModified).toBe(onDisk.lastModified);
  });
});
