import type { Route } from "./+types/student-writing-tools";
import { pageMeta } from "~/site/seo";
import { PagePlaceholder } from "~/site/page-placeholder";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Writing Tools for Students",
    description: "Free browser-based writing tools for students: distraction-free editing, word counts, and notes that stay on your device.",
    path: "/student-writing-tools/",
  });
}

/** Free Writing Tools for Students: filled in by the content issue. */
export default function Page() {
  return (
    <PagePlaceholder title={"Free Writing Tools for Students"} intro={"Free browser-based writing tools for students: distraction-free editing, word counts, and notes that stay on your device."} />
  );
}
