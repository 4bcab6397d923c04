import http from "node:http";
import type { Socket } from "node:net";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sirv from "sirv";
import { headersForPath, parseHeadersFile } from "../../scripts/headers.mjs";
import { scriptHash } from "../../scripts/csp-hashes.mjs";
import { createMemoryRoomStore, createRelayHub } from "../../server/relay/relay-hub";
import { attachRelay, type RelayEndpoint } from "../../server/relay-server";
import type { DriveModel } from "../support/drive-model";
import { answerFromModelOverHttp } from "../support/drive-model-http";
import { FAKE_GOOGLE_SCRIPTS } from "../support/fake-google-scripts";

/**
 * Serves the built site to the cross-engine suite as server/main.ts serves it (same files,
 * same headers: the build's `_headers`, with each page's Content-Security-Policy, and the live
 * relay on every origin's /relay, all origins sharing one relay hub, so engines on different
 * origins join one live session), with two things a test needs:
 * - every page gets tests/engines/page-probe.js inline first in its <head> (see that file for
 *   why), and its hash in the page's policy, which lets nothing else run;
 * - each `origin()` is a new port, so each test starts with the empty storage, service worker
 *   and caches of a first visit, in any engine, without restarting the browser.
 * `offline` makes every port refuse requests (sockets closed), which is what a page sees
 * when the network is gone.
 */
export interface SiteServer {
  /** A fresh origin (`http://127.0.0.1:<new port>`) serving the site. */
  origin(): Promise<string>;
  /** While true, every request is dropped without an answer; setting it drops open sockets. */
  offline: boolean;
  /**
   * When set, pages get tests/engines/fake-google.js and the one fake sign-in
   * (tests/support/fake-google-scripts.ts), and /__fake-google/ answers Drive's REST calls and
   * token requests from this one fake Drive (tests/engines/drive-sync.test.ts).
   */
  fakeDrive: DriveModel | null;
  /**
   * Pages (by path, e.g. "/") served as a browser with JavaScript off would run them: every
   * script of the page's own is taken out (the suite's probe stays). A page whose scripts have
   * not arrived yet (a slow phone's first tap) is the same page.
   */
  scriptsOff: Set<string>;
  /**
   * While false, /sw.js is not found: pages register no service worker (the app goes on
   * without offline use), so every page comes from this server as it serves it now.
   */
  serviceWorker: boolean;
  close(): Promise<void>;
}

const probeSource = readFileSync(
  fileURLToPath(new URL("./page-probe.js", import.meta.url)),
  "utf8",
);
const PROBE_HASH = scriptHash(probeSource);
/** Google's stand-in, then the one fake sign-in of every browser test: one inline script. */
const fakeGoogleSource = `${readFileSync(
  fileURLToPath(new URL("./fake-google.js", import.meta.url)),
  "utf8",
)}\n${FAKE_GOOGLE_SCRIPTS}`;
const FAKE_GOOGLE_HASH = scriptHash(fakeGoogleSource);

/** `html` without its scripts (data blocks such as JSON-LD stay: they never run). */
function withoutScripts(html: string): string {
  return html.replace(
    /<script\b(?![^>]*type="application\/ld\+json")[^>]*>[\s\S]*?<\/script>/g,
    "",
  );
}

export function startSiteServer(buildDir = process.env.BUILD_DIR ?? "build"): SiteServer {
  const root = path.resolve(buildDir, "client");
  if (!existsSync(root)) throw new Error(`No build at ${root}: run "npm run build" first.`);
  const assets = sirv(root, { etag: true, brotli: true, gzip: true });
  const headerRules = parseHeadersFile(readFileSync(path.join(root, "_headers"), "utf8"));
  const servers: http.Server[] = [];
  const sockets = new Set<Socket>();
  const relayHub = createRelayHub({
    store: createMemoryRoomStore(),
    idleSweepMs: 0,
    // Every page of the suite comes from 127.0.0.1: the per-address limits are for strangers.
    limits: {
      maxConnectionsPerAddress: 1000,
      joinsPerAddressPerSecond: 100,
      joinBurstPerAddress: 3000,
    },
  });
  const relays: RelayEndpoint[] = [];
  let offline = false;

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
    const urlPath = new URL(req.url ?? "/", "http://x").pathname;
    for (const [name, value] of Object.entries(headersForPath(headerRules, urlPath))) {
      res.setHeader(name, value);
    }
    res.setHeader("Cache-Control", "no-cache");
    if (site.fakeDrive && urlPath.startsWith("/__fake-google/")) {
      const rest = (req.url ?? "").slice("/__fake-google/".length);
      void answerFromModelOverHttp(site.fakeDrive, req, res, rest);
      return;
    }
    if (!site.serviceWorker && urlPath === "/sw.js") {
      res.statusCode = 404;
      res.end("Not found");
      return;
    }
    const pathname = decodeURIComponent(urlPath);
    const page = pageFile(pathname);
    if (page) {
      const policy = res.getHeader("Content-Security-Policy");
      const fake = site.fakeDrive ? fakeGoogleSource : null;
      res.setHeader(
        "Content-Security-Policy",
        String(policy).replace(
          "script-src ",
          `script-src ${PROBE_HASH} ${fake ? `${FAKE_GOOGLE_HASH} ` : ""}`,
        ),
      );
      const own = readFileSync(page, "utf8");
      const html = (site.scriptsOff.has(pathname) ? withoutScripts(own) : own).replace(
        "<head>",
        () => `<head><script>${probeSource}</script>${fake ? `<script>${fake}</script>` : ""}`,
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
    fakeDrive: null,
    scriptsOff: new Set(),
    serviceWorker: true,
    get offline() {
      return offline;
    },
    set offline(value: boolean) {
      offline = value;
      // A network that goes away takes open connections (the relay's WebSockets) with it.
      if (value) for (const socket of sockets) socket.destroy();
    },
    origin() {
      const server = http.createServer(handle);
      relays.push(attachRelay(server, relayHub));
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
      await relayHub.close();
      await Promise.all(relays.map((relay) => relay.close(500)));
      for (const socket of sockets) socket.destroy();
      await Promise.all(
        servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))),
      );
    },
  };
  return site;
}
