import type { Route } from "./+types/multi-tab-document-editor";
import { pageMeta } from "~/site/seo";
import { PagePlaceholder } from "~/site/page-placeholder";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Multi-Tab Document Editor",
    description: "Work on many documents at once in browser tabs that are saved on your device as you type, with find and replace and downloads.",
    path: "/multi-tab-document-editor/",
  });
}

/** A Multi-Tab Document Editor in Your Browser: filled in by the content issue. */
export default function Page() {
  return (
    <PagePlaceholder title={"A Multi-Tab Document Editor in Your Browser"} intro={"Work on many documents at once in browser tabs that are saved on your device as you type, with find and replace and downloads."} />
  );
}
