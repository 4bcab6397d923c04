import { beforeAll, describe, expect, it } from "vitest";
import { guessLegacyEncoding } from "~/text/detect-encoding";
import { isLegacyEncoding, loadLegacyEncoders } from "~/text/legacy-encodings";
import { applyLineEnding } from "~/text/line-endings";
import { encodeText } from "~/text/text-encoding";
import { decodeWorkspaceFile, QUICK_GUESS_BYTES, SEARCH_GUESS_BYTES } from "./file-decoding";
import { FIXTURE_FILES } from "./workspace-fixture";

beforeAll(() => loadLegacyEncoders());

/** A fixture file's text repeated past the full guess's sample, in its encoding. */
function longFile(file: (typeof FIXTURE_FILES)[number], prefix = "") {
  let text = prefix;
  while (text.length < SEARCH_GUESS_BYTES * 2) text += file.text;
  return { text, bytes: encodeText(applyLineEnding(text, file.lineEnding), file.encoding) };
}

describe("the quick legacy-encoding guess (search's fast path)", () => {
  const legacy = FIXTURE_FILES.filter((file) => isLegacyEncoding(file.encoding));

  it.each(legacy.map((file) => [file.encoding, file] as const))(
    "reads a long %s file as the full guess does, text and all",
    async (_, file) => {
      const { bytes } = longFile(file);
      const decoded = await decodeWorkspaceFile(bytes);
      const fullGuess = await guessLegacyEncoding(bytes.subarray(0, SEARCH_GUESS_BYTES));
      const expected =
        fullGuess && fullGuess.encoding !== "windows-1252" ? fullGuess.encoding : "windows-1252";
      expect(decoded.ok && decoded.encoding).toBe(expected);
      expect(decoded.ok && decoded.text.split(file.word).length - 1).toBeGreaterThan(3);
    },
  );

  it("does not settle for Windows-1252 when the quick sample is plain ASCII", async () => {
    const japanese = FIXTURE_FILES.find((file) => file.encoding === "shift_jis")!;
    // The first QUICK_GUESS_BYTES are ASCII: only the full sample shows the Japanese.
    const { bytes } = longFile(japanese, "ascii line of a log\n".repeat(QUICK_GUESS_BYTES / 16));
    const decoded = await decodeWorkspaceFile(bytes);
    expect(decoded.ok && decoded.encoding).toBe("shift_jis");
    expect(decoded.ok && decoded.text.includes(japanese.word)).toBe(true);
  });
});

describe("marks and zero bytes, read once per file", () => {
  const text = "Γράφω σημειώσεις, naïve café.\r\n".repeat(50);

  it.each(["utf-16le-nobom", "utf-16be-nobom", "utf-16le", "utf-8-bom", "utf-8"] as const)(
    "reads %s text as it was written",
    async (encoding) => {
      const decoded = await decodeWorkspaceFile(encodeText(text, encoding));
      expect(decoded).toEqual({ ok: true, text, encoding });
    },
  );

  it("calls UTF-8 with a NUL binary, with or without a BOM", async () => {
    for (const encoding of ["utf-8", "utf-8-bom"] as const) {
      const bytes = encodeText(text + "\0" + text, encoding);
      expect(await decodeWorkspaceFile(bytes)).toEqual({ ok: false, reason: "binary" });
    }
  });
});
