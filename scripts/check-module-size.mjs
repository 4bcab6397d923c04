// Fails when a source module is longer than MAX_LINES (run by `npm run lint`). A module that
// long does several jobs; split it by job. Test files (*.test.ts, *.spec.ts) are left out:
// their length is their cases, each independent of the others.
//
// Data tables that hold only data may be listed in DATA_ONLY with a reason; there are none
// today. (The eight modules over the limit when the check came in, issue 32, were split.)
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const MAX_LINES = 450;

/** Path → why a module holding only data may be long. */
export const DATA_ONLY = {};

const FOLDERS = ["app", "packages", "server", "scripts", "bench", "tests"];
const SOURCE = /\.(ts|tsx|js|mjs)$/;
const TEST = /\.(test|spec)\.(ts|tsx)$/;

/** The source modules below `folder` (tests left out), as paths from `root`. */
export function* sourceFiles(root, folder) {
  let entries;
  try {
    entries = readdirSync(path.join(root, folder));
  } catch {
    return;
  }
  for (const name of entries) {
    const relative = path.posix.join(folder, name);
    if (statSync(path.join(root, relative)).isDirectory()) yield* sourceFiles(root, relative);
    else if (SOURCE.test(name) && !TEST.test(name)) yield relative;
  }
}

/** The modules under `root` that break the rule, as readable lines (empty when none do). */
export function moduleSizeProblems(root, dataOnly = DATA_ONLY) {
  const problems = [];
  for (const folder of FOLDERS) {
    for (const file of sourceFiles(root, folder)) {
      if (file in dataOnly) continue;
      const lines = readFileSync(path.join(root, file), "utf8").split("\n").length - 1;
      if (lines > MAX_LINES) {
        problems.push(`${file}: ${lines} lines (the limit is ${MAX_LINES}: split it by job)`);
      }
    }
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = moduleSizeProblems(process.cwd());
  if (problems.length) {
    console.error(`Modules over ${MAX_LINES} lines:\n  ${problems.join("\n  ")}`);
    process.exit(1);
  }
}
