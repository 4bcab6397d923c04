import { beforeAll, describe, expect, it } from "vitest";
import { decodeBytes, encodeText } from "~/text/text-encoding";
import { loadLegacyEncoders } from "~/text/legacy-encodings";
import { computer, DriveModel, sharedTab } from "./sync-test-support";
import { parseTabList, serializeTabList, recordLocalTabs, emptyTabList } from "./tab-list-file";

describe("notepad sync: encodings between computers", () => {
  // The legacy encoders load once (a big table: slow on a busy machine, so not in a test's time).
  beforeAll(() => loadLegacyEncoders(), 60_000);

  it("a Windows-1251 tab with CRLF is brought in as Windows-1251 with CRLF, and edits come back intact", async () => {
    const format = { encoding: "windows-1251", lineEnding: "crlf" } as const;
    const shared = await sharedTab("Письмо", "Привет\nмир", format);
    const { model, a, b, onA: id, fileId } = shared;
    const brought = b.notepad.tab(shared.onB);
    expect(brought).toMatchObject({
      text: "Привет\nмир",
      encoding: "windows-1251",
      lineEnding: "crlf",
    });
    b.notepad.type(brought.id, "Привет\nмир\nи всем");
    await b.sync.syncNow();
    expect(decodeBytes(model.files.get(fileId)!.bytes, "windows-1251")).toBe(
      "Привет\r\nмир\r\nи всем",
    );
    await a.sync.syncNow();
    expect(a.notepad.tab(id).text).toBe("Привет\nмир\nи всем");
    expect(a.notepad.copies).toEqual([]);
  });

  it("a Windows-1252 tab whose bytes are also valid UTF-8 keeps its encoding on the other computer", async () => {
    // "Ã©" in Windows-1252 is the bytes C3 A9: "é" when guessed as UTF-8.
    const { b, onB } = await sharedTab("Mojibake", "Ã© stays Ã©", { encoding: "windows-1252" });
    expect(b.notepad.tab(onB)).toMatchObject({
      text: "Ã© stays Ã©",
      encoding: "windows-1252",
    });
  });

  it("Drive bytes that do not decode in the tab's encoding are kept aside, never merged", async () => {
    const model = new DriveModel();
    const a = await computer(model, "a");
    const id = a.notepad.addTab("Notes", "cafe\nnotes");
    await a.sync.enable("all", id);
    const fileId = a.notepad.tab(id).driveFileId!;
    // Another app writes Windows-1252 bytes into the UTF-8 file.
    model.editFile(fileId, encodeText("café\nnotes\nmore", "windows-1252"));
    a.notepad.type(id, "cafe\nnotes typed here");
    await a.sync.syncNow();
    expect(a.notepad.tab(id).text).toBe("cafe\nnotes typed here");
    expect(a.notepad.copies.length).toBe(1);
    expect(a.notepad.tab(a.notepad.copies[0]).text).toBe("café\nnotes\nmore");
    expect(a.notepad.notices.at(-1)).toMatch(/could not be read as UTF-8.*not merged/);
    expect(a.sync.getStatus().tabs[id].kind).toBe("synced");
    expect(model.text(fileId)).toBe("cafe\nnotes typed here");
  });

  it("the tab list keeps each tab's encoding and line ending, and a change of them is written", () => {
    const list = recordLocalTabs(
      emptyTabList("a"),
      [{ driveFileId: "f1", name: "One", encoding: "shift_jis", lineEnding: "cr" }],
      [],
      1,
    );
    const read = parseTabList(serializeTabList(list))!;
    expect(read.tabs[0]).toMatchObject({ encoding: "shift_jis", lineEnding: "cr" });
    const changed = recordLocalTabs(
      read,
      [{ driveFileId: "f1", name: "One", encoding: "utf-8", lineEnding: "cr" }],
      [],
      2,
    );
    expect(changed.tabs[0]).toMatchObject({ encoding: "utf-8", updatedAt: 2 });
    expect(
      parseTabList('{"tabs":[{"driveFileId":"f","encoding":"klingon"}]}')!.tabs[0].encoding,
    ).toBeUndefined();
  });
});
