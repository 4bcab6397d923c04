import { beforeAll, describe, expect, it } from "vitest";
import { loadLegacyEncoders } from "~/text/legacy-encodings";
import { findInFolder } from "~/workspace/find-in-files";
import {
  FIXTURE_FILES,
  type FixtureFile,
  fixtureBytes,
  mixedEncodingFolder,
} from "~/workspace/workspace-fixture";
import { FileListFolder, type MemoryFolder } from "~/workspace/workspace-folder";
import {
  type FindInFilesHost,
  FindInFilesSession,
  progressWords,
  type ReplaceOutcome,
  summaryWords,
} from "./find-in-files-session";

beforeAll(() => loadLegacyEncoders());

/** A word of each fixture file's script: one search finds a match in every encoding. */
const EVERY_WORD = FIXTURE_FILES.map((file) => file.word).join("|");

/** The search the worker runs (find-job.ts), run here on the in-memory folder. */
function inlineFind(folder: FindInFilesHost["folder"]): FindInFilesHost["startFind"] {
  return (query, onEvent) => {
    const controller = new AbortController();
    void (async () => {
      for await (const event of findInFolder(folder, query, controller.signal)) {
        if (controller.signal.aborted) return;
        onEvent(event);
      }
    })();
    return { cancel: () => controller.abort() };
  };
}

interface Recorded {
  versions: { path: string; text: string }[];
  written: { path: string; bytes: Uint8Array }[];
}

function sessionOn(
  folder: MemoryFolder,
  modifiedTabs: string[] = [],
): { session: FindInFilesSession; recorded: Recorded } {
  const recorded: Recorded = { versions: [], written: [] };
  const session = new FindInFilesSession({
    folder,
    startFind: inlineFind(folder),
    openTab: (path) => (modifiedTabs.includes(path) ? { modified: true } : null),
    fileWritten: (path, bytes) => recorded.written.push({ path, bytes }),
    keepVersion: (path, text) => void recorded.versions.push({ path, text }),
  });
  return { session, recorded };
}

async function bytesOf(folder: MemoryFolder, path: string): Promise<Uint8Array> {
  return (await folder.read(path)).bytes;
}

/** The bytes a fixture file should hold after its word is replaced with `replacement`. */
function replacedBytes(file: FixtureFile, replacement: string): Uint8Array {
  return fixtureBytes({ ...file, text: file.text.replace(file.word, replacement) });
}

/**
 * A session reviewing a replace of a word of every script with "Paris" (every match ticked),
 * each file's bytes before it, and the tabs with unsaved edits (none yet: a test types in one).
 */
async function reviewingEveryWord() {
  const folder = mixedEncodingFolder();
  const modifiedTabs: string[] = [];
  const { session } = sessionOn(folder, modifiedTabs);
  session.setForm({ query: EVERY_WORD, regexp: true, replacement: "Paris" });
  await session.search();
  session.review();
  const originals = new Map<string, Uint8Array>();
  for (const file of FIXTURE_FILES) originals.set(file.path, await bytesOf(folder, file.path));
  return { folder, session, modifiedTabs, originals };
}

/** A replace's or an undo's outcome left `path` alone (its tab has unsaved edits) and says so. */
function expectLeftAloneAndListed(outcome: ReplaceOutcome, path: string): void {
  expect(outcome.written.map((file) => file.path)).not.toContain(path);
  expect(outcome.notWritten).toContainEqual({
    path,
    message: expect.stringMatching(/open in a tab with changes not saved yet/),
  });
}

