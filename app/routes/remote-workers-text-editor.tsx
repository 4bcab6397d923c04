import type { Route } from "./+types/remote-workers-text-editor";
import { pageMeta } from "~/site/seo";
import { PagePlaceholder } from "~/site/page-placeholder";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Text Editor for Remote Workers",
    description: "A fast, private text editor for remote teams: write meeting notes and drafts anywhere, save to Google Drive, no installs.",
    path: "/remote-workers-text-editor/",
  });
}

/** A Text Editor for Remote Workers: filled in by the content issue. */
export default function Page() {
  return (
    <PagePlaceholder title={"A Text Editor for Remote Workers"} intro={"A fast, private text editor for remote teams: write meeting notes and drafts anywhere, save to Google Drive, no installs."} />
  );
}
