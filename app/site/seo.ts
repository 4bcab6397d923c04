import type { MetaDescriptor } from "react-router";
import { HOME_TITLE, SITE_NAME, SITE_TAGLINE, SITE_URL, SUPPORT_EMAIL } from "./config";

/** A JSON-LD object (schema.org). */
export type JsonLd = Record<string, unknown>;

/** What a page says about itself for search engines and link previews. */
export interface PageSeo {
  /** Page title without the site name; omit on the landing page. */
  title?: string;
  description: string;
  /** Path with leading and trailing slash, e.g. "/blog/". */
  path: string;
  /** Absolute or site-relative image for Open Graph and Twitter cards. */
  image?: string;
  imageAlt?: string;
  /** Open Graph type: "website" unless it is an article. */
  type?: "website" | "article";
  keywords?: string;
  jsonLd?: JsonLd[];
  noindex?: boolean;
}

const DEFAULT_IMAGE = "/og-image.png";

/** An absolute URL on the canonical origin; paths get their trailing slash. */
export function absoluteUrl(path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  const withSlash = /\.[a-z0-9]+$/i.test(path) || path.endsWith("/") ? path : `${path}/`;
  return `${SITE_URL}${withSlash.startsWith("/") ? "" : "/"}${withSlash}`;
}

/** "Page | Plainpad", or the landing page's own title. */
export function pageTitle(title?: string): string {
  return title ? `${title} | ${SITE_NAME}` : HOME_TITLE;
}

/** Meta descriptors for a route's `meta` export: title, description, canonical, OG, Twitter, JSON-LD. */
export function pageMeta(seo: PageSeo): MetaDescriptor[] {
  const title = pageTitle(seo.title);
  const url = absoluteUrl(seo.path);
  const image = absoluteUrl(seo.image ?? DEFAULT_IMAGE);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: seo.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: seo.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:locale", content: "en_US" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: seo.description },
    { name: "twitter:image", content: image },
  ];
  if (seo.imageAlt) {
    tags.push({ property: "og:image:alt", content: seo.imageAlt });
    tags.push({ name: "twitter:image:alt", content: seo.imageAlt });
  }
  if (seo.keywords) tags.push({ name: "keywords", content: seo.keywords });
  if (seo.noindex) tags.push({ name: "robots", content: "noindex" });
  for (const data of seo.jsonLd ?? []) tags.push({ "script:ld+json": data });
  return tags;
}

/** schema.org Organization for Plainpad. */
export function organizationJsonLd(): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: SITE_NAME,
    url: `${SITE_URL}/`,
    logo: `${SITE_URL}/icon-512.png`,
    email: SUPPORT_EMAIL,
    slogan: SITE_TAGLINE,
  };
}

/** schema.org WebSite for the landing page. */
export function websiteJsonLd(): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: SITE_NAME,
    url: `${SITE_URL}/`,
    description: "A free online text editor and multi-tab notepad that works in your browser.",
    inLanguage: "en-US",
  };
}

/** schema.org BreadcrumbList from (name, path) pairs. */
export function breadcrumbJsonLd(items: { name: string; path: string }[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: absoluteUrl(item.path),
    })),
  };
}
