import { describe, expect, it } from "vitest";
import { RESUMABLE_THRESHOLD_BYTES } from "../rest";
import { computer, DriveModel, sharedTab } from "./sync-test-support";

describe("notepad sync: names and types", () => {
  it("a rename made on one computer reaches the other and does not flip back", async () => {
    const { model, a, b, onA: aNotes, onB: bNotes, fileId } = await sharedTab("Notes", "one\ntwo");
    a.notepad.rename(aNotes, "Ideas");
    await a.sync.syncNow();
    expect(model.files.get(fileId)!.name).toBe("Ideas.txt");
    // B types before it has seen the rename: its upload keeps Drive's name...
    b.notepad.type(bNotes, "one\ntwo\nthree");
    await b.sync.syncNow();
    expect(model.files.get(fileId)!.name).toBe("Ideas.txt");
    expect(model.text(fileId)).toBe("one\ntwo\nthree");
    // ...and its tab takes the new name (".txt" left off, as the tab had none).
    expect(b.notepad.tab(bNotes).name).toBe("Ideas");
    await a.sync.syncNow();
    expect(a.notepad.tab(aNotes).text).toBe("one\ntwo\nthree");
    expect(model.files.get(fileId)!.name).toBe("Ideas.txt");
    // And back the other way.
    b.notepad.rename(bNotes, "Plans.md");
    await b.sync.syncNow();
    a.notepad.type(aNotes, "one\ntwo\nthree\nfour");
    await a.sync.syncNow();
    expect(model.files.get(fileId)!.name).toBe("Plans.md");
    expect(a.notepad.tab(aNotes).name).toBe("Plans.md");
  });

  it("a rename in Drive's own page renames the tab when nothing else changed", async () => {
    const { model, a, onA: aNotes, fileId } = await sharedTab("Notes", "one\ntwo");
    model.files.get(fileId)!.name = "Renamed in Drive.txt";
    model.editFile(fileId, "one\ntwo"); // the same bytes: only the change is logged
    await a.sync.syncNow();
    expect(a.notepad.tab(aNotes).name).toBe("Renamed in Drive");
    expect(model.files.get(fileId)!.name).toBe("Renamed in Drive.txt");
  });

  it("uploads keep the MIME type of a .md or .json file opened from Drive", async () => {
    const model = new DriveModel();
    const md = model.addFile("readme.md", "# Title", { mimeType: "text/markdown" });
    const json = model.addFile("data.json", '{"a":1}', { mimeType: "application/json" });
    const a = await computer(model, "a");
    const mdTab = a.notepad.addTab("readme.md", "# Title", { driveFileId: md.id });
    const jsonTab = a.notepad.addTab("data.json", '{"a":1}', { driveFileId: json.id });
    await a.sync.enable("all", mdTab);
    a.notepad.type(mdTab, "# Title\n\nMore words");
    a.notepad.type(jsonTab, '{"a":2}');
    await a.sync.syncNow();
    a.notepad.type(mdTab, "# Title\n\nMore words, again");
    await a.sync.syncNow();
    expect(model.text(md.id)).toBe("# Title\n\nMore words, again");
    expect(model.text(json.id)).toBe('{"a":2}');
    expect(model.files.get(md.id)!.mimeType).toBe("text/markdown");
    expect(model.files.get(json.id)!.mimeType).toBe("application/json");
  });

  it("a big upload (resumable, over 5 MB) keeps the file's MIME type too", async () => {
    const model = new DriveModel();
    const md = model.addFile("readme.md", "# Title", { mimeType: "text/markdown" });
    const a = await computer(model, "a");
    const mdTab = a.notepad.addTab("readme.md", "# Title", { driveFileId: md.id });
    await a.sync.enable("all", mdTab);
    const big = `# Title\n${"x".repeat(RESUMABLE_THRESHOLD_BYTES)}`;
    a.notepad.type(mdTab, big);
    await a.sync.syncNow();
    expect(model.text(md.id)).toBe(big);
    expect(model.seen.some((seen) => seen.method === "PUT")).toBe(true);
    expect(model.files.get(md.id)!.mimeType).toBe("text/markdown");
  });
});
