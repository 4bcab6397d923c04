import { describe, expect, it } from "vitest";
import { BlockDiffer, changedBlocks, renderMarkdownBlocks } from "./markdown-blocks";

describe("Markdown blocks", () => {
  it("renders each top-level block with the line it starts on", () => {
    const blocks = renderMarkdownBlocks(
      "# Title\n\nA [ref] paragraph.\n\n- one\n- two\n\n```js\nlet a = 1;\n```\n\n[ref]: https://example.com\n",
    );
    expect(blocks.map((block) => block.line)).toEqual([0, 2, 4, 7]);
    expect(blocks[0].html).toBe('<h1 id="md-title">Title</h1>\n');
    // A reference defined later in the document still links.
    expect(blocks[1].html).toContain('<a href="https://example.com">ref</a>');
    expect(blocks[3].html).toContain('<code class="language-js">');
  });

  it("counts lines in text with Windows line endings", () => {
    expect(renderMarkdownBlocks("a\r\n\r\nb\r\n").map((block) => block.line)).toEqual([0, 2]);
  });

  it("gives repeated headings unique ids", () => {
    const ids = renderMarkdownBlocks("## Notes\n\n## Notes\n").map(
      (block) => /id="([^"]+)"/.exec(block.html)?.[1],
    );
    expect(ids).toEqual(["md-notes", "md-notes-2"]);
  });

  it("finds the changed middle stretch between two renders", () => {
    const html = (list: string[]) => list.map((text) => ({ html: text }));
    expect(changedBlocks(html(["a", "b", "c"]), html(["a", "B", "c"]))).toEqual({
      start: 1,
      oldEnd: 2,
      newEnd: 2,
    });
    expect(changedBlocks(html(["a", "c"]), html(["a", "b", "c"]))).toEqual({
      start: 1,
      oldEnd: 1,
      newEnd: 2,
    });
    expect(changedBlocks(html(["a", "b"]), html(["a", "b"]))).toEqual({
      start: 2,
      oldEnd: 2,
      newEnd: 2,
    });
    expect(changedBlocks([], html(["a"]))).toEqual({ start: 0, oldEnd: 0, newEnd: 1 });
  });

  it("sends only the changed groups, with every group's new line", () => {
    const differ = new BlockDiffer();
    const first = differ.update("# A\n\npara one\n\n# B\n\npara two\n");
    expect(first.inserted.map((group) => group.html).join("")).toContain("para two");
    const second = differ.update("# A\n\nnew line\n\npara one changed\n\n# B\n\npara two\n");
    const sent = second.inserted.map((group) => group.html).join("");
    expect(sent).toContain("<p>para one changed</p>");
    expect(sent).not.toContain("para two");
    // "# B" moved from line 4 to line 6.
    expect(second.lines[second.lines.length - 1]).toBe(6);
  });
});

describe("grouping blocks", () => {
  it("starts a group at each heading and keeps every block's HTML, in order", async () => {
    const { groupBlocks } = await import("./markdown-blocks");
    const blocks = renderMarkdownBlocks(
      Array.from({ length: 30 }, (_, i) => `Paragraph ${i}.`).join("\n\n") +
        "\n\n# Heading\n\nEnd.\n",
    );
    const groups = groupBlocks(blocks);
    expect(groups.map((group) => group.html).join("")).toBe(blocks.map((b) => b.html).join(""));
    expect(groups.length).toBeGreaterThan(2);
    expect(groups.length).toBeLessThan(blocks.length);
    const heading = groups.find((group) => group.html.startsWith("<h1"));
    expect(heading?.line).toBe(60);
  });

  it("typing in one paragraph changes one group's HTML", async () => {
    const { changedBlocks, groupBlocks } = await import("./markdown-blocks");
    const text = Array.from({ length: 200 }, (_, i) => `Paragraph number ${i} of the notes.`);
    const before = groupBlocks(renderMarkdownBlocks(text.join("\n\n")));
    text[100] = "Paragraph number 100 of the notes, longer now.";
    const after = groupBlocks(renderMarkdownBlocks(text.join("\n\n")));
    const change = changedBlocks(before, after);
    expect(change.oldEnd - change.start).toBeLessThanOrEqual(2);
    expect(change.newEnd - change.start).toBeLessThanOrEqual(2);
  });
});
