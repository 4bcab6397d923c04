/**
 * Serves the built site the way a static host would: prerendered pages as files, `/editor`
 * redirected to `/editor/`, unknown URLs answered 404 with the app shell (which shows the
 * error screen), precompressed copies (brotli, gzip) when the browser takes them, long caching
 * for Vite's hashed assets, and the headers of the build's own `_headers` file (written by
 * scripts/csp-hashes.mjs: each page's Content-Security-Policy) read as a static host reads it.
 */
import type http from "node:http";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import sirv from "sirv";
import { ASSET_CACHE_CONTROL, headersForPath, parseHeadersFile } from "../scripts/headers.mjs";

/** Handles one HTTP request for the site. */
export type SiteHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** Why the site cannot be served (no build, or a build that did not finish). */
export class SiteBuildError extends Error {}

/** The request handler of the built site in `root` (`build/client`); throws SiteBuildError. */
export function createStaticSite(root: string): SiteHandler {
  if (!existsSync(root)) {
    throw new SiteBuildError(`No build found at ${root}. Run "npm run build" first.`);
  }
  const headersFile = path.join(root, "_headers");
  if (!existsSync(headersFile)) {
    throw new SiteBuildError(
      `No _headers in ${root}: the build did not finish. Run "npm run build".`,
    );
  }
  const headerRules = parseHeadersFile(readFileSync(headersFile, "utf8"));

  const fallbackFile = ["__spa-fallback.html", "index.html"]
    .map((name) => path.join(root, name))
    .find((file) => existsSync(file));
  if (!fallbackFile) throw new SiteBuildError(`No app shell in ${root}. Run "npm run build".`);
  // The app shell answers unknown URLs; before any script runs (crawlers, no JavaScript) its
  // head already says what the error screen will: not found, and not to be indexed.
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
      res.setHeader(
        "Cache-Control",
        pathname.startsWith("/assets/") ? ASSET_CACHE_CONTROL : "no-cache",
      );
    },
  });

  const isDirectoryWithIndex = (urlPath: string): boolean => {
    const dir = path.join(root, urlPath);
    if (!dir.startsWith(root)) return false;
    try {
      return statSync(dir).isDirectory() && existsSync(path.join(dir, "index.html"));
    } catch {
      return false;
    }
  };

  return (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    let pathname: string;
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
  };
}
