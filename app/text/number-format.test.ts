import { describe, expect, it } from "vitest";
import { formatCount, formatCountOf, formatDateTime } from "./number-format";

describe("formatCount", () => {
  it("groups thousands the US-English way", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(999)).toBe("999");
    expect(formatCount(1234)).toBe("1,234");
    expect(formatCount(10_485_760)).toBe("10,485,760");
  });
});

describe("formatCountOf", () => {
  it("puts the noun in the plural unless the count is one", () => {
    expect(formatCountOf(1, "word")).toBe("1 word");
    expect(formatCountOf(0, "word")).toBe("0 words");
    expect(formatCountOf(12345, "character")).toBe("12,345 characters");
  });
});

describe("formatDateTime", () => {
  it("writes the date and the time of a moment", () => {
    const at = new Date(2026, 10, 23, 10, 15).getTime();
    const shown = formatDateTime(at);
    expect(shown).toContain("2026");
    expect(shown).toContain("15");
    expect(shown).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(at),
    );
  });
});
