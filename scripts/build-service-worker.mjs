// Builds the service worker after `react-router build`: by then every page's prerendered HTML
// is in build/client, so Workbox's precache list (injected into the bundled worker) holds
// the pages as well as the scripts, styles, fonts and images. The build fails when a page is
// missing from that list or a file is too large to precache, rather than shipping an app
// that is silently incomplete offline. See docs/decisions/008-offline-service-worker.md.
import { build } from "esbuild";
import { getManifest, injectManifest } from "workbox-build";
import { rm } from "node:fs/promises";
import path from "node:path";

export const PRECACHE_PATTERNS = [
  "**/*.{html,js,css,data,json,webmanifest,svg,png,webp,ico,woff2,ttf,xml,txt}",
];
// Precompressed copies are the same files; `_headers` is the host's configuration.
export const PRECACHE_IGNORES = ["**/*.br", "**/*.gz", "_headers", "sw.js"];
/** Workbox's own default limit, stated: nothing bigger is worth a background download. */
export const MAX_PRECACHE_BYTES = 2 * 1024 * 1024;

/** Bundles `app/service-worker/sw.ts` and writes `<clientDir>/sw.js` with the precache list. */
export async function buildServiceWorker(clientDir) {
  const bundled = path.join(path.dirname(clientDir), "sw.bundle.js");
  await build({
    entryPoints: [path.resolve("app/service-worker/sw.ts")],
    bundle: true,
    format: "iife",
    target: "es2022",
    minify: true,
    // Workbox logs its routing in development builds only.
    define: { "process.env.NODE_ENV": '"production"' },
    outfile: bundled,
    logLevel: "warning",
  });
  const listOptions = {
    globDirectory: clientDir,
    globPatterns: PRECACHE_PATTERNS,
    globIgnores: PRECACHE_IGNORES,
    maximumFileSizeToCacheInBytes: MAX_PRECACHE_BYTES,
    modifyURLPrefix: { "": "/" },
    // Hashed file names change with their content: no revision needed.
    dontCacheBustURLsMatching: /^\/assets\//,
  };
  const list = await getManifest(listOptions);
  if (list.warnings.length) {
    throw new Error(`Service worker precache problems:\n${list.warnings.join("\n")}`);
  }
  const urls = new Set(list.manifestEntries.map((entry) => entry.url));
  for (const page of ["/index.html", "/editor/index.html", "/online-notepad/index.html"]) {
    if (!urls.has(page)) throw new Error(`The precache list lacks ${page}: was it prerendered?`);
  }
  if (!urls.has("/__spa-fallback.html")) throw new Error("The precache list lacks the app shell.");
  const result = await injectManifest({
    ...listOptions,
    swSrc: bundled,
    swDest: path.join(clientDir, "sw.js"),
  });
  await rm(bundled);
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const clientDir = path.resolve(process.env.BUILD_DIR ?? "build", "client");
  const { count, size } = await buildServiceWorker(clientDir);
  console.log(`service worker: ${count} files precached (${(size / 1024 / 1024).toFixed(1)} MB)`);
}
