/** Two labelled lists inside an education-level card: what the level needs, which tools fit. */
export function LevelLists({
  needs,
  tools,
}: {
  needs: readonly string[];
  tools: readonly string[];
}) {
  return (
    <div className="mt-4 grid gap-4 text-sm">
      <div>
        <h4 className="font-semibold text-slate-900 dark:text-white">Needs</h4>
        <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-700 dark:text-slate-300">
          {needs.map((need) => (
            <li key={need}>{need}</li>
          ))}
        </ul>
      </div>
      <div>
        <h4 className="font-semibold text-slate-900 dark:text-white">Recommended tools</h4>
        <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-700 dark:text-slate-300">
          {tools.map((tool) => (
            <li key={tool}>{tool}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}
