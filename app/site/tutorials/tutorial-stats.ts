import {
  DIFFICULTIES,
  TUTORIAL_CATEGORIES,
  type Difficulty,
  type TutorialMeta,
} from "~/content/types";

/** A name with a count, for the tutorials index side panels. */
export interface NamedCount {
  name: string;
  count: number;
}

/** Tutorials per difficulty level, easiest first. */
export function difficultyCounts(
  tutorials: readonly Pick<TutorialMeta, "difficulty">[],
): NamedCount[] {
  return DIFFICULTIES.map((name) => ({
    name,
    count: tutorials.filter((t) => t.difficulty === name).length,
  }));
}

/** Tutorials per category, in the fixed category order. */
export function tutorialCategoryCounts(
  tutorials: readonly Pick<TutorialMeta, "category">[],
): NamedCount[] {
  return TUTORIAL_CATEGORIES.map((name) => ({
    name,
    count: tutorials.filter((t) => t.category === name).length,
  }));
}

/** The duration buckets: a name and the upper bound in minutes (inclusive). */
const DURATION_BUCKETS = [
  { name: "Quick", upTo: 6 },
  { name: "Medium", upTo: 8 },
  { name: "In-depth", upTo: Number.POSITIVE_INFINITY },
] as const;

/** One duration range as shown: "Quick (5–6 min)" with how many tutorials fall in it. */
export interface DurationRange {
  name: string;
  label: string;
  count: number;
}

/**
 * Groups tutorials into Quick (≤ 6 min), Medium (7–8 min) and In-depth (more) and labels each
 * with the real shortest and longest duration in it; empty buckets are left out.
 */
export function durationRanges(
  tutorials: readonly Pick<TutorialMeta, "duration">[],
): DurationRange[] {
  const ranges: DurationRange[] = [];
  let lower = 0;
  for (const bucket of DURATION_BUCKETS) {
    const minutes = tutorials.map((t) => t.duration).filter((d) => d > lower && d <= bucket.upTo);
    lower = bucket.upTo;
    if (minutes.length === 0) continue;
    const min = Math.min(...minutes);
    const max = Math.max(...minutes);
    const span = min === max ? `${min} min` : `${min}–${max} min`;
    ranges.push({ name: bucket.name, label: `${bucket.name} (${span})`, count: minutes.length });
  }
  return ranges;
}

/** The level label shown on tutorial pages (spec: "Beginner Friendly", "Intermediate"). */
export function difficultyLabel(difficulty: Difficulty): string {
  return difficulty === "Beginner" ? "Beginner Friendly" : difficulty;
}
