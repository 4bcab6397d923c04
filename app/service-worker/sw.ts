/// <reference lib="webworker" />
/**
 * Plainpad's service worker. Built by scripts/build-service-worker.mjs AFTER React Router has
 * prerendered every page, so the precache list (injected at `self.__WB_MANIFEST` by Workbox)
 * holds each page's HTML as well as the scripts, styles, fonts and images.
 *
 * - Precached files are answered from the cache, pages by their directory URL ("/editor/").
 * - Any other navigation goes to the network; offline it gets the app shell, which shows the
 *   404 screen (or follows "/editor" to "/editor/").
 * - A new version installs in the background and waits: the page asks the user, then posts
 *   SKIP_WAITING (see app/site/app-updates.ts). Nothing reloads by itself.
 * - Text or files shared to the installed app (Web Share Target) are kept in a cache and the
 *   window is sent to the notepad, which opens them as tabs.
 */
import {
  cleanupOutdatedCaches,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import {
  newSharedBatchId,
  SHARE_FIELDS,
  SHARE_TARGET_PATH,
  SHARED_ITEMS_CACHE,
  SHARED_PARAM,
  type SharedBatch,
  sharedBatchKey,
  sharedFileKey,
} from "../storage/share-target";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/** The page a static host answers unknown URLs with (React Router's SPA fallback). */
const APP_SHELL = "/__spa-fallback.html";

// Registered first: Workbox's routes answer GET requests only, so this listener is the one
// that answers the share POST.
self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (
    event.request.method === "POST" &&
    url.origin === self.location.origin &&
    url.pathname === SHARE_TARGET_PATH
  ) {
    event.respondWith(receiveShare(event.request));
  }
});

precacheAndRoute(self.__WB_MANIFEST, {
  directoryIndex: "index.html",
  // "/online-notepad/?shared=…" and "/editor/?utm_source=…" are the same precached page.
  ignoreURLParametersMatching: [/.*/],
  cleanURLs: false,
});
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(async ({ request }) => {
    try {
      return await fetch(request);
    } catch {
      const { pathname } = new URL(request.url);
      // (matchPrecache looks up exact URLs: a page is precached as ".../index.html".)
      if (!pathname.endsWith("/") && (await matchPrecache(`${pathname}/index.html`))) {
        return Response.redirect(`${pathname}/`, 301);
      }
      return (await matchPrecache(APP_SHELL)) ?? Response.error();
    }
  }),
);

self.addEventListener("message", (event) => {
  if ((event.data as { type?: string } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});

/** Keeps what was shared and sends the window to the notepad to open it. */
async function receiveShare(request: Request): Promise<Response> {
  const id = newSharedBatchId();
  try {
    const form = await request.formData();
    const field = (name: string) => {
      const value = form.get(name);
      return typeof value === "string" ? value : "";
    };
    const files = form
      .getAll(SHARE_FIELDS.files)
      .filter((value): value is File => typeof value !== "string");
    const batch: SharedBatch = {
      title: field(SHARE_FIELDS.title),
      text: field(SHARE_FIELDS.text),
      url: field(SHARE_FIELDS.url),
      files: files.map((file) => ({
        name: file.name,
        type: file.type,
        lastModified: file.lastModified,
      })),
    };
    const cache = await caches.open(SHARED_ITEMS_CACHE);
    await Promise.all(
      files.map((file, index) => cache.put(sharedFileKey(id, index), new Response(file))),
    );
    await cache.put(
      sharedBatchKey(id),
      new Response(JSON.stringify(batch), { headers: { "Content-Type": "application/json" } }),
    );
    return Response.redirect(`/online-notepad/?${SHARED_PARAM}=${encodeURIComponent(id)}`, 303);
  } catch (error) {
    console.error("Receiving shared text failed", error);
    // The notepad says that the shared item could not be received.
    return Response.redirect(`/online-notepad/?${SHARED_PARAM}=failed`, 303);
  }
}
