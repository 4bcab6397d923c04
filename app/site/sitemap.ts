import { SITE_URL } from "./config";
import { sitemapPaths } from "./pages";

/** sitemap.xml for every indexable page of the route table, on the canonical origin. */
export function buildSitemap(lastModified: string): string {
  const urls = sitemapPaths()
    .map(
      (path) =>
        `  <url>\n    <loc>${SITE_URL}${path}</loc>\n    <lastmod>${lastModified}</lastmod>\n  </url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** robots.txt: everything may be crawled; points at the sitemap. */
export function buildRobots(): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${SITE_URL}/sitemap.xml\n`;
}
