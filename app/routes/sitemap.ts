import { buildSitemap } from "~/site/sitemap";

/** Rendered to build/client/sitemap.xml at build time. */
export function loader() {
  return new Response(buildSitemap(new Date().toISOString().slice(0, 10)), {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
}
