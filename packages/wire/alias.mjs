// Where `@plainpad/wire` resolves, for the bundlers and test runners that do not read tsconfig's
// `paths` (Vite, Vitest, esbuild). The package is a folder resolved by path, not an npm
// workspace (docs/decisions/029-wire-package.md): nothing in node_modules points here.
import { fileURLToPath } from "node:url";

/** Import specifier → folder: `@plainpad/wire` is src/index.ts, `@plainpad/wire/x` is src/x.ts. */
export const wireAlias = {
  "@plainpad/wire": fileURLToPath(new URL("./src", import.meta.url)),
};
