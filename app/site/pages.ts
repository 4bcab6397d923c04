/**
 * The one list of every URL of the site. `app/routes.ts` builds the router from it, the
 * prerender step renders each path to HTML, and the sitemap lists them. Pure data: safe in
 * Node (build config) and the browser.
 */

// The articles and tutorials are content's own list (each slug has its content file).
import { BLOG_SLUGS, TUTORIAL_SLUGS } from "../content/slugs";

export { BLOG_SLUGS, TUTORIAL_SLUGS };
export type { BlogSlug, TutorialSlug } from "../content/slugs";

/** A page of the route table: its URL, its route module, and whether it wears the site chrome. */
export interface PageEntry {
  path: string;
  file: string;
  /** Shared header and footer (false for the landing page and the two editors). */
  chrome: boolean;
  /**
   * Left out of the sitemap (and its HTML says `noindex`): the share-link page, whose content is
   * whatever a link carries.
   */
  noindex?: boolean;
}

/** Every page with a fixed path. Paths carry the trailing slash. */
export const STATIC_PAGES: PageEntry[] = [
  { path: "/", file: "routes/home.tsx", chrome: false },
  { path: "/editor/", file: "routes/editor.tsx", chrome: false },
  { path: "/online-notepad/", file: "routes/online-notepad.tsx", chrome: false },
  // Opens share links (`/s/#<payload>`, issue 16); prerendered so it works offline too.
  { path: "/s/", file: "routes/share-link.tsx", chrome: false, noindex: true },
  { path: "/blog/", file: "routes/blog-index.tsx", chrome: true },
  { path: "/tutorials/", file: "routes/tutorials-index.tsx", chrome: true },
  { path: "/newsletter/", file: "routes/newsletter.tsx", chrome: true },
  { path: "/free-online-notepad/", file: "routes/free-online-notepad.tsx", chrome: true },
  {
    path: "/browser-based-text-editor/",
    file: "routes/browser-based-text-editor.tsx",
    chrome: true,
  },
  {
    path: "/multi-tab-document-editor/",
    file: "routes/multi-tab-document-editor.tsx",
    chrome: true,
  },
  {
    path: "/remote-workers-text-editor/",
    file: "routes/remote-workers-text-editor.tsx",
    chrome: true,
  },
  { path: "/student-writing-tools/", file: "routes/student-writing-tools.tsx", chrome: true },
  { path: "/about-us/", file: "routes/about-us.tsx", chrome: true },
  { path: "/contact-us/", file: "routes/contact-us.tsx", chrome: true },
  { path: "/privacy-policy/", file: "routes/privacy-policy.tsx", chrome: true },
  { path: "/terms/", file: "routes/terms.tsx", chrome: true },
  { path: "/faq/", file: "routes/faq.tsx", chrome: true },
  { path: "/resources/", file: "routes/resources.tsx", chrome: true },
];

/** Route modules with a slug parameter. */
export const DYNAMIC_PAGES = [
  { pattern: "/blog/:slug/", file: "routes/blog-article.tsx", slugs: BLOG_SLUGS },
  { pattern: "/tutorials/:slug/", file: "routes/tutorial.tsx", slugs: TUTORIAL_SLUGS },
] as const;

/** Resource routes rendered to files at build time. */
export const FILE_ROUTES = [
  { path: "/sitemap.xml", file: "routes/sitemap.ts" },
  { path: "/robots.txt", file: "routes/robots.ts" },
] as const;

/** Every HTML page's path, trailing slash included, in route-table order (noindex pages too). */
export function allPagePaths(): string[] {
  const paths = STATIC_PAGES.map((page) => page.path);
  for (const page of DYNAMIC_PAGES) {
    for (const slug of page.slugs) paths.push(page.pattern.replace(":slug", slug));
  }
  return paths;
}

/** The paths the sitemap lists: every page but the `noindex` ones. */
export function sitemapPaths(): string[] {
  const hidden = new Set(STATIC_PAGES.filter((page) => page.noindex).map((page) => page.path));
  return allPagePaths().filter((path) => !hidden.has(path));
}

/**
 * What the build prerenders: every page plus the generated files. Page paths are given without
 * their trailing slash because React Router matches its `.data` requests against this list
 * without one; each page is still written to `path/index.html`.
 */
export function prerenderPaths(): string[] {
  const pages = allPagePaths().map((path) => (path === "/" ? path : path.replace(/\/$/, "")));
  return [...pages, ...FILE_ROUTES.map((route) => route.path)];
}
