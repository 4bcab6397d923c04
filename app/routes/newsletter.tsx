import type { Route } from "./+types/newsletter";
import { pageMeta } from "~/site/seo";
import { PagePlaceholder } from "~/site/page-placeholder";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Newsletter",
    description: "Get practical writing tips, new Plainpad features and tutorials by email. Free, no spam, unsubscribe at any time.",
    path: "/newsletter/",
  });
}

/** Plainpad Newsletter: filled in by the content issue. */
export default function Page() {
  return (
    <PagePlaceholder title={"Plainpad Newsletter"} intro={"Get practical writing tips, new Plainpad features and tutorials by email. Free, no spam, unsubscribe at any time."} />
  );
}
