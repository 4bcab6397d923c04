import { describe, expect, it } from "vitest";
import { formatCount, formatCountOf, formatDateTime, selectionsLabel } from "./number-format";

describe("formatCount", () => {
  it("groups thousands the US-English way", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(999)).toBe("999");
    expect(formatCount(1234)).toBe("1,234");
    expect(formatCount(10_485_760)).toBe("10,485,760");
  });

  it("writes what Intl.NumberFormat writes, rounding included", () => {
    const intl = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
    const values = [0, 1, 12, 123, 1000, 99_999, 100_000, 999_999.5, 2.5, 1234.49, -1, -1234.5];
    for (let i = 0; i < 2000; i++) values.push(Math.floor(Math.random() * 10 ** (i % 16)));
    for (const value of values) expect(formatCount(value)).toBe(intl.format(value));
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

describe("selectionsLabel", () => {
  it("says nothing for one cursor and counts several", () => {
    expect(selectionsLabel(1)).toBe("");
    expect(selectionsLabel(3)).toBe("3 selections");
    expect(selectionsLabel(1200)).toBe("1,200 selections");
  });
});
