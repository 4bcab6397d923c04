import { defineConfig } from "@playwright/test";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Browser tests run against the built site and the live relay, served by the bundled server
 * (server/main.ts, built by `npm run build` to <BUILD_DIR>/server/main.mjs). Playwright cannot
 * download its own browsers here, so it drives Debian's Chromium (CHROMIUM_PATH overrides).
 * PORT and BUILD_DIR let several runs share a machine; the relay keeps its rooms in a temp
 * folder of the run's port (RELAY_DATA_DIR), never in the project.
 */
const port = Number(process.env.E2E_PORT ?? 4173);
const buildDir = process.env.BUILD_DIR ?? "build";
const relayDataDir = path.join(tmpdir(), `plainpad-relay-e2e-${port}`);

export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  // The limit catches a test that hangs, not a slow one (speed is the benchmarks' job). The
  // machines are shared, two cores at load averages of 12 to 18: there, a test that opens four
  // editor windows (each open 5-6 s) took 44-66 s, and a dozen others 40-50 s, against 15-25 s
  // on a quiet day. Four times Playwright's own limit still ends a hang in two minutes.
  timeout: 120_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: CHROMIUM_LAUNCH,
    trace: "retain-on-failure",
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: {
    command: `node ${path.join(buildDir, "server", "main.mjs")}`,
    env: {
      PORT: String(port),
      BUILD_DIR: buildDir,
      RELAY_DATA_DIR: relayDataDir,
      // Every page of the suite comes from 127.0.0.1: the per-address limits are for strangers.
      RELAY_MAX_CONNECTIONS_PER_ADDRESS: "1000",
      RELAY_JOINS_PER_ADDRESS_PER_SECOND: "100",
    },
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
