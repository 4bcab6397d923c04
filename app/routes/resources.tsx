import type { Route } from "./+types/resources";
import { pageMeta } from "~/site/seo";
import { PagePlaceholder } from "~/site/page-placeholder";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Resources",
    description:
      "Plainpad resources in one place: guides, tutorials, the keyboard shortcut cheat sheet and plain-text templates.",
    path: "/resources/",
  });
}

/** Resources hub: filled in by the content issue. */
export default function Resources() {
  return (
    <PagePlaceholder
      title="Resources"
      intro="Guides, tutorials, the keyboard shortcut cheat sheet and plain-text templates, all in one place."
    />
  );
}
