import { describe, expect, it } from "vitest";
import { formatCount } from "./number-format";

describe("formatCount", () => {
  it("groups thousands the US-English way", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(999)).toBe("999");
    expect(formatCount(1234)).toBe("1,234");
    expect(formatCount(10_485_760)).toBe("10,485,760");
  });
});
