// Security headers for the built site, shared by `npm start` (server/static-site.ts) and the
// static-host `_headers` file. `public/_headers` (written by scripts/write-headers.mjs; a unit
// test checks the committed file matches) is the template; the build's last HTML step
// (scripts/csp-hashes.mjs) replaces the copy in build/client with one that gives each page the
// hashes of its own inline scripts, and server/static-site.ts answers with that file's headers.
// docs/decisions/021-strict-csp.md says why the policy is what it is.
//
// The Google hosts are exactly those the Drive integration needs (see app/drive/): GIS at
// accounts.google.com (script, its /gsi/style sheet, token popup and frames, revoke), gapi and
// the picker loader at apis.google.com, the gapi proxy frame and discovery at
// content.googleapis.com, Drive REST, uploads and user info at www.googleapis.com, token
// revocation at oauth2.googleapis.com, the picker frame at docs.google.com / drive.google.com.
const GOOGLE_SCRIPT_HOSTS = ["https://accounts.google.com", "https://apis.google.com"];
const GOOGLE_STYLE_HOSTS = ["https://accounts.google.com"];
const GOOGLE_CONNECT_HOSTS = [
  "https://www.googleapis.com",
  "https://content.googleapis.com",
  "https://oauth2.googleapis.com",
  "https://accounts.google.com",
];
const GOOGLE_FRAME_HOSTS = [
  "https://accounts.google.com",
  "https://docs.google.com",
  "https://drive.google.com",
  "https://content.googleapis.com",
];

/**
 * The Content-Security-Policy of a page whose inline scripts have these hashes
 * (`'sha256-…'` sources). Scripts run only when hashed or loaded by a script that ran
 * (`'strict-dynamic'`: our modules, workers' parents and Google's loaders); `'self'` and the
 * Google hosts are there for browsers that predate `'strict-dynamic'`, which ignore it, and
 * are ignored by those that know it. Images may come from anywhere over http(s): the Markdown
 * preview shows remote images once the user clicks "Load images" (the gate is in the app).
 * `connect-src 'self'` covers the live relay's WebSocket on the site's own host (CSP Level 3
 * matches ws:/wss: of the same host); a relay elsewhere (VITE_RELAY_URL at build time) is
 * added by the build as one more connect source (relayConnectSource).
 * @param {string[]} [scriptHashes]
 * @param {string[]} [connectSources]
 * @returns {string}
 */
export function contentSecurityPolicy(scriptHashes = [], connectSources = []) {
  return [
    "default-src 'self'",
    ["script-src", ...scriptHashes, "'strict-dynamic'", "'self'", ...GOOGLE_SCRIPT_HOSTS].join(" "),
    // Named, so it does not fall back to script-src, where 'strict-dynamic' drops 'self'.
    "worker-src 'self'",
    `style-src 'self' 'unsafe-inline' ${GOOGLE_STYLE_HOSTS.join(" ")}`,
    ["connect-src 'self'", ...connectSources, ...GOOGLE_CONNECT_HOSTS].join(" "),
    `frame-src ${GOOGLE_FRAME_HOSTS.join(" ")}`,
    "img-src 'self' data: blob: https: http:",
    "font-src 'self' data: https://fonts.gstatic.com",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join("; ");
}

/**
 * The connect-src source of a live relay URL (VITE_RELAY_URL): its ws(s) scheme and host, e.g.
 * `wss://relay.example.com`. Empty for none; throws for a URL a page could not open.
 * @param {string | undefined} url
 * @returns {string[]}
 */
export function relayConnectSource(url) {
  if (!url) return [];
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`VITE_RELAY_URL is not a URL: "${url}" (e.g. wss://relay.example.com/relay)`);
  }
  const scheme = { "ws:": "ws:", "wss:": "wss:", "http:": "ws:", "https:": "wss:" }[
    parsed.protocol
  ];
  if (!scheme) throw new Error(`VITE_RELAY_URL must be a ws:// or wss:// URL, not "${url}"`);
  return [`${scheme}//${parsed.host}`];
}

/** Headers sent with every response besides the Content-Security-Policy, which is per page. */
export const SECURITY_HEADERS = {
  // same-origin would cut the Google sign-in popup off from its opener.
  "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
};

/** Long-lived caching for Vite's content-hashed files (as server/static-site.ts does). */
export const ASSET_CACHE_CONTROL = "public, max-age=31536000, immutable";

