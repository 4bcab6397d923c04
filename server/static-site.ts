/**
 * Serves the built site the way a static host would: prerendered pages as files, `/editor`
 * redirected to `/editor/`, unknown URLs answered 404 with the app shell (which shows the
 * error screen), precompressed copies (brotli, gzip) when the browser takes them, long caching
 * for Vite's hashed assets, and the headers of the build's own `_headers` file (written by
 * scripts/csp-hashes.mjs: each page's Content-Security-Policy) read as a static host reads it.
 * No request can take the server down: a target that is not a URL is answered 400, a Range
 * the files cannot give 416 (byte-range.ts), and an error while answering ends that answer.
 */
import type http from "node:http";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import sirv from "sirv";
import { ASSET_CACHE_CONTROL, headersForPath, parseHeadersFile } from "../scripts/headers.mjs";
import { answerRange, rangeHeaderForSirv } from "./byte-range";
import { requestTarget } from "./request-target";

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
    setHeaders(res, pathname, stats) {
      res.setHeader(
        "Cache-Control",
        pathname.startsWith("/assets/") ? ASSET_CACHE_CONTROL : "no-cache",
      );
      // sirv calls this with the file it chose (a .br copy has its own size) just before it
      // reads the Range header: hand it only a range it can serve (see byte-range.ts).
      const req = res.req;
      if (req.headers.range === undefined) return;
      const range = rangeHeaderForSirv(answerRange(req.headers.range, stats.size), stats.size);
      if (range === undefined) delete req.headers.range;
      else req.headers.range = range;
    },
  });

  /** Whether `urlPath` (decoded, normalized) names a folder of the build with an index.html. */
  const isDirectoryWithIndex = (urlPath: string): boolean => {
    const dir = path.join(root, urlPath);
    const inside = path.relative(root, dir);
    if (inside.startsWith("..") || path.isAbsolute(inside)) return false;
    try {
      return statSync(dir).isDirectory() && existsSync(path.join(dir, "index.html"));
    } catch {
      return false;
    }
  };

  const handle: SiteHandler = (req, res) => {
    // sirv pipes a file stream into the response without an error listener: a file gone since
    // the start (a build replaced in place) would throw out of the process.
    res.once("pipe", (source: NodeJS.ReadableStream) => {
      source.once("error", () => res.destroy());
    });
    const target = requestTarget(req.url ?? "/");
    if (!target) {
      answerBadRequest(res);
      return;
    }
    for (const [name, value] of Object.entries(headersForPath(headerRules, target.rawPath))) {
      res.setHeader(name, value);
    }
    // "/editor" and "/terms" (no slash) reach the same pages as "/editor/" and "/terms/". The
    // Location is built from the normalized path, so it always starts with one slash and
    // never names another host ("//evil.com/" would).
    const canonical = path.posix.normalize(target.path);
    if (!canonical.endsWith("/") && !path.extname(canonical) && isDirectoryWithIndex(canonical)) {
      res.statusCode = 301;
      const location = encodeURI(canonical).replace(/[?#]/g, encodeURIComponent);
      res.setHeader("Location", `${location}/${target.search}`);
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

  // Whatever goes wrong with one request ends that request, never the server.
  return (req, res) => {
    try {
      handle(req, res);
    } catch {
      if (res.headersSent) res.destroy();
      else {
        res.statusCode = 500;
        res.setHeader("Content-Type", "text/plain; charset=utf-8");
        res.end("Internal Server Error");
      }
    }
  };
}

function answerBadRequest(res: http.ServerResponse): void {
  res.statusCode = 400;
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.end("Bad Request");
}
