import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { guessLegacyEncoding } from "~/text/detect-encoding";
import { isLegacyEncoding, loadLegacyEncoders } from "~/text/legacy-encodings";
import { applyLineEnding } from "~/text/line-endings";
import { encodeText } from "~/text/text-encoding";
import {
  decodeWorkspaceFile,
  QUICK_GUESS_BYTES,
  QUICK_GUESS_HIGH_BYTES,
  SEARCH_GUESS_BYTES,
} from "./file-decoding";
import { FIXTURE_FILES } from "./workspace-fixture";

// The detector itself, watched: which samples a file's decoding asked it about.
vi.mock("~/text/detect-encoding", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/text/detect-encoding")>();
  return { ...original, guessLegacyEncoding: vi.fn(original.guessLegacyEncoding) };
});
const guessedSampleLengths = () =>
  vi.mocked(guessLegacyEncoding).mock.calls.map(([sample]) => sample.length);
beforeEach(() => {
  vi.mocked(guessLegacyEncoding).mockClear();
});

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

  it.each(["windows-1252", "shift_jis"] as const)(
    `reads a long %s file from the quick sample alone (${QUICK_GUESS_HIGH_BYTES} high bytes or more)`,
    async (encoding) => {
      const file = FIXTURE_FILES.find((fixture) => fixture.encoding === encoding)!;
      const { bytes } = longFile(file);
      const decoded = await decodeWorkspaceFile(bytes);
      expect(decoded.ok && decoded.encoding).toBe(encoding);
      expect(guessedSampleLengths()).toEqual([QUICK_GUESS_BYTES]);
    },
  );

  it("does not trust a quick sample with a few high bytes: one © before Russian text", async () => {
    const russian = FIXTURE_FILES.find((file) => file.encoding === "koi8-r")!;
    // On this sample alone the detector says ISO-8859-2, 95% sure.
    const prefix = "Copyright © 2026 Plainpad\n" + "an english line of a log\n".repeat(170);
    const { bytes } = longFile(russian, prefix);
    const decoded = await decodeWorkspaceFile(bytes);
    expect(decoded.ok && decoded.encoding).toBe("koi8-r");
    expect(decoded.ok && decoded.text.startsWith("Copyright © 2026")).toBe(true);
    expect(guessedSampleLengths()).toEqual([SEARCH_GUESS_BYTES]);
  });

  it("does not take Windows-1252 from a quick sample with an arrow near its end", async () => {
    // A "->" ending right at the quick sample's end: jschardet's Windows-1252 prober drops all
    // before it as markup, and says Windows-1252 at 95% on what is left.
    const ukrainian = [
      "Добрий день! Сьогодні чудова погода, ходімо гуляти до парку.",
      "Столиця України — Київ, це велике й гарне місто.",
      "Ця функція читає файл налаштувань і зберігає результат у кеші.",
      "Якщо сталася помилка, перевірте журнал і запустіть програму ще раз.",
      "Завтрашня нарада розпочнеться о третій годині в другій кімнаті.",
      "У новій версії значно пришвидшено пошук у всіх файлах.",
      "Навесні в парках цвітуть дерева, і багато людей приходить фотографувати.",
      "Програма автоматично визначає кодування текстового файлу.",
    ];
    const encode = (text: string) => encodeText(text, "windows-1251");
    let head = "";
    for (
      let i = 0;
      encode(`${head}${ukrainian[i % ukrainian.length]}\na -> b\n`).length <= QUICK_GUESS_BYTES;
      i++
    ) {
      head += `${ukrainian[i % ukrainian.length]}\n`;
    }
    head += "x".repeat(QUICK_GUESS_BYTES - encode(`${head}a -> b\n`).length) + "a -> b\n";
    let text = head;
    for (let i = 0; encode(text).length < 20_000; i++)
      text += `${ukrainian[i % ukrainian.length]}\n`;
    const bytes = encode(text);
    expect(bytes[QUICK_GUESS_BYTES - 1]).toBe(0x0a);
    const quick = await guessLegacyEncoding(bytes.subarray(0, QUICK_GUESS_BYTES));
    expect(quick?.encoding).toBe("windows-1252");
    vi.mocked(guessLegacyEncoding).mockClear();
    const decoded = await decodeWorkspaceFile(bytes);
    expect(decoded.ok && decoded.encoding).toBe("windows-1251");
    expect(decoded.ok && decoded.text).toBe(text);
  });

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
