import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/site/pages";

/**
 * Every page is prerendered to its own HTML file at build time (`ssr: false`), so titles,
 * descriptions, canonical links and the main text are in the HTML before any script runs.
 * BUILD_DIR lets several builds (e.g. parallel test runs) live side by side.
 */
export default {
  ssr: false,
  buildDirectory: process.env.BUILD_DIR ?? "build",
  prerender: () => prerenderPaths(),
  // The whole route manifest ships with the first page, so the router never asks the server
  // for \`/__manifest\` at runtime: navigating works offline, from the service worker's cache.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