describe("find in files, the session", () => {
  it("finds a word of every script in its own file, whatever the encoding, with progress and counts", async () => {
    const { session } = sessionOn(mixedEncodingFolder());
    const seen: string[] = [];
    session.subscribe(() => {
      const { progress } = session.state;
      if (progress) seen.push(progressWords(progress));
    });
    session.setForm({ query: EVERY_WORD, regexp: true });
    await session.search();
    const { files, summary, phase } = session.state;
    expect(phase).toBe("searched");
    expect(files.map((hits) => [hits.path, hits.encoding]).sort()).toEqual(
      FIXTURE_FILES.map((file) => [file.path, file.encoding]).sort(),
    );
    for (const hits of files) {
      const file = FIXTURE_FILES.find((fixture) => fixture.path === hits.path)!;
      const [line] = hits.lines;
      const [match] = line.matches;
      expect(line.text.slice(match.from - line.textStart, match.to - line.textStart)).toBe(
        file.word,
      );
    }
    expect(seen.at(-1)).toMatch(/^Searched \d+ of \d+ files…$/);
    expect(summaryWords(summary!)).toEqual([
      "6 matches in 6 files (6 searched).",
      "1 binary file (images, archives and the like) not searched.",
    ]);
  });

  it("says an invalid regular expression in the shared words, and searches nothing", async () => {
    const { session } = sessionOn(mixedEncodingFolder());
    session.setForm({ query: "(unclosed", regexp: true });
    await session.search();
    expect(session.state.error).toBe('Invalid pattern: "(unclosed" is not a regular expression.');
    expect(session.state.files).toEqual([]);
  });

  it("reviews with a checkbox per match and per file, every one ticked at first", async () => {
    const folder = mixedEncodingFolder();
    folder.put("two.txt", new TextEncoder().encode("Москва\nи снова Москва\n"));
    const { session } = sessionOn(folder);
    session.setForm({ query: "Москва" });
    await session.search();
    session.review();
    expect(session.state.phase).toBe("reviewing");
    const two = session.state.files.find((hits) => hits.path === "two.txt")!;
    expect(session.tickedCounts()).toEqual({ matches: 3, files: 2 });
    expect(session.state.selection.fileTick(two)).toBe("all");
    session.toggleMatch("two.txt", two.lines[1].matches[0].from);
    expect(session.state.selection.fileTick(two)).toBe("some");
    expect(session.tickedCounts()).toEqual({ matches: 2, files: 2 });
    session.toggleFile(two); // Some → all.
    expect(session.state.selection.fileTick(two)).toBe("all");
    session.toggleFile(two); // All → none.
    expect(session.state.selection.fileTick(two)).toBe("none");
    expect(session.tickedCounts()).toEqual({ matches: 1, files: 1 });
  });

  it("replaces the ticked matches byte for byte in every encoding, keeps History, and undoes to the original bytes", async () => {
    const folder = mixedEncodingFolder();
    const originals = new Map<string, Uint8Array>();
    for (const file of FIXTURE_FILES) originals.set(file.path, await bytesOf(folder, file.path));
    const { session, recorded } = sessionOn(folder);
    session.setForm({ query: EVERY_WORD, regexp: true, replacement: "Paris" });
    await session.search();
    session.review();
    const kept = session.state.files.find((hits) => hits.path === "japan/letter.txt")!;
    session.toggleMatch(kept.path, kept.lines[0].matches[0].from);
    const outcome = await session.replace();
    expect(outcome?.message).toBe("Replaced 5 matches in 5 files.");
    expect(outcome?.notWritten).toEqual([]);
    for (const file of FIXTURE_FILES) {
      const expected =
        file.path === kept.path ? originals.get(file.path)! : replacedBytes(file, "Paris");
      expect(await bytesOf(folder, file.path), file.path).toEqual(expected);
    }
    // Each written file's text before the replace is in History, and its tab is told.
    expect(recorded.versions.map((version) => version.path).sort()).toEqual(
      FIXTURE_FILES.filter((file) => file.path !== kept.path)
        .map((file) => file.path)
        .sort(),
    );
    const greek = FIXTURE_FILES.find((file) => file.encoding === "utf-16le")!;
    // As a tab shows it: the text without its byte-order mark, lines ending in "\n".
    expect(recorded.versions.find((version) => version.path === greek.path)?.text).toBe(greek.text);
    expect(recorded.written.map((write) => write.path)).toHaveLength(5);
    expect(session.state.canUndo).toBe(true);

    const undone = await session.undo();
    expect(undone?.message).toBe("Put back 5 files as they were before the replace.");
    for (const file of FIXTURE_FILES) {
      expect(await bytesOf(folder, file.path), file.path).toEqual(originals.get(file.path));
    }
    expect(session.state.canUndo).toBe(false);
  });

  it("lists a file changed on disk since the search, and one with unsaved edits in its tab, without writing them", async () => {
    const folder = mixedEncodingFolder();
    const menu = FIXTURE_FILES.find((file) => file.encoding === "windows-1252")!;
    const russian = FIXTURE_FILES.find((file) => file.encoding === "koi8-r")!;
    const { session } = sessionOn(folder, [russian.path]);
    session.setForm({ query: EVERY_WORD, regexp: true, replacement: "Paris" });
    await session.search();
    session.review();
    // Another program rewrites the menu after the search.
    const theirs = fixtureBytes({ ...menu, text: menu.text + "Encore une ligne\n" });
    folder.put(menu.path, theirs);
    const outcome = await session.replace();
    expect(outcome?.notWritten.map((file) => file.path).sort()).toEqual(
      [menu.path, russian.path].sort(),
    );
    expect(outcome?.notWritten.find((file) => file.path === menu.path)?.message).toMatch(
      /changed on disk since the search, so it was not changed/,
    );
    expect(outcome?.notWritten.find((file) => file.path === russian.path)?.message).toMatch(
      /open in a tab with changes not saved yet/,
    );
    expect(await bytesOf(folder, menu.path)).toEqual(theirs);
    expect(await bytesOf(folder, russian.path)).toEqual(fixtureBytes(russian));
    expect(outcome?.message).toBe("Replaced 4 matches in 4 files.");
  });

  it("refuses, in words, a replacement a legacy encoding cannot hold, and writes the Unicode files", async () => {
    const folder = mixedEncodingFolder();
    const { session } = sessionOn(folder);
    session.setForm({ query: EVERY_WORD, regexp: true, replacement: "🙂" });
    await session.search();
    session.review();
    const outcome = await session.replace();
    const unicode = FIXTURE_FILES.filter((file) => file.encoding.startsWith("utf"));
    expect(outcome?.written.map((file) => file.path).sort()).toEqual(
      unicode.map((file) => file.path).sort(),
    );
    const refused = outcome!.notWritten;
    expect(refused).toHaveLength(FIXTURE_FILES.length - unicode.length);
    expect(refused.find((file) => file.path === "japan/letter.txt")?.message).toMatch(
      /stored as .*Shift_JIS.*which has no 🙂 for the replacement, so nothing was replaced in it/,
    );
    for (const file of unicode) {
      expect(await bytesOf(folder, file.path)).toEqual(replacedBytes(file, "🙂"));
    }
  });

  it("does not write a file whose tab was edited while the replace was under way, and lists it", async () => {
    const folder = mixedEncodingFolder();
    const readme = FIXTURE_FILES.find((file) => file.path === "utf8/readme.md")!;
    let typedInReadme = false;
    const written: string[] = [];
    const session = new FindInFilesSession({
      folder,
      startFind: inlineFind(folder),
      // The readme is open in a tab, saved when Replace is pressed.
      openTab: (path) => (path === readme.path ? { modified: typedInReadme } : null),
      fileWritten: (path) => void written.push(path),
      // The person types in the readme's tab while History keeps the files' texts.
      keepVersion: () => void (typedInReadme = true),
    });
    session.setForm({ query: "München", replacement: "Berlin" });
    await session.search();
    session.review();
    const outcome = await session.replace();
    expect(outcome?.notWritten.map((file) => file.path)).toContain(readme.path);
    expect(outcome?.notWritten.find((file) => file.path === readme.path)?.message).toMatch(
      /open in a tab with changes not saved yet/,
    );
    // Not written, and its tab not reloaded over the typing.
    expect(await bytesOf(folder, readme.path)).toEqual(fixtureBytes(readme));
    expect(written).not.toContain(readme.path);
  });

  it("keeps only the last replace's originals: a second replace's undo leaves the first's result", async () => {
    const folder = mixedEncodingFolder();
    const readme = FIXTURE_FILES.find((file) => file.path === "utf8/readme.md")!;
    const { session } = sessionOn(folder);
    session.setForm({ query: "München", replacement: "Berlin" });
    await session.search();
    session.review();
    await session.replace();
    session.setForm({ query: "Grüße", replacement: "Hallo" });
    await session.search();
    session.review();
    await session.replace();
    await session.undo();
    expect(await bytesOf(folder, readme.path)).toEqual(replacedBytes(readme, "Berlin"));
    expect(session.state.canUndo).toBe(false);
  });

  it("undo checks each file's tab just before writing it: one typed in during the undo is left alone, and listed", async () => {
    const { folder, session, modifiedTabs, originals } = await reviewingEveryWord();
    const [first, second] = (await session.replace())!.written.map((file) => file.path);
    const secondAfterReplace = await bytesOf(folder, second!);
    // The person types in the second file's tab while the undo writes the first.
    const write = folder.write.bind(folder);
    folder.write = async (path, bytes) => {
      const stamp = await write(path, bytes);
      if (path === first) modifiedTabs.push(second!);
      return stamp;
    };
    const undone = (await session.undo())!;
    expect(await bytesOf(folder, first!)).toEqual(originals.get(first!));
    expect(await bytesOf(folder, second!)).toEqual(secondAfterReplace);
    expectLeftAloneAndListed(undone, second!);
  });

  it("replace checks each file's tab just before writing it: one typed in during the writes is left alone, and listed", async () => {
    const { folder, session, modifiedTabs, originals } = await reviewingEveryWord();
    // The person types in another file's tab while the replace writes the first one.
    let typedIn: string | null = null;
    const write = folder.write.bind(folder);
    folder.write = async (path, bytes) => {
      const stamp = await write(path, bytes);
      if (typedIn === null) {
        typedIn = FIXTURE_FILES.find((file) => file.path !== path)!.path;
        modifiedTabs.push(typedIn);
      }
      return stamp;
    };
    const outcome = (await session.replace())!;
    expect(typedIn).not.toBeNull();
    expect(await bytesOf(folder, typedIn!)).toEqual(originals.get(typedIn!));
    expectLeftAloneAndListed(outcome, typedIn!);
  });

  it("stops a running search when asked, and a new search replaces the old one's results", async () => {
    const folder = mixedEncodingFolder();
    const { session } = sessionOn(folder);
    session.setForm({ query: EVERY_WORD, regexp: true });
    const stopped = session.search();
    session.cancel();
    await stopped;
    expect(session.state.phase).toBe("searched");
    expect(session.state.summary).toBeNull();
    session.setForm({ query: "Москва" });
    await session.search();
    expect(session.state.files.map((hits) => hits.path)).toEqual(["russia/письмо.txt"]);
  });

  it("says a folder this browser cannot write has no Replace in files", async () => {
    const bytes = new TextEncoder().encode("alpha");
    const readOnly = new FileListFolder([
      {
        webkitRelativePath: "book/a.txt",
        size: bytes.byteLength,
        lastModified: 1,
        arrayBuffer: async () => bytes.buffer as ArrayBuffer,
      },
    ]);
    const session = new FindInFilesSession({
      folder: readOnly,
      startFind: inlineFind(readOnly),
    });
    session.setForm({ query: "alpha" });
    await session.search();
    expect(session.state.files).toHaveLength(1);
    session.review();
    expect(session.state.phase).toBe("searched");
    expect(session.state.error).toMatch(/This browser cannot write to folders/);
  });
});
