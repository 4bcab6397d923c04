/**
 * Writes the byte-exact fixture files in tests/fixtures/encodings/ that the encoding and
 * line-ending round-trip tests read (app/text/file-checks.test.ts). Run once with
 * `node scripts/make-encoding-fixtures.mjs` and commit the result; the bytes are spelled out
 * here so the fixtures can be checked or rebuilt without trusting an editor.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const dir = fileURLToPath(new URL("../tests/fixtures/encodings/", import.meta.url));
mkdirSync(dir, { recursive: true });

const lines = ["Plainpad fixture", "Café – naïve € “quoted”", "", "last line"];
const utf8 = (text) => Buffer.from(text, "utf8");
const utf16le = (text) => Buffer.from(text, "utf16le");
const utf16be = (text) => Buffer.from(text, "utf16le").swap16();

/** Windows-1252 bytes written out: 0x80 €, 0xE9 é, 0x93/0x94 curly quotes, 0x96 en dash. */
const windows1252 = Buffer.concat([
  Buffer.from("Price: "),
  Buffer.from([0x80]),
  Buffer.from(" 5, caf"),
  Buffer.from([0xe9, 0x0d, 0x0a]),
  Buffer.from([0x93]),
  Buffer.from("quoted"),
  Buffer.from([0x94, 0x20, 0x96, 0x20]),
  Buffer.from("na"),
  Buffer.from([0xef]),
  Buffer.from("ve\r\n"),
]);

const files = {
  "lf.txt": utf8(lines.join("\n") + "\n"),
  "crlf.txt": utf8(lines.join("\r\n") + "\r\n"),
  // No final line break: the last line is written back without one.
  "cr.txt": utf8(lines.join("\r")),
  "utf8-bom.txt": Buffer.concat([
    Buffer.from([0xef, 0xbb, 0xbf]),
    utf8(lines.join("\r\n") + "\r\n"),
  ]),
  "utf16le.txt": Buffer.concat([
    Buffer.from([0xff, 0xfe]),
    utf16le([...lines, "Emoji 😀 and 𝄞"].join("\r\n") + "\r\n"),
  ]),
  "utf16be.txt": Buffer.concat([
    Buffer.from([0xfe, 0xff]),
    utf16be([...lines, "Emoji 😀"].join("\n") + "\n"),
  ]),
  "windows-1252.txt": windows1252,
  // Four CRLF and two LF line breaks: CRLF is the majority.
  "mixed.txt": utf8("one\r\ntwo\r\nthree\nfour\r\nfive\nsix – é\r\n"),
};

for (const [name, bytes] of Object.entries(files)) writeFileSync(dir + name, bytes);
console.log(`Wrote ${Object.keys(files).length} files to ${dir}`);
