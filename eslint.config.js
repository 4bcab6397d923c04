import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

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
    // text/ holds pure text operations: nothing from the app, React or the DOM.
    files: ["app/text/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: ["~/*", "../*", "react", "react-dom", "react-router"] },
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
