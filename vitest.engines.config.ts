import { defineConfig } from "vitest/config";
import { wireAlias } from "./packages/wire/alias.mjs";

/**
 * The cross-engine suite (tests/engines/): the built site in Firefox and WebKit. Vitest is the
 * runner because it already runs the unit tests: TypeScript as is, describe.each over the
 * engines. Files run one after another in one process: each launches real browsers, and this
 * machine has two cores.
 */
export default defineConfig({
  resolve: { alias: wireAlias },
  test: {
    include: ["tests/engines/**/*.test.ts"],
    environment: "node",
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // As the Chromium suite (playwright.config.ts): under CI a failed test runs once more, on a
    // fresh page and browser session. WebKitWebDriver now and then leaves a command unanswered
    // (tests/engines/webkit.ts names it); plainpad.ts prints every failed attempt.
    retry: process.env.CI ? 1 : 0,
    reporters: ["verbose"],
  },
});
