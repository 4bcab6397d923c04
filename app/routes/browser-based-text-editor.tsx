import type { Route } from "./+types/browser-based-text-editor";
import { pageMeta } from "~/site/seo";
import { PagePlaceholder } from "~/site/page-placeholder";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Browser-Based Text Editor",
    description: "Edit plain text files in your browser: open, edit, search, download and print, with nothing to install and no account.",
    path: "/browser-based-text-editor/",
  });
}

/** A Browser-Based Text Editor: filled in by the content issue. */
export default function Page() {
  return (
    <PagePlaceholder title={"A Browser-Based Text Editor"} intro={"Edit plain text files in your browser: open, edit, search, download and print, with nothing to install and no account."} />
  );
}
