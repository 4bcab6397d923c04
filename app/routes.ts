import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { DYNAMIC_PAGES, FILE_ROUTES, STATIC_PAGES } from "./site/pages";

/** Router paths have no leading or trailing slash; the table in site/pages.ts has both. */
function routePath(path: string): string {
  return path.replace(/^\/|\/$/g, "");
}

const bare = STATIC_PAGES.filter((page) => !page.chrome);
const withChrome = STATIC_PAGES.filter((page) => page.chrome);

export default [
  ...bare.map((page) =>
    page.path === "/" ? index(page.file) : route(routePath(page.path), page.file),
  ),
  layout("site/site-layout.tsx", [
    ...withChrome.map((page) => route(routePath(page.path), page.file)),
    ...DYNAMIC_PAGES.map((page) => route(routePath(page.pattern), page.file)),
  ]),
  ...FILE_ROUTES.map((file) => route(routePath(file.path), file.file)),
  // Last: any other URL is a 404 (see the module for why it is a route of its own).
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
