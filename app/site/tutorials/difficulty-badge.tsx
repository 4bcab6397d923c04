import type { Difficulty } from "~/content/types";
import { difficultyLabel } from "./tutorial-stats";

const STYLES: Record<Difficulty, string> = {
  Beginner: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100",
  Intermediate: "bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100",
  Advanced: "bg-rose-100 text-rose-900 dark:bg-rose-900/60 dark:text-rose-100",
};

/** A coloured pill with the tutorial's level ("Beginner Friendly", "Intermediate", "Advanced"). */
export function DifficultyBadge({
  difficulty,
  short = false,
}: {
  difficulty: Difficulty;
  short?: boolean;
}) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-1 text-xs font-semibold ${STYLES[difficulty]}`}
    >
      {short ? difficulty : difficultyLabel(difficulty)}
    </span>
  );
}
