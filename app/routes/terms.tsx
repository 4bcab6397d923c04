import type { Route } from "./+types/terms";
import { pageMeta } from "~/site/seo";
import { PagePlaceholder } from "~/site/page-placeholder";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Terms of Use",
    description: "The terms for using Plainpad, the free online text editor and notepad: licence, responsibilities, ownership and liability.",
    path: "/terms/",
  });
}

/** Terms of Use: filled in by the content issue. */
export default function Page() {
  return (
    <PagePlaceholder title={"Terms of Use"} intro={"The terms for using Plainpad, the free online text editor and notepad: licence, responsibilities, ownership and liability."} />
  );
}
