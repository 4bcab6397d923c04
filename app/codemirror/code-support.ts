import {
  bracketMatching,
  codeFolding,
  foldGutter,
  foldKeymap,
  indentOnInput,
  type LanguageSupport,
  StreamLanguage,
  type StringStream,
} from "@codemirror/language";
import { languages } from "@codemirror/language-data";
import type { Extension } from "@codemirror/state";
import { keymap } from "@codemirror/view";
import { languageInfo } from "~/text/languages";
import { markdownLines } from "./markdown-lines";
import { CSV_COLUMN_TAGS } from "./token-tags";

/**
 * The highlighting and code tools of one language, in a chunk of its own that only a code or
 * Markdown document loads (the plain-text path and the content pages never do). Each language's
 * parser is a further chunk of `@codemirror/language-data`, loaded the first time it is used.
 */

interface CsvState {
  column: number;
  quoted: boolean;
}

/**
 * CSV and TSV: each column in a colour of its own (six, then again), quotes kept whole, so rows
 * read as a table. A stream parser: no tree to build, fast on big files.
 */
const csvLanguage = StreamLanguage.define<CsvState>({
  name: "csv",
  startState: () => ({ column: 0, quoted: false }),
  token(stream: StringStream, state: CsvState) {
    if (stream.sol() && !state.quoted) state.column = 0;
    if (state.quoted || stream.peek() === '"') {
      if (!state.quoted) stream.next();
      state.quoted = true;
      while (!stream.eol()) {
        if (stream.next() === '"') {
          if (stream.peek() === '"') stream.next();
          else {
            state.quoted = false;
            break;
          }
        }
      }
      return `csvColumn${state.column % 6}`;
    }
    if (stream.eat(/[,;\t]/)) {
      state.column++;
      return "separator";
    }
    stream.eatWhile(/[^,;\t"]/);
    return `csvColumn${state.column % 6}`;
  },
  tokenTable: Object.fromEntries(
    Array.from({ length: 6 }, (_, i) => [`csvColumn${i}`, CSV_COLUMN_TAGS[i]]),
  ),
  languageData: {},
});

async function engineSupport(name: string): Promise<LanguageSupport | Extension> {
  const description = languages.find((language) => language.name === name);
  if (!description) return [];
  return description.load();
}

/**
 * Everything a document in language `id` gets: highlighting, folding, brackets, indenting. A
 * long Markdown document (`lineByLine`) is highlighted line by line instead (markdown-lines.ts).
 */
export async function codeSupport(id: string, lineByLine = false): Promise<Extension> {
  const info = languageInfo(id);
  if (info.id === "csv") return csvLanguage;
  if (info.id === "markdown" && lineByLine) return markdownLines;
  const support = info.engineName ? await engineSupport(info.engineName) : [];
  return [
    support,
    bracketMatching(),
    codeFolding(),
    foldGutter(),
    indentOnInput(),
    keymap.of(foldKeymap),
  ];
}
