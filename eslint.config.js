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
    // The page (app/) and the relay (server/) share only the wire package (packages/wire,
    // imported as @plainpad/wire; DESIGN.md, decision 029): neither imports the other, tests
    // and test support included (what needs both lives in tests/), and the package imports
    // neither. Paths are resolved, so `~/`, aliases and relative spellings are all caught.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "packages/**/*.{ts,mjs}"],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./server",
              from: "./app",
              message: "server/ imports nothing of app/: share it through packages/wire.",
            },
            {
              target: "./app",
              from: "./server",
              message: "app/ imports nothing of server/: a test of both belongs in tests/.",
            },
            {
              target: ["./app/text", "./app/storage"],
              from: "./app/workspace",
              message:
                "text/ and storage/ sit below the workspace (issue 52): they never import it.",
            },
            {
              target: ["./app/editor", "./app/notepad"],
              from: "./app/site",
              message:
                "The editors sit beside the site's pages, not below them: the chrome they share (logo, theme) lives in app/chrome/.",
            },
            {
              target: "./app/chrome",
              from: ["./app/site", "./app/editor", "./app/notepad", "./app/routes", "./app/ui"],
              message:
                "chrome/ sits below the site's pages and both editors, beside ui/: it imports none of them.",
            },
            {
              target: "./packages/wire",
              from: ["./app", "./server", "./tests"],
              message: "packages/wire stands alone: app/ and server/ import it, not the reverse.",
            },
          ],
        },
      ],
    },
  },
  {
    // The relay holds no key: its own modules take the wire format (@plainpad/wire) and none of
    // the page's half of the package (its keys, sealing, messages). Its tests may, to send what
    // a page sends.
    files: ["server/**/*.ts"],
    ignores: ["server/**/*.test.ts", "server/**/test-*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@plainpad/wire/*", "**/packages/wire/src/*"],
              message: "The relay holds no key: import the wire format from @plainpad/wire.",
            },
          ],
        },
      ],
    },
  },
  {
    // The wire package is pure: it runs in the page and in Node, without React or the DOM.
    files: ["packages/wire/src/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/*", "@plainpad/wire", "@plainpad/wire/*", "react", "react-dom"],
              message:
                "packages/wire imports its own modules by relative path, and nothing else of the app.",
            },
          ],
        },
      ],
      "no-restricted-globals": [
        "error",
        ...["window", "document", "navigator", "localStorage", "sessionStorage"].map((name) => ({
          name,
          message: "packages/wire is pure: no DOM or browser globals.",
        })),
      ],
    },
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
    // workspace/ is an opened folder's engine (issue 52): ignore rules, quick open, find and
    // replace in files. No React, no DOM at module level (it runs and is tested in Node); it
    // builds on text/ and storage/, never on the editors or the UI above it.
    files: ["app/workspace/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            "react",
            "react-dom",
            "~/editor/*",
            "~/notepad/*",
            "~/ui/*",
            "~/routes/*",
            "~/site/*",
            "~/document/*",
            "../*",
          ],
        },
      ],
      "no-restricted-globals": [
        "error",
        ...DOM_GLOBALS.map(({ name }) => ({
          name,
          message: "app/workspace/ runs in a worker and in Node: no DOM or browser globals.",
        })),
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
