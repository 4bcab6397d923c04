import type { Route } from "./+types/tutorials-index";
import { pageMeta } from "~/site/seo";
import { PagePlaceholder } from "~/site/page-placeholder";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Tutorials",
    description: "Step-by-step tutorials for Plainpad: getting started, the multi-tab notepad, Google Drive, shortcuts, settings and exporting files.",
    path: "/tutorials/",
  });
}

/** Plainpad Tutorials: filled in by the content issue. */
export default function Page() {
  return (
    <PagePlaceholder title={"Plainpad Tutorials"} intro={"Step-by-step tutorials for Plainpad: getting started, the multi-tab notepad, Google Drive, shortcuts, settings and exporting files."} />
  );
}