const CSP = "Content-Security-Policy";

/**
 * The `_headers` file for static hosts (Cloudflare Pages format): the security headers on
 * every path, with the policy of the app shell that answers unknown URLs (`fallbackHashes`);
 * then one section per page path that detaches that policy (`! Content-Security-Policy`) and
 * sets the page's own; immutable caching on /assets/*, and no caching of the service worker,
 * so an update is seen on the next check (docs/decisions/008-offline-service-worker.md).
 * Without arguments it is the template: no hashes, so no inline script runs until the build
 * writes the real file.
 * `connectSources` (the relay elsewhere, see relayConnectSource) go into every policy.
 * @param {{ fallbackHashes?: string[], pages?: { paths: string[], hashes: string[] }[], connectSources?: string[] }} [options]
 * @returns {string}
 */
export function renderHeadersFile({ fallbackHashes = [], pages = [], connectSources = [] } = {}) {
  const lines = [
    pages.length > 0
      ? "# Generated by scripts/csp-hashes.mjs at build time. Do not edit by hand."
      : "# Generated by scripts/write-headers.mjs from scripts/headers.mjs. Do not edit by hand.",
    "/*",
    `  ${CSP}: ${contentSecurityPolicy(fallbackHashes, connectSources)}`,
    ...Object.entries(SECURITY_HEADERS).map(([name, value]) => `  ${name}: ${value}`),
    "",
  ];
  for (const page of pages) {
    for (const urlPath of page.paths) {
      const policy = contentSecurityPolicy(page.hashes, connectSources);
      lines.push(urlPath, `  ! ${CSP}`, `  ${CSP}: ${policy}`, "");
    }
  }
  lines.push("/assets/*", `  Cache-Control: ${ASSET_CACHE_CONTROL}`, "");
  lines.push("/sw.js", "  Cache-Control: no-cache", "");
  return lines.join("\n");
}

/**
 * The rules of a `_headers` file: each path pattern with the headers it sets and the header
 * names it detaches (`! Name`), in file order.
 * @param {string} text
 * @returns {{ pattern: string, set: [string, string][], detach: string[] }[]}
 */
export function parseHeadersFile(text) {
  /** @type {{ pattern: string, set: [string, string][], detach: string[] }[]} */
  const rules = [];
  /** @type {{ pattern: string, set: [string, string][], detach: string[] } | null} */
  let rule = null;
  for (const line of text.split("\n")) {
    if (!line.trim() || line.trimStart().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      rule = { pattern: line.trim(), set: [], detach: [] };
      rules.push(rule);
      continue;
    }
    if (!rule) throw new Error(`_headers: a header before any path: ${line}`);
    const entry = line.trim();
    if (entry.startsWith("!")) {
      rule.detach.push(entry.slice(1).trim().toLowerCase());
      continue;
    }
    const colon = entry.indexOf(":");
    if (colon < 1) throw new Error(`_headers: not a header: ${line}`);
    rule.set.push([entry.slice(0, colon).trim(), entry.slice(colon + 1).trim()]);
  }
  return rules;
}

function matches(pattern, urlPath) {
  if (pattern.endsWith("*")) return urlPath.startsWith(pattern.slice(0, -1));
  return pattern === urlPath;
}

/**
 * The headers a static host sends for `urlPath` under these rules, as Cloudflare Pages reads
 * them: every matching rule applies in file order, a detach removes what earlier rules set,
 * and a header set twice is joined with ", " (for a Content-Security-Policy that would be two
 * policies, both enforced, which is why the per-page sections detach first).
 * @param {{ pattern: string, set: [string, string][], detach: string[] }[]} rules
 * @param {string} urlPath
 * @returns {Record<string, string>}
 */
export function headersForPath(rules, urlPath) {
  /** @type {Map<string, { name: string, value: string }>} */
  const headers = new Map();
  for (const rule of rules) {
    if (!matches(rule.pattern, urlPath)) continue;
    for (const name of rule.detach) headers.delete(name);
    for (const [name, value] of rule.set) {
      const key = name.toLowerCase();
      const previous = headers.get(key);
      headers.set(key, { name, value: previous ? `${previous.value}, ${value}` : value });
    }
  }
  return Object.fromEntries([...headers.values()].map(({ name, value }) => [name, value]));
}
