import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";
import { wireAlias } from "./packages/wire/alias.mjs";

/**
 * Unit tests sit beside their modules. Pure tests run in Node; a component test opts into
 * jsdom with a `// @vitest-environment jsdom` comment at its top.
 */
export default defineConfig({
  define: { __SITE_URL__: JSON.stringify(process.env.SITE_URL ?? "https://plainpad.app") },
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)), ...wireAlias },
  },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "packages/**/*.test.ts",
      "content/**/*.test.ts",
      "scripts/**/*.test.ts",
      "server/**/*.test.ts",
      "tests/live-relay/**/*.test.ts",
      "tests/support/**/*.test.ts",
    ],
    environment: "node",
    setupFiles: ["./vitest.setup.ts"],
  },
});
