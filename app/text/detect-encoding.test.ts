import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { confidenceLabel, guessLegacyEncoding, looksLikeIso2022Jp } from "./detect-encoding";

const fixture = (name: string) =>
  new Uint8Array(
    readFileSync(new URL(`../../tests/fixtures/encodings/legacy/${name}`, import.meta.url)),
  );

describe("guessing a legacy encoding", () => {
  it.each([
    ["shift_jis.txt", "shift_jis"],
    ["euc-jp.txt", "euc-jp"],
    ["gbk.txt", "gbk"],
    ["big5.txt", "big5"],
    ["euc-kr.txt", "euc-kr"],
    ["windows-1251.txt", "windows-1251"],
    ["koi8-r.txt", "koi8-r"],
    ["iso-8859-7.txt", "iso-8859-7"],
  ])("%s is %s, and says how sure", async (name, encoding) => {
    const guess = await guessLegacyEncoding(fixture(name));
    expect(guess?.encoding).toBe(encoding);
    expect(guess!.confidence).toBeGreaterThanOrEqual(0.5);
    expect(guess!.confidence).toBeLessThanOrEqual(1);
  });

  it("leaves a Western file in Windows-1252", async () => {
    const guess = await guessLegacyEncoding(new Uint8Array([0x63, 0x61, 0x66, 0xe9]));
    expect(guess?.encoding ?? "windows-1252").toBe("windows-1252");
  });

  it("recognises ISO-2022-JP by its escape sequences (it is ASCII otherwise)", () => {
    expect(looksLikeIso2022Jp(fixture("iso-2022-jp.txt"))).toBe(true);
    expect(looksLikeIso2022Jp(new TextEncoder().encode("plain \u001b[1m text"))).toBe(false);
  });

  it("words the confidence", () => {
    expect(confidenceLabel(0.987)).toBe("99% sure");
  });
});
