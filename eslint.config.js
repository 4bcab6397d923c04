import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import importX from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { typeImportsCounted } from "./scripts/eslint-type-imports-counted.mjs";

/** Browser globals that pure modules must not touch (they run in Node and in tests). */
const DOM_GLOBALS = ["window", "document", "navigator", "localStorage", "sessionStorage"].map(
  (name) => ({ name, message: "app/text/ is pure: no DOM or browser globals." }),
);

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "build-*/**",
      ".react-router/**",
      "node_modules/**",
      "public/**",
      "test-results/**",
      "playwright-report/**",
      // Local scratch scripts (git-ignored).
      ".prof/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
    },
  },
  {
    // No import circles anywhere, type imports included (decision 022): each module's
    // dependencies sit below it. `~/` resolves through tsconfig's paths.
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { parser: typeImportsCounted },
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      // Packages are not followed: a circle inside one is not ours to break.
      "import-x/ignore": ["node_modules"],
    },
    rules: { "import-x/no-cycle": "error" },
  },
  {
    // text/ holds pure text operations: nothing from the app, React or the DOM.
    files: ["app/text/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: ["~/*", "../*", "react", "react-dom", "react-router", "@codemirror/view"] },
      ],
      "no-restricted-globals": ["error", ...DOM_GLOBALS],
    },
  },
  {
    // The two editors never import each other: what they share lives below them.
    files: ["app/editor/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["~/notepad/*", "../notepad/*"] }],
    },
  },
  {
    files: ["app/notepad/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["~/editor/*", "../editor/*"] }],
    },
  },
  {
    // The shared engine setup and UI primitives serve both editors and know neither.
    files: ["app/codemirror/**/*.{ts,tsx}", "app/ui/**/*.{ts,tsx}"],
    ignores: ["app/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: ["~/editor/*", "~/notepad/*", "~/routes/*", "../editor/*", "../notepad/*"] },
      ],
    },
  },
  {
    // The engine set-up sits below the UI: the command registry's key glue lives in ui/.
    files: ["app/codemirror/**/*.{ts,tsx}"],
    ignores: ["app/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            "~/editor/*",
            "~/notepad/*",
            "~/routes/*",
            "../editor/*",
            "../notepad/*",
            "~/ui/*",
            "../ui/*",
          ],
        },
      ],
    },
  },
  {
    // The preview renders and prints on its own; the UI opens it, never the other way.
    files: ["app/preview/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: ["~/ui/*", "../ui/*", "~/editor/*", "~/notepad/*", "~/site/*"] },
      ],
    },
  },
  {
    // content/ is the writing and its facts; the site's pages render it, never the reverse.
    files: ["app/content/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: ["~/site/*", "../site/*", "~/routes/*", "~/editor/*", "~/notepad/*"] },
      ],
    },
  },
  {
    // document/ is the open-document model beneath both editors (issue 51): no React, no
    // EditorView (it runs and is tested in Node), and nothing of the editors or the page above
    // it. It imports codemirror/ modules directly: the index brings the React wrapper.
    files: ["app/document/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: ["~/codemirror", "@codemirror/view"],
          patterns: [
            "react",
            "react-dom",
            "~/editor/*",
            "~/notepad/*",
            "~/routes/*",
            "~/site/*",
            "~/ui/*",
            "~/preview/*",
            "../*",
          ],
        },
      ],
    },
  },
  {
    // storage/ and drive/ are plain async modules without React.
    files: ["app/storage/**/*.ts", "app/drive/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: ["react", "react-dom", "~/editor/*", "~/notepad/*", "~/routes/*", "~/site/*"] },
      ],
    },
  },
);
