import { LanguageDescription } from "@codemirror/language";
import { languages } from "@codemirror/language-data";
import { highlightCode, tagHighlighter, tags as t } from "@lezer/highlight";

/**
 * Colours for the fenced code blocks of the Markdown preview (issue 30): the block's language
 * (```python) is looked up in `@codemirror/language-data`, its parser loaded (the same chunk the
 * editor uses), and the code re-drawn as spans whose classes the stylesheet colours with each
 * theme's code palette. Text is set with text nodes only: nothing from the document becomes HTML.
 * A chunk of its own: only a preview that shows fenced code with a language loads it.
 */

/** Longer blocks stay plain: parsing them would hold up the page for little gain. */
const MAX_HIGHLIGHT_CHARS = 50_000;

const previewHighlighter = tagHighlighter([
  {
    tag: [t.keyword, t.operatorKeyword, t.modifier, t.controlKeyword, t.definitionKeyword],
    class: "md-tok-keyword",
  },
  { tag: [t.moduleKeyword, t.self], class: "md-tok-keyword" },
  { tag: [t.string, t.special(t.string), t.regexp, t.character], class: "md-tok-string" },
  { tag: [t.number, t.bool, t.null, t.atom, t.unit], class: "md-tok-number" },
  { tag: [t.comment, t.lineComment, t.blockComment, t.docComment], class: "md-tok-comment" },
  { tag: [t.typeName, t.className, t.namespace], class: "md-tok-type" },
  {
    tag: [t.function(t.variableName), t.function(t.propertyName), t.macroName],
    class: "md-tok-function",
  },
  { tag: [t.propertyName], class: "md-tok-property" },
  { tag: [t.tagName], class: "md-tok-tag" },
  { tag: [t.attributeName], class: "md-tok-attribute" },
]);

/** Draws `code` in `element` with the highlighter's classes. */
function paint(element: HTMLElement, code: string, tree: Parameters<typeof highlightCode>[1]) {
  const doc = element.ownerDocument;
  const parts = doc.createDocumentFragment();
  highlightCode(
    code,
    tree,
    previewHighlighter,
    (text, classes) => {
      if (!classes) {
        parts.append(text);
        return;
      }
      const span = doc.createElement("span");
      span.className = classes;
      span.textContent = text;
      parts.append(span);
    },
    () => parts.append("\n"),
  );
  element.replaceChildren(parts);
}

/** Highlights every fenced code block with a known language in `root` (after it was sanitized). */
export async function highlightCodeBlocks(root: HTMLElement): Promise<void> {
  for (const code of Array.from(root.querySelectorAll<HTMLElement>("pre > code"))) {
    const name = /^language-(.+)$/.exec(code.className)?.[1];
    const text = code.textContent ?? "";
    if (!name || text.length > MAX_HIGHLIGHT_CHARS) continue;
    const description = LanguageDescription.matchLanguageName(languages, name, true);
    if (!description) continue;
    try {
      const support = description.support ?? (await description.load());
      // The text may have been replaced while the parser loaded.
      if (code.textContent !== text) continue;
      paint(code, text, support.language.parser.parse(text));
    } catch (error) {
      console.error(`Code in ${name} could not be highlighted`, error);
    }
  }
}
