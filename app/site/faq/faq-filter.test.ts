import { describe, expect, it } from "vitest";
import { faqCategoryList, filterFaqs } from "./faq-filter";

const entries = [
  {
    id: "a",
    question: "Is Plainpad free?",
    answer: "Yes, with no account.",
    category: "Getting Started",
  },
  {
    id: "b",
    question: "Can I open Markdown files?",
    answer: "Open .md files from your computer.",
    category: "Features",
  },
  {
    id: "c",
    question: "Where is my Drive file saved?",
    answer: "In the Plainpad Documents folder.",
    category: "Google Drive",
  },
  {
    id: "d",
    question: "Does it work offline?",
    answer: "Plainpad needs the page to load first.",
    category: "Technical",
  },
];

describe("filterFaqs", () => {
  it("returns everything for an empty search in All", () => {
    expect(filterFaqs(entries, "", "All")).toHaveLength(4);
    expect(filterFaqs(entries, "   ", "all")).toHaveLength(4);
  });

  it("matches the question case-insensitively", () => {
    expect(filterFaqs(entries, "MARKDOWN", "All").map((e) => e.id)).toEqual(["b"]);
  });

  it("matches the answer too", () => {
    expect(filterFaqs(entries, "documents folder", "All").map((e) => e.id)).toEqual(["c"]);
  });

  it("filters by the exact category", () => {
    expect(filterFaqs(entries, "", "Features").map((e) => e.id)).toEqual(["b"]);
    expect(filterFaqs(entries, "", "features")).toEqual([]);
  });

  it("requires both the search and the category to match", () => {
    expect(filterFaqs(entries, "plainpad", "Technical").map((e) => e.id)).toEqual(["d"]);
    expect(filterFaqs(entries, "markdown", "Technical")).toEqual([]);
  });

  it("treats the search text literally, not as a pattern", () => {
    expect(filterFaqs(entries, ".md", "All").map((e) => e.id)).toEqual(["b"]);
    expect(filterFaqs(entries, "(", "All")).toEqual([]);
  });
});

describe("faqCategoryList", () => {
  it("prepends All to the categories in first-seen order", () => {
    expect(faqCategoryList(entries)).toEqual([
      "All",
      "Getting Started",
      "Features",
      "Google Drive",
      "Technical",
    ]);
  });
});
