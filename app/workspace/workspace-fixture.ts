import { applyLineEnding, type LineEnding } from "~/text/line-endings";
import { encodeText, type TextEncodingId } from "~/text/text-encoding";
import { MemoryFolder } from "./workspace-folder";

/**
 * A folder of mixed encodings and line endings for the workspace's tests (issue 52), made with
 * the project's own encoders: each file holds a word of its own script to be found. Call
 * `loadLegacyEncoders()` first.
 */
export interface FixtureFile {
  path: string;
  encoding: TextEncodingId;
  lineEnding: LineEnding;
  /** The word of the file's script, found only in it. */
  word: string;
  text: string;
}

const lines = (...parts: string[]) => parts.join("\n") + "\n";

export const FIXTURE_FILES: readonly FixtureFile[] = [
  {
    path: "utf8/readme.md",
    encoding: "utf-8",
    lineEnding: "lf",
    word: "München",
    text: lines("# Grüße", "Viele Grüße aus München, sagt die Straße.", "Ende."),
  },
  {
    path: "windows/notes.txt",
    encoding: "utf-16le",
    lineEnding: "crlf",
    word: "Ελληνικά",
    text: lines("Notes from Windows Notepad", "Γράφω Ελληνικά εδώ.", "done"),
  },
  {
    path: "western/menu.txt",
    encoding: "windows-1252",
    lineEnding: "crlf",
    word: "crème",
    text: lines("Menu du café", "Dessert: crème brûlée, 5 €", "Merci"),
  },
  {
    path: "japan/letter.txt",
    encoding: "shift_jis",
    lineEnding: "crlf",
    word: "東京",
    text: lines(
      "こんにちは。今日はとても良い天気ですね。",
      "私は東京に住んでいます。日本語の文章を書いています。",
      "明日は雨が降るかもしれません。よろしくお願いします。",
      "これは日本語のテキストファイルです。文字コードはシフトジスです。",
    ),
  },
  {
    path: "china/note.txt",
    encoding: "gbk",
    lineEnding: "lf",
    word: "北京",
    text: lines(
      "你好，今天天气很好。我们一起去公园散步吧。",
      "我住在北京，这是一个中文文本文件。",
      "明天可能会下雨，请带上雨伞。谢谢你的帮助。",
      "这个文件的编码是国标码，用来测试搜索功能。",
    ),
  },
  {
    path: "russia/письмо.txt",
    encoding: "koi8-r",
    lineEnding: "lf",
    word: "Москва",
    text: lines(
      "Здравствуйте! Сегодня очень хорошая погода, и мы идём гулять в парк.",
      "Столица России - Москва, это большой и красивый город.",
      "Завтра, может быть, пойдёт дождь, поэтому возьмите с собой зонт.",
      "Этот файл записан в кодировке для проверки поиска по всем файлам.",
    ),
  },
];

/** The bytes a fixture file is stored as. */
export function fixtureBytes(file: FixtureFile): Uint8Array {
  return encodeText(applyLineEnding(file.text, file.lineEnding), file.encoding);
}

/** The fixture folder, with a binary file, a git-ignored one and a hidden one beside. */
export function mixedEncodingFolder(): MemoryFolder {
  const folder = new MemoryFolder("mixed");
  for (const file of FIXTURE_FILES) folder.put(file.path, fixtureBytes(file));
  const binary = new Uint8Array(2048);
  binary.set(new TextEncoder().encode("PNG München"), 0);
  folder.put("images/photo.png", binary);
  folder.put(".gitignore", new TextEncoder().encode("build/\n"));
  folder.put("build/out.txt", new TextEncoder().encode("München ignored"));
  folder.put(".hidden/secret.txt", new TextEncoder().encode("München hidden"));
  return folder;
}

/**
 * A file as a folder input (`<input webkitdirectory>`) picks it, holding `content` in UTF-8:
 * what the workspace reads of a `File` (its path in the folder, size, time and bytes).
 */
export function pickedFile(path: string, content: string, lastModified = 1) {
  const bytes = new TextEncoder().encode(content);
  return {
    webkitRelativePath: path,
    size: bytes.byteLength,
    lastModified,
    arrayBuffer: async () => bytes.buffer as ArrayBuffer,
  };
}
