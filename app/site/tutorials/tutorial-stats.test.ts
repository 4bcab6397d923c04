import { describe, expect, it } from "vitest";
import {
  difficultyCounts,
  difficultyLabel,
  durationRanges,
  tutorialCategoryCounts,
} from "./tutorial-stats";

const tutorials = [
  { duration: 5, difficulty: "Beginner", category: "Basics" },
  { duration: 8, difficulty: "Intermediate", category: "Productivity" },
  { duration: 6, difficulty: "Beginner", category: "Integrations" },
  { duration: 7, difficulty: "Intermediate", category: "Customization" },
  { duration: 10, difficulty: "Advanced", category: "Productivity" },
  { duration: 6, difficulty: "Beginner", category: "Basics" },
] as const;

describe("tutorial stats", () => {
  it("computes duration ranges from the files", () => {
    expect(durationRanges(tutorials)).toEqual([
      { name: "Quick", label: "Quick (5–6 min)", count: 3 },
      { name: "Medium", label: "Medium (7–8 min)", count: 2 },
      { name: "In-depth", label: "In-depth (10 min)", count: 1 },
    ]);
  });
  it("leaves out empty buckets", () => {
    expect(durationRanges([{ duration: 12 }])).toEqual([
      { name: "In-depth", label: "In-depth (12 min)", count: 1 },
    ]);
  });
  it("counts per difficulty and category", () => {
    expect(difficultyCounts(tutorials).map((d) => d.count)).toEqual([3, 2, 1]);
    expect(tutorialCategoryCounts(tutorials)).toEqual([
      { name: "Basics", count: 2 },
      { name: "Productivity", count: 2 },
      { name: "Integrations", count: 1 },
      { name: "Customization", count: 1 },
    ]);
  });
  it("labels Beginner as Beginner Friendly", () => {
    expect(difficultyLabel("Beginner")).toBe("Beginner Friendly");
    expect(difficultyLabel("Advanced")).toBe("Advanced");
  });
});
