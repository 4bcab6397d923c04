import type { Route } from "./+types/about-us";
import { pageMeta } from "~/site/seo";
import { PagePlaceholder } from "~/site/page-placeholder";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "About Us",
    description: "Why we build Plainpad, a free text editor and notepad that runs entirely in your browser, and the people behind it.",
    path: "/about-us/",
  });
}

/** About Plainpad: filled in by the content issue. */
export default function Page() {
  return (
    <PagePlaceholder title={"About Plainpad"} intro={"Why we build Plainpad, a free text editor and notepad that runs entirely in your browser, and the people behind it."} />
  );
}
