import type { Route } from "./+types/privacy-policy";
import { pageMeta } from "~/site/seo";
import { PagePlaceholder } from "~/site/page-placeholder";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Privacy Policy",
    description: "How Plainpad handles your data: documents stay in your browser, what analytics and ads see, and your rights.",
    path: "/privacy-policy/",
  });
}

/** Privacy Policy: filled in by the content issue. */
export default function Page() {
  return (
    <PagePlaceholder title={"Privacy Policy"} intro={"How Plainpad handles your data: documents stay in your browser, what analytics and ads see, and your rights."} />
  );
}
