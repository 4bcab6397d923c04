import { describe, expect, it } from "vitest";
import { formatLongDate } from "./format-date";

describe("formatLongDate", () => {
  it("formats an ISO date as a long US date without shifting the day", () => {
    expect(formatLongDate("2025-10-28")).toBe("October 28, 2025");
    expect(formatLongDate("2025-01-01")).toBe("January 1, 2025");
  });
});
