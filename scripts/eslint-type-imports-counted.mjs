// The parser `npm run lint` reads TypeScript with: typescript-eslint's, with one change made
// after its scope analysis: every `import type` and `export type … from` (statement or
// specifier) is marked as a plain import, so that `import-x/no-cycle` follows it too.
// import-x 4 always skips type-only imports in its cycle search and has no option to count
// them, yet a circle held together by types is still a circle between modules (decision 022).
//
// Only the module-level import and re-export statements change; the scope analysis, done
// before, still knows which names are types. No rule in use reads these kinds today. Whether a
// type is imported with `import type` is checked by the compiler (`verbatimModuleSyntax`), not
// by ESLint: a rule added later that reads `importKind` (consistent-type-imports) would need
// the plain typescript-eslint parser.
import tseslint from "typescript-eslint";

/** Marks an import or re-export statement and its specifiers as importing values. */
function countAsValue(node) {
  if ("importKind" in node) node.importKind = "value";
  if ("exportKind" in node) node.exportKind = "value";
  for (const specifier of node.specifiers ?? []) {
    if ("importKind" in specifier) specifier.importKind = "value";
    if ("exportKind" in specifier) specifier.exportKind = "value";
  }
}

/** typescript-eslint's parser, with type-only imports and re-exports read as plain ones. */
export const typeImportsCounted = {
  meta: { name: "plainpad/type-imports-counted", version: "1.0.0" },
  parseForESLint(code, options) {
    const result = tseslint.parser.parseForESLint(code, options);
    for (const node of result.ast.body) {
      if (node.type === "ImportDeclaration") countAsValue(node);
      else if (
        (node.type === "ExportNamedDeclaration" || node.type === "ExportAllDeclaration") &&
        node.source
      )
        countAsValue(node);
      else if (node.type === "TSImportEqualsDeclaration") node.importKind = "value";
    }
    return result;
  },
};
