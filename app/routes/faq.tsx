import type { Route } from "./+types/faq";
import { pageMeta } from "~/site/seo";
import { PagePlaceholder } from "~/site/page-placeholder";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Frequently Asked Questions",
    description: "Answers about Plainpad: getting started, features, Google Drive, browser support, troubleshooting and privacy.",
    path: "/faq/",
  });
}

/** Frequently Asked Questions: filled in by the content issue. */
export default function Page() {
  return (
    <PagePlaceholder title={"Frequently Asked Questions"} intro={"Answers about Plainpad: getting started, features, Google Drive, browser support, troubleshooting and privacy."} />
  );
}
