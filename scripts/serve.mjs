// Serves the built site the way a static host would: prerendered pages as files, `/editor`
// redirected to `/editor/`, unknown URLs answered 404 with the app shell (which shows the
// error screen), and the headers of the build's own `_headers` file (written by
// scripts/csp-hashes.mjs: each page's Content-Security-Policy) read as a static host reads it.
import http from "node:http";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import sirv from "sirv";
import { headersForPath, parseHeadersFile } from "./headers.mjs";

const root = path.resolve(process.env.BUILD_DIR ?? "build", "client");
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "127.0.0.1";

if (!existsSync(root)) {
  console.error(`No build found at ${root}. Run "npm run build" first.`);
  process.exit(1);
}

const headersFile = path.join(root, "_headers");
if (!existsSync(headersFile)) {
  console.error(`No _headers in ${root}: the build did not finish. Run "npm run build".`);
  process.exit(1);
}
const headerRules = parseHeadersFile(readFileSync(headersFile, "utf8"));

const fallbackFile = ["__spa-fallback.html", "index.html"]
  .map((name) => path.join(root, name))
  .find((file) => existsSync(file));
// The app shell answers unknown URLs; before any script runs (crawlers, no JavaScript) its head
// already says what the error screen will: not found, and not to be indexed.
const fallbackHtml = readFileSync(fallbackFile, "utf8").replace(
  "<head>",
  '<head><title>404 Not Found | Plainpad</title><meta name="robots" content="noindex">',
);

const assets = sirv(root, {
  etag: true,
  // scripts/compress.mjs writes .br and .gz copies at build time.
  brotli: true,
  gzip: true,
  setHeaders(res, pathname) {
    if (pathname.startsWith("/assets/")) {
      res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    } else {
      res.setHeader("Cache-Control", "no-cache");
    }
  },
});

function isDirectoryWithIndex(urlPath) {
  const dir = path.join(root, urlPath);
  if (!dir.startsWith(root)) return false;
  try {
    return statSync(dir).isDirectory() && existsSync(path.join(dir, "index.html"));
  } catch {
    return false;
  }
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://localhost");
  let pathname;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    pathname = "/";
  }
  for (const [name, value] of Object.entries(headersForPath(headerRules, url.pathname))) {
    res.setHeader(name, value);
  }
  // "/editor" and "/terms" (no slash) reach the same pages as "/editor/" and "/terms/".
  if (!pathname.endsWith("/") && !path.extname(pathname) && isDirectoryWithIndex(pathname)) {
    res.statusCode = 301;
    res.setHeader("Location", `${url.pathname}/${url.search}`);
    res.end();
    return;
  }
  assets(req, res, () => {
    res.statusCode = 404;
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Cache-Control", "no-cache");
    res.end(req.method === "HEAD" ? undefined : fallbackHtml);
  });
});

server.listen(port, host, () => {
  console.log(`Plainpad is served at http://${host === "0.0.0.0" ? "localhost" : host}:${port}/`);
});
