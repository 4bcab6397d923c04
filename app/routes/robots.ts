import { buildRobots } from "~/site/sitemap";

/** Rendered to build/client/robots.txt at build time. */
export function loader() {
  return new Response(buildRobots(), {
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
