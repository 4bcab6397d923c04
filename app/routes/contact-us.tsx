import type { Route } from "./+types/contact-us";
import { pageMeta } from "~/site/seo";
import { PagePlaceholder } from "~/site/page-placeholder";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Contact Us",
    description: "Questions, bug reports or ideas for Plainpad? Write to us through the form or at support@plainpad.app.",
    path: "/contact-us/",
  });
}

/** Contact Plainpad: filled in by the content issue. */
export default function Page() {
  return (
    <PagePlaceholder title={"Contact Plainpad"} intro={"Questions, bug reports or ideas for Plainpad? Write to us through the form or at support@plainpad.app."} />
  );
}
