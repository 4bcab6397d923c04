import http from "node:http";
import type { Socket } from "node:net";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sirv from "sirv";
import { SECURITY_HEADERS } from "../../scripts/headers.mjs";

/**
 * Serves the built site to the cross-engine suite as scripts/serve.mjs serves it (same files,
 * same security headers), with two things a test needs:
 * - every page gets tests/engines/page-probe.js first in its <head> (see that file for why);
 * - each `origin()` is a new port, so each test starts with the empty storage, service worker
 *   and caches of a first visit, in any engine, without restarting the browser.
 * `offline` makes every port refuse requests (sockets closed), which is what a page sees
 * when the network is gone.
 */
export interface SiteServer {
  /** A fresh origin (`http://127.0.0.1:<new port>`) serving the site. */
  origin(): Promise<string>;
  /** While true, every request is dropped without an answer. */
  offline: boolean;
  close(): Promise<void>;
}

const PROBE_PATH = "/__engine-probe.js";
const probeSource = readFileSync(
  fileURLToPath(new URL("./page-probe.js", import.meta.url)),
  "utf8",
);

export function startSiteServer(buildDir = process.env.BUILD_DIR ?? "build"): SiteServer {
  const root = path.resolve(buildDir, "client");
  if (!existsSync(root)) throw new Error(`No build at ${root}: run "npm run build" first.`);
  const assets = sirv(root, { etag: true, brotli: true, gzip: true });
  const servers: http.Server[] = [];
  const sockets = new Set<Socket>();

  const pageFile = (pathname: string): string | null => {
    const file = pathname.endsWith("/")
      ? path.join(root, pathname, "index.html")
      : pathname.endsWith(".html")
        ? path.join(root, pathname)
        : null;
    return file && file.startsWith(root) && existsSync(file) ? file : null;
  };

  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (site.offline) {
      req.socket.destroy();
      return;
    }
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    res.setHeader("Cache-Control", "no-cache");
    const pathname = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    if (pathname === PROBE_PATH) {
      res.setHeader("Content-Type", "text/javascript; charset=utf-8");
      res.end(probeSource);
      return;
    }
    const page = pageFile(pathname);
    if (page) {
      const html = readFileSync(page, "utf8").replace(
        "<head>",
        `<head><script src="${PROBE_PATH}"></script>`,
      );
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.end(html);
      return;
    }
    assets(req, res, () => {
      res.statusCode = 404;
      res.end("Not found");
    });
  };

  const site: SiteServer = {
    offline: false,
    origin() {
      const server = http.createServer(handle);
      server.on("connection", (socket) => {
        sockets.add(socket);
        socket.on("close", () => sockets.delete(socket));
        if (site.offline) socket.destroy();
      });
      servers.push(server);
      return new Promise((resolve) => {
        server.listen(0, "127.0.0.1", () => {
          const address = server.address();
          if (!address || typeof address === "string") throw new Error("no port");
          resolve(`http://127.0.0.1:${address.port}`);
        });
      });
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await Promise.all(
        servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))),
      );
    },
  };
  return site;
}
