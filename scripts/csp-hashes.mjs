// Gives every prerendered page a Content-Security-Policy that lets exactly its own inline
// scripts run (docs/decisions/021-strict-csp.md). Each page has its own: React Router writes
// the page's loader data into inline scripts, and scripts/defer-module-scripts.mjs writes a
// loader that adds the page's module script. Run after defer-module-scripts.mjs (the last step
// that changes the HTML) and before build-service-worker.mjs (which precaches the HTML as
// final): it writes build/client/_headers, which static hosts read and server/static-site.ts
// (`npm start`, the browser tests) answers with.
import { createHash } from "node:crypto";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { deferredModuleSources } from "./defer-module-scripts.mjs";
import { relayConnectSource, renderHeadersFile } from "./headers.mjs";

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
// A script element runs its text only with no type, a JavaScript MIME type, or "module";
// JSON-LD and the like are data, and a policy does not need their hashes.
const EXECUTABLE_TYPES = new Set([
  "",
  "module",
  "text/javascript",
  "application/javascript",
  "application/ecmascript",
  "text/ecmascript",
]);

function attribute(attributes, name) {
  const match = attributes.match(
    new RegExp(`(?:^|\\s)${name}(?:\\s*=\\s*("[^"]*"|'[^']*'|[^\\s>]+))?`, "i"),
  );
  if (!match) return null;
  return (match[1] ?? "").replace(/^["']|["']$/g, "");
}

/** The CSP source (`'sha256-…'`) that allows an inline script with exactly this text. */
export function scriptHash(code) {
  // The parser turns CRLF into LF before the browser hashes the element's text.
  const text = code.replace(/\r\n?/g, "\n");
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/**
 * The hashes a page's policy needs: one for each inline script the page's HTML runs, and one
 * for each module script its deferred loader adds. Sorted, without repeats.
 */
export function inlineScriptHashes(html) {
  const codes = [];
  for (const [, attributes, code] of html.matchAll(SCRIPT)) {
    if (attribute(attributes, "src") !== null) continue;
    const type = (attribute(attributes, "type") ?? "").trim().toLowerCase();
    if (!EXECUTABLE_TYPES.has(type)) continue;
    codes.push(code);
  }
  codes.push(...deferredModuleSources(html));
  return [...new Set(codes.map(scriptHash))].sort();
}

/**
 * The URL paths a static host serves this HTML file at (relative to the client build):
 * `editor/index.html` at `/editor/` and `/editor/index.html`, `index.html` at `/` and
 * `/index.html`, any other file at its own path.
 */
export function pagePaths(relativeFile) {
  const file = `/${relativeFile.split(path.sep).join("/")}`;
  if (file.endsWith("/index.html")) return [file.slice(0, -"index.html".length), file];
  return [file];
}

/** Cloudflare Pages reads at most this many rules from `_headers`… */
export const MAX_HEADER_RULES = 100;
/** …and lines of at most this many characters. */
export const MAX_HEADER_LINE = 2000;

/**
 * Throws when a `_headers` text is beyond what Cloudflare Pages reads, so the build fails
 * instead of deploying pages whose policy the host dropped.
 * @param {string} text
 */
export function checkHostLimits(text) {
  const lines = text.split("\n");
  const rules = lines.filter((line) => line.startsWith("/")).length;
  if (rules > MAX_HEADER_RULES)
    throw new Error(`csp-hashes: ${rules} rules in _headers, hosts read ${MAX_HEADER_RULES}`);
  const long = lines.find((line) => line.length > MAX_HEADER_LINE);
  if (long)
    throw new Error(
      `csp-hashes: a _headers line of ${long.length} characters: ${long.slice(0, 80)}`,
    );
}

/** The file that answers unknown URLs (404) and offline navigations: its policy is the default. */
export const FALLBACK_FILE = "__spa-fallback.html";

async function* htmlFiles(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(full);
    else if (entry.name.endsWith(".html")) yield full;
  }
}

/**
 * Reads every HTML file in the client build and returns the `_headers` file text that gives
 * each its policy (see renderHeadersFile), with the number of pages.
 */
export async function buildHeadersFile(clientDir) {
  const pages = [];
  let fallbackHashes = null;
  for await (const file of htmlFiles(clientDir)) {
    const relative = path.relative(clientDir, file);
    const hashes = inlineScriptHashes(await readFile(file, "utf8"));
    if (relative === FALLBACK_FILE) fallbackHashes = hashes;
    pages.push({ paths: pagePaths(relative), hashes });
  }
  if (!fallbackHashes) throw new Error(`csp-hashes: no ${FALLBACK_FILE} in ${clientDir}`);
  pages.sort((a, b) => a.paths[0].localeCompare(b.paths[0]));
  // A relay on another origin (a static deployment's VITE_RELAY_URL) may be connected to.
  const connectSources = relayConnectSource(process.env.VITE_RELAY_URL);
  const text = renderHeadersFile({ fallbackHashes, pages, connectSources });
  checkHostLimits(text);
  return { text, count: pages.length };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const clientDir = path.resolve(process.env.BUILD_DIR ?? "build", "client");
  const { text, count } = await buildHeadersFile(clientDir);
  await writeFile(path.join(clientDir, "_headers"), text);
  console.log(`csp-hashes: ${count} pages have the hashes of their inline scripts in _headers`);
}
