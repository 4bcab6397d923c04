import type { Route } from "./+types/blog-index";
import { pageMeta } from "~/site/seo";
import { PagePlaceholder } from "~/site/page-placeholder";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Blog",
    description: "Guides, tips and honest comparisons for writing in the browser: shortcuts, formatting, Google Drive, and organising your documents.",
    path: "/blog/",
  });
}

/** Plainpad Blog: filled in by the content issue. */
export default function Page() {
  return (
    <PagePlaceholder title={"Plainpad Blog"} intro={"Guides, tips and honest comparisons for writing in the browser: shortcuts, formatting, Google Drive, and organising your documents."} />
  );
}
